import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { makePrivate } from "../lib/private-dir";
import { errorText } from "../lib/safe-error";
import { AdvisoryLocks } from "./advisory-lock";
import { PgliteThread } from "./pglite-client";
import * as schema from "./schema/index";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** One statement as SQL text with $n parameters, straight to the driver: for the hot writes
   * where composing the text with Drizzle costs more than running it (see bulk-insert). */
  execute(text: string, params: unknown[]): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: a lock held across every process on the database (see advisory-lock). */
  advisoryLock?: (key: string) => Promise<() => Promise<void>>;
  /** PostgreSQL only: a connection of its own, outside the pool, for what lives as long as
   * a session (the leader's advisory lock, LISTEN). Not connected yet; the caller ends it. */
  newSession?: () => pg.Client;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** PGlite under dataDir by default; node-postgres when a URL is given. Migrations run at
 * every start: they are idempotent, and a kill during the very first initdb can leave a
 * data dir without the schema. */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  memory?: boolean;
  warn?: (message: string) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server drops (a restart, an admin's terminate) errors outside any
    // query; unhandled, that would crash the process. The pool replaces it on next use.
    const warn = opts.warn ?? ((message: string) => process.emitWarning(message));
    pool.on("error", (err) => warn(`database connection lost: ${errorText(err)}`));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    const locks = new AdvisoryLocks(opts.url, warn);
    return {
      db: db as unknown as Db,
      kind: "postgres",
      execute: async (text, params) => void (await pool.query(text, params)),
      ping: async () => void (await pool.query("select 1")),
      close: async () => {
        await locks.close();
        await pool.end();
      },
      advisoryLock: (key) => locks.take(key),
      newSession: () => new pg.Client({ connectionString: opts.url }),
    };
  }
  let dataDir: string | null = null;
  if (!opts.memory && opts.dataDir) {
    dataDir = path.join(opts.dataDir, "pglite");
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  }
  // Creating a database (initdb) grows PGlite's WASM memory by ~500 MB that it never gives
  // back; its thread is started afresh once the new database exists, and that memory with it.
  if (dataDir && !existsSync(path.join(dataDir, "PG_VERSION")))
    await (await PgliteThread.start({ dataDir })).close();
  const client = await PgliteThread.start({ dataDir });
  // Drizzle's PGlite driver only calls query() and transaction(), which the thread provides.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  await migratePglite(db, { migrationsFolder });
  // PGlite's file system chmods every file it creates to 0666, past the umask: take the
  // files back. Files it adds later stay behind its 0700 directories until the next start.
  if (dataDir) makePrivate(dataDir);
  return {
    db: db as unknown as Db,
    kind: "pglite",
    execute: async (text, params) => void (await client.query(text, params)),
    ping: async () => void (await client.query("select 1")),
    close: () => client.close(),
  };
}
