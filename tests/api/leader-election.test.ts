import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresTransport } from "../../src/server/lib/bus-postgres";
import { ChangeBus } from "../../src/server/lib/change-bus";
import { Leadership } from "../../src/server/lib/leader";
import { createPostgresDatabase } from "../support/test-database";

// Leadership and the change bus on a real PostgreSQL (docs/decisions/013): one of two
// contenders leads; when its session dies (as with its process) the other takes over within
// seconds; a change published on one node is applied on the other, once on each.
const database = await createPostgresDatabase();
if (!database)
  console.log("leader-election: runs in the PostgreSQL pass (TEST_DB=postgres, TEST_DATABASE_URL)");

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!database)("leader election and change bus on PostgreSQL", () => {
  const url = database?.url ?? "";
  const newSession = () => new pg.Client({ connectionString: url });
  const warnings: string[] = [];
  const warn = (m: string) => warnings.push(m);
  afterAll(async () => {
    await database?.drop();
  });

  let a: Leadership;
  let b: Leadership;
  const gained: string[] = [];
  beforeAll(async () => {
    a = new Leadership({ newSession, retryMs: 200, warn });
    b = new Leadership({ newSession, retryMs: 200, warn });
    a.onGained(() => void gained.push("a"));
    // As main.ts does: a node whose lock session broke stops (its process exits).
    a.onLost(() => a.stop());
    b.onGained(() => void gained.push("b"));
    await a.start();
    await b.start();
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("makes exactly one leader, and hands over when the leader's session dies", async () => {
    expect(a.isLeader).toBe(true);
    expect(b.isLeader).toBe(false);
    expect(gained).toEqual(["a"]);
    // The leader's lock session dies (its process, or the connection): the lock goes with it.
    const admin = newSession();
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_locks
         where locktype = 'advisory' and granted and pid <> pg_backend_pid()
           and database = (select oid from pg_database where datname = current_database())`,
      );
    } finally {
      await admin.end();
    }
    await until(() => b.isLeader, "b to take leadership");
    await until(() => !a.isLeader, "a to notice it lost leadership");
    expect(gained).toEqual(["a", "b"]);
    expect(a.health()).toEqual({ leader: false, terms: 1 });
    expect(b.health()).toEqual({ leader: true, terms: 1 });
    // Logged by class and SQLSTATE (57P01: admin shutdown), never the server's message.
    expect(warnings).toContainEqual(
      expect.stringMatching(/^leader (session|lock connection lost): DatabaseError SQLSTATE 57P01$/),
    );
    expect(warnings.join("\n")).not.toMatch(/terminating connection|administrator/);
  });

  it("applies a published change on every node, once on each", async () => {
    const one = new ChangeBus(warn);
    const two = new ChangeBus(warn);
    const seen: Array<[string, string[]]> = [];
    one.on("market", (keys) => void seen.push(["one", keys]));
    two.on("market", (keys) => void seen.push(["two", keys]));
    await one.connect(new PostgresTransport(newSession, warn));
    await two.connect(new PostgresTransport(newSession, warn));
    try {
      const mints = Array.from({ length: 130 }, (_, i) => `Mint${i}`);
      one.publish("market", mints);
      // At once on the publishing node; by NOTIFY on the other, sliced under the payload bound.
      expect(seen.filter(([node]) => node === "one").flatMap(([, k]) => k)).toEqual(mints);
      await until(
        () => seen.filter(([node]) => node === "two").flatMap(([, k]) => k).length >= 130,
        "node two",
      );
      expect(seen.filter(([node]) => node === "two").flatMap(([, k]) => k)).toEqual(mints);
      expect(two.health()).toEqual({ via: "postgres", shared: true, listening: true, heard: 3, resynced: 1 });
      expect(one.health()).toEqual({ via: "postgres", shared: true, listening: true, heard: 0, resynced: 1 });

      // Both buses' connections dropped (a database restart, an admin): each reconnects by
      // itself, and changes flow again.
      const admin = newSession();
      await admin.connect();
      try {
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()
             and (query like 'listen %' or query like 'select pg_notify%')`,
        );
      } finally {
        await admin.end();
      }
      // Each notices (and waits a second before reconnecting: far longer than a poll here).
      const dropped = { one: false, two: false };
      await until(() => {
        dropped.one ||= !one.health().shared;
        dropped.two ||= !two.health().shared;
        return dropped.one && dropped.two;
      }, "both buses to notice");
      await until(() => one.health().shared && two.health().shared, "both buses to reconnect");
      // Having maybe missed notices, each dropped everything the bus covers on reconnecting.
      expect(one.health().resynced).toBeGreaterThanOrEqual(2);
      expect(two.health().resynced).toBeGreaterThanOrEqual(2);
      two.publish("market", ["AfterReconnect"]);
      await until(() => seen.some(([node, k]) => node === "one" && k.includes("AfterReconnect")), "node one");
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });
});
