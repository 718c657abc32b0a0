import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import type { Database } from "../../db/client";
import { tokens, users } from "../../db/schema/index";
import { newTokenRow, TokensRepo } from "./tokens.repo";

// The launch rows on a real database: inserts without RETURNING, and confirmations written
// behind responses yet seen by every read at once.

let testDb: TestDatabase;
let database: Database;
const warnings: string[] = [];
let repo: TokensRepo;
const userId = randomUUID();

beforeAll(async () => {
  testDb = await openTestDatabase();
  database = testDb.database;
  repo = new TokensRepo(database, { shared: false, warn: (m) => warnings.push(m) });
  await database.db.insert(users).values({ id: userId, username: "repo_user" });
});
afterAll(async () => testDb?.drop());

let n = 0;
const launch = (owner = userId, createdAt?: Date) => {
  n++;
  return repo.insert({
    createdAt,
    id: randomUUID(),
    userId: owner,
    name: `Repo ${n}`,
    symbol: `REPO${n}`,
    totalSupply: "1000",
    decimals: 9,
    creatorWallet: "W".repeat(44),
    mintAddress: `M${n}`.padEnd(44, "x"),
    signature: `S${n}`,
    signedTransaction: new Uint8Array([1, 2, 3]),
  });
};
const stored = async (id: string) => (await database.db.select().from(tokens).where(eq(tokens.id, id)))[0];

describe("tokens repo", () => {
  it("returns the row as stored, schema defaults included, without reading it back", async () => {
    const row = await launch();
    const db = await stored(row.id);
    expect(db).toBeDefined();
    expect({ ...row, createdAt: undefined }).toEqual({ ...db, createdAt: undefined });
    expect(Math.abs((db?.createdAt.getTime() ?? 0) - row.createdAt.getTime())).toBeLessThan(1000);
    expect(row).toMatchObject({ status: "pending", description: "", tagline: "", confirmedAt: null });
  });

  it("writes a batch of rows exactly as given, and a taken symbol fails only its own launch", async () => {
    const full = (i: number) => ({
      id: randomUUID(),
      userId,
      name: `Batch ${i} "quoted" — ünïcode`,
      symbol: `BATCH${i}`,
      description: "It's a $1 test; drop table tokens; --",
      tagline: "Owned together",
      totalSupply: "123456789012345678",
      decimals: 9,
      imageUrl: "https://example.com/i.png",
      website: "https://example.com",
      twitter: "@batch",
      discord: "https://discord.gg/batch",
      creatorWallet: "W".repeat(44),
      mintAddress: `B${i}`.padEnd(44, "m"),
      signature: `sig${i}`,
      signedTransaction: new Uint8Array([0, 255, 92, 39, i]),
      lastValidBlockHeight: 9_007_199_254_740_993n + BigInt(i),
      idempotencyKey: `key-${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678 + i)),
    });
    const wanted = [full(1), full(2), full(3)];
    // Sent together, so one statement carries all three (and the clash below).
    const results = await Promise.allSettled([...wanted.map((v) => repo.insert(v)), repo.insert(full(2))]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected"]);
    for (const v of wanted) expect(await stored(v.id)).toEqual({ ...newTokenRow(v), status: "pending" });
  });

  it("fills the skeletons of rows from before them; of two look-alikes, one answers for both", async () => {
    const old = (name: string, symbol: string) => ({
      id: randomUUID(),
      userId,
      name,
      symbol,
      totalSupply: "1",
      decimals: 9,
      creatorWallet: "W".repeat(44),
      mintAddress: randomUUID(),
      status: "active" as const,
    });
    // Written straight to the table, as rows were before the skeleton columns existed.
    const [first, twin] = [old("Old Book Club", "OLDBOOK"), old("01d Book C1ub", "0LDB00K")];
    await database.db.insert(tokens).values([first, twin]);
    await repo.fillSkeletons();
    expect(await stored(first.id)).toMatchObject({
      symbolSkeleton: "OLDBOOK",
      nameSkeleton: "old book club",
    });
    expect(await stored(twin.id)).toMatchObject({ symbolSkeleton: null, nameSkeleton: null });
    expect((await repo.lookalikes("Old Bo0k Club", "O1DBOOK")).map((r) => r.id)).toEqual([first.id]);
    // Run again at the next start: nothing to do, nothing breaks.
    await repo.fillSkeletons();
  });

  it("shows a confirmation to every read at once and writes it behind", async () => {
    const rows = await Promise.all([launch(), launch(), launch()]);
    for (const r of rows) await repo.markActive(r);
    // Read before the UPDATE could have landed: the repo already answers "active".
    const mine = await repo.ofUser(userId);
    for (const r of rows) {
      expect(mine.find((m) => m.id === r.id)).toMatchObject({ status: "active", signedTransaction: null });
    }
    expect((await repo.byMint(rows[0]?.mintAddress ?? ""))?.status).toBe("active");
    expect((await repo.pending()).map((p) => p.id)).not.toContain(rows[1]?.id);

    await repo.flush();
    for (const r of rows)
      expect(await stored(r.id)).toMatchObject({ status: "active", signedTransaction: null });
    expect(warnings).toEqual([]);
  });

  it("keeps a confirmation the database refused visible, and says so in the log", async () => {
    const row = await launch();
    // A real refusal from the database: a trigger that rejects this row's update.
    await database.db.execute(`create function refuse_update() returns trigger language plpgsql as $$
      begin raise exception 'disk full (simulated)'; end $$`);
    await database.db.execute(`create trigger refuse before update on tokens for each row
      when (old.id = '${row.id}') execute function refuse_update()`);
    await repo.markActive(row);
    await repo.flush();
    // By class and SQLSTATE only: a database message can carry user content (F-10).
    expect(warnings.join("\n")).toMatch(new RegExp(`launch ${row.id} stays pending.*SQLSTATE P0001`));
    expect(warnings.join("\n")).not.toMatch(/disk full/);
    expect((await stored(row.id))?.status).toBe("pending");
    expect((await repo.byId(row.id))?.status).toBe("active");
    // Start-up reconciliation of a new process would see it pending and confirm it from the ledger.
    expect((await repo.pending()).map((p) => p.id)).not.toContain(row.id);
  });

  it("keeps each user's list in memory and drops it on every write through the repo", async () => {
    const owner = randomUUID();
    await database.db.insert(users).values({ id: owner, username: "list_user" });
    const ids = async () => (await repo.ofUser(owner)).map((r) => `${r.id}:${r.status}`);
    const empty = await repo.ofUser(owner);
    // Served from memory: the very same array, so callers can key their own caches on it.
    expect(await repo.ofUser(owner)).toBe(empty);

    const first = await launch(owner);
    expect(await ids()).toEqual([`${first.id}:pending`]);
    await repo.markActive(first);
    expect(await ids()).toEqual([`${first.id}:active`]);

    const second = await launch(owner);
    expect(await ids()).toContain(`${second.id}:pending`);
    await repo.update(second.id, { status: "failed", failureReason: "refused" });
    expect(await ids()).toEqual([`${first.id}:active`]);

    const third = await launch(owner);
    expect(await ids()).toContain(`${third.id}:pending`);
    await repo.deleteById(third.id);
    expect(await ids()).toEqual([`${first.id}:active`]);

    // The kept list takes each write's row in place (newest first), and says what a fresh read
    // of the database says (distinct times: the order of two launches in one millisecond is
    // the database's choice).
    const more = [];
    for (let i = 1; i <= 3; i++) more.push(await launch(owner, new Date(Date.now() + i * 1000)));
    await repo.markActive(more[1] as (typeof more)[number]);
    expect(await ids()).toEqual([
      `${more[2]?.id}:pending`,
      `${more[1]?.id}:active`,
      `${more[0]?.id}:pending`,
      `${first.id}:active`,
    ]);
    await repo.flush();
    const fresh = new TokensRepo(database, { shared: false, warn: (m) => warnings.push(m) });
    expect((await fresh.ofUser(owner)).map((r) => `${r.id}:${r.status}`)).toEqual(await ids());
  });
});
