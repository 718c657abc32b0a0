import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../../src/server/db/client";

// One migrated database per test run, copied for every test app (decision 008): creating a
// database from nothing (PGlite's initdb: 2-5 s of WASM work) per test file made set-up
// hooks time out on a busy machine.

/** The migrated database each test database is copied from, made once by the api project's
 * globalSetup (tests/setup/api-database.ts) and handed to the workers with `provide`. */
export type DatabaseTemplate = { kind: "pglite"; dataDir: string } | { kind: "postgres"; name: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate | null;
  }
}

/** The server to make databases on: TEST_DATABASE_URL when TEST_DB=postgres, else none (PGlite). */
const postgresServer = () => (process.env.TEST_DB === "postgres" && process.env.TEST_DATABASE_URL) || null;
const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(6).toString("hex")}`;

/** Makes and migrates the template: a PostgreSQL database when TEST_DB=postgres and
 * TEST_DATABASE_URL is set, else a PGlite data dir. `drop` removes it. */
export async function createDatabaseTemplate(): Promise<{
  template: DatabaseTemplate;
  drop(): Promise<void>;
}> {
  const adminUrl = postgresServer();
  if (adminUrl) {
    // Unique per run, so two runs against one server never share or drop each other's.
    const name = uniqueName("launchpad_tmpl");
    const drop = () => admin(adminUrl, `drop database if exists ${name} with (force)`);
    await admin(adminUrl, `create database ${name}`);
    await migrateInChild({ url: withDatabase(adminUrl, name) }, drop);
    return { template: { kind: "postgres", name }, drop };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-template-"));
  const drop = () => rm(dataDir, { recursive: true, force: true });
  await migrateInChild({ dataDir }, drop);
  return { template: { kind: "pglite", dataDir }, drop };
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
async function migrateInChild(options: { url: string } | { dataDir: string }, undo: () => Promise<void>) {
  try {
    execFileSync(process.execPath, ["--import", "tsx", "tests/setup/migrate.ts", JSON.stringify(options)], {
      cwd: ROOT,
      stdio: "inherit",
    });
  } catch (err) {
    await undo();
    throw err;
  }
}

/** The template this run made, or null outside the api project (no globalSetup ran). */
function providedTemplate(): DatabaseTemplate | null {
  try {
    return inject("databaseTemplate") ?? null;
  } catch {
    return null;
  }
}

export interface TestDatabase {
  database: Database;
  /** Closes the database and deletes it (a temporary data dir made here goes with it). */
  drop(): Promise<void>;
}

/** A migrated database of its own: a copy of the run's template when there is one (a file
 * copy on PGlite, CREATE DATABASE ... TEMPLATE on PostgreSQL), else made and migrated from
 * nothing. On PGlite it lives under `dataDir/pglite` (a temporary dir when none is given),
 * where the server keeps it too. */
export async function openTestDatabase(dataDir?: string): Promise<TestDatabase> {
  const template = providedTemplate();
  const adminUrl = postgresServer();
  if (adminUrl) return openPostgresOn(adminUrl);
  const ownDir = dataDir ? null : mkdtempSync(path.join(os.tmpdir(), "launchpad-db-"));
  const dir = dataDir ?? (ownDir as string);
  if (template?.kind === "pglite" && !existsSync(path.join(dir, "pglite")))
    cpSync(path.join(template.dataDir, "pglite"), path.join(dir, "pglite"), { recursive: true });
  const database = await openDatabase(template?.kind === "pglite" ? { dataDir: dir } : { memory: true });
  return {
    database,
    async drop() {
      await database.close();
      if (ownDir) await rm(ownDir, { recursive: true, force: true });
    },
  };
}

/** PostgreSQL only (TEST_DB=postgres with TEST_DATABASE_URL; null otherwise): a migrated
 * database of its own, by URL, for real server processes to share (the scale-out test). */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = postgresServer();
  return adminUrl ? newPostgresDatabase(adminUrl) : null;
}

/** A database of its own on `adminUrl`'s server: a copy of the run's template when there is
 * one, else empty (opening it migrates it). */
async function newPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = providedTemplate();
  const name = uniqueName("t");
  await admin(
    adminUrl,
    template?.kind === "postgres"
      ? `create database ${name} template ${template.name}`
      : `create database ${name}`,
  );
  return {
    url: withDatabase(adminUrl, name),
    drop: () => admin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function openPostgresOn(adminUrl: string): Promise<TestDatabase> {
  const created = await newPostgresDatabase(adminUrl);
  const database = await openDatabase({ url: created.url });
  return {
    database,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A PostgreSQL database of its own on TEST_DATABASE_URL's server (default: the local one),
 * whatever TEST_DB says: for tests of several API nodes sharing one database, which PGlite
 * (one process's alone) cannot be. Fails when no server answers. */
export async function openPostgresTestDatabase(): Promise<TestDatabase> {
  return openPostgresOn(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
}
