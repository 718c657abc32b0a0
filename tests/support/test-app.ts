import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createAiEngine } from "../../src/server/ai/index";
import { type AppDeps, buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { openLedger } from "../../src/server/ledger/index";

export interface TestApp {
  url: string;
  dataDir: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: Parameters<typeof buildApp>[0];
  close(): Promise<void>;
}

/** The real server on a real database (PGlite in memory, or a fresh PostgreSQL database when
 * TEST_DB=postgres and TEST_DATABASE_URL is set) and the real embedded ledger, listening on
 * an ephemeral port. `extra`: a log sink (with LOG_LEVEL in env) and a clock for the throttles;
 * `clientRoot`, a folder to serve as the built client (default: none). */
export async function startTestApp(
  env: Record<string, string> = {},
  extra: Pick<AppDeps, "logStream" | "now"> & { clientRoot?: string } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-test-"));
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, PORT: "0", ...env });
  const pgDb = await createPostgresDatabaseIfAsked();
  const database = await openDatabase(pgDb ? { url: pgDb.url } : { memory: true });
  const ledger = await openLedger({ dataDir, checkpointIntervalMs: 60_000 });
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
      await database.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabaseIfAsked() {
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== "postgres" || !base) return null;
  const name = `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
