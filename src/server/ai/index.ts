import type { Config } from "../config";
import type { AiEngine } from "./engine";
import { type AiLog, defaultAiLog } from "./log";
import { OfflineEngine } from "./offline/engine";
import { ProviderEngine } from "./providers/engine";
import { chooseModel } from "./providers/model";

export type { AiEngine } from "./engine";
export type { AiLog } from "./log";
export { isDescription } from "./offline/description-check";
export { plainText } from "./offline/text";

/** The engine the server runs with, chosen by env: the offline engine unless AI_PROVIDER
 * names a provider and its key is present (openai-compatible needs none). A provider whose
 * key is missing is reported once at start and the offline engine answers. */
export function createAiEngine(
  config: Config,
  /** `offline`: the engine that answers offline (main.ts: on its own thread; default here). */
  options: { log?: AiLog; offline?: OfflineEngine } = {},
): AiEngine {
  const log = options.log ?? defaultAiLog(config);
  const offline = options.offline ?? new OfflineEngine();
  const choice = chooseModel(config);
  if (!choice.ok) {
    if (config.AI_PROVIDER && config.AI_PROVIDER !== "offline") {
      log.warn(`AI_PROVIDER=${config.AI_PROVIDER} but ${choice.reason}: using the offline engine`);
    }
    return offline;
  }
  return new ProviderEngine({
    model: choice.model,
    label: choice.label,
    secrets: choice.secrets,
    timeoutMs: config.AI_TIMEOUT_MS,
    offline,
    log,
  });
}
