import type { AiEngine } from "./ai/engine";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { LaunchBuilder } from "./ledger/launch-builder";
import type { Ledger } from "./ledger/ledger";

/** What buildApp is made from: main.ts opens these, tests hand in real ones set up for the test. */
export interface AppDeps {
  config: Config;
  database: Database;
  ledger: Ledger;
  ai: AiEngine;
  /** Where launch transactions are built (main.ts: their own thread; default this one). */
  launchBuilder?: LaunchBuilder;
  /** Folder of the built client (CLIENT_DIST). */
  clientRoot: string;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** The clock of the in-process throttles; tests move it instead of waiting. */
  now?: () => number;
}
