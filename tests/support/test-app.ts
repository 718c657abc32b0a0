import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createAiEngine } from "../../src/server/ai/index";
import { buildApp } from "../../src/server/app";
import type { AppDeps } from "../../src/server/app-deps";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { openLedger } from "../../src/server/ledger/index";
import { openTestDatabase } from "./test-database";

export interface TestApp {
  url: string;
  dataDir: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: Parameters<typeof buildApp>[0];
  close(): Promise<void>;
}

/** The real server on a real database of its own (PGlite under dataDir, or a PostgreSQL
 * database when TEST_DB=postgres and TEST_DATABASE_URL is set; a copy of the run's migrated
 * template, see test-database.ts) and the real embedded ledger, on an ephemeral port.
 * `extra`: a log sink (with LOG_LEVEL in env) and a clock for the throttles; `clientRoot`, a
 * folder to serve as the built client (default: none); `database`, another test app's
 * database to share (a second API node: it is left open when this app closes). */
export async function startTestApp(
  env: Record<string, string> = {},
  extra: Pick<AppDeps, "logStream" | "now"> & { clientRoot?: string; database?: Database } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-test-"));
  // LEDGER_THREAD=main in the environment runs the API tests with the ledger on this thread.
  const thread = process.env.LEDGER_THREAD ? { LEDGER_THREAD: process.env.LEDGER_THREAD } : {};
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PORT: "0",
    ...thread,
    ...env,
  });
  const testDb = extra.database
    ? { database: extra.database, drop: async () => undefined }
    : await openTestDatabase(dataDir);
  const database = testDb.database;
  const ledger = await openLedger({
    dataDir,
    rpcUrl: config.SOLANA_RPC_URL,
    checkpointIntervalMs: 60_000,
    thread: config.LEDGER_THREAD,
  });
  const deps = {
    config,
    database,
    ledger,
    ai: createAiEngine(config),
    clientRoot: extra.clientRoot ?? path.join(dataDir, "no-client"),
    logStream: extra.logStream,
    now: extra.now,
  };
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    app,
    deps,
    async close() {
      await app.close();
      await ledger.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
