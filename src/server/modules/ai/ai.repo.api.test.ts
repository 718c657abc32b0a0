import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import type { Database } from "../../db/client";
import { tokens, users } from "../../db/schema/index";
import { symbolSkeleton } from "../../lib/lookalike";
import { isSymbolTaken, symbolInUseQuery } from "./ai.repo";

// The symbol check the identity drafter runs for every candidate, on a real database.

let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await openTestDatabase();
  database = testDb.database;
  const userId = randomUUID();
  await database.db.insert(users).values({ id: userId, username: "symbols" });
  const token = (symbol: string, status: "pending" | "active" | "failed") => ({
    id: randomUUID(),
    userId,
    name: symbol,
    symbol,
    symbolSkeleton: symbolSkeleton(symbol),
    totalSupply: "1",
    decimals: 9,
    creatorWallet: "W".repeat(44),
    mintAddress: randomUUID(),
    status,
  });
  await database.db
    .insert(tokens)
    .values([token("LIVE", "active"), token("SOON", "pending"), token("GONE", "failed")]);
});
afterAll(async () => testDb?.drop());

describe("isSymbolTaken", () => {
  it("counts symbols that look like a live one as taken (the launch refuses them too)", async () => {
    expect(await isSymbolTaken(database.db, "L1VE")).toBe(true);
    expect(await isSymbolTaken(database.db, "S00N")).toBe(true);
    expect(await isSymbolTaken(database.db, "\uFF2C\uFF29\uFF36\uFF25")).toBe(true);
    expect(await isSymbolTaken(database.db, "LOVE")).toBe(false);
  });

  it("counts launched and launching tokens, in any case, and frees failed ones", async () => {
    expect(await isSymbolTaken(database.db, "LIVE")).toBe(true);
    expect(await isSymbolTaken(database.db, "live")).toBe(true);
    expect(await isSymbolTaken(database.db, "SOON")).toBe(true);
    expect(await isSymbolTaken(database.db, "GONE")).toBe(false);
    expect(await isSymbolTaken(database.db, "NEW")).toBe(false);
  });

  it("is an index lookup, not a scan of every token", async () => {
    // With sequential scans priced out, a predicate the index cannot answer scans it whole.
    await database.db.execute(sql`set enable_seqscan = off`);
    const plan = (await database.db.execute(sql`explain ${symbolInUseQuery(database.db, "live")}`)) as {
      rows: unknown[];
    };
    await database.db.execute(sql`reset enable_seqscan`);
    const text = JSON.stringify(plan.rows);
    // The index finds the symbol itself; it is not walked whole with a filter on each row.
    expect(text).toContain("Index Scan using tokens_symbol_skeleton_live");
    expect(text).toContain("Index Cond: (symbol_skeleton = 'LIVE'::text)");
    expect(text).not.toMatch(/Seq Scan|Filter/);
  });
});
