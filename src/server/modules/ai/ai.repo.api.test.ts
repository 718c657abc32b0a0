import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import type { Database } from "../../db/client";
import { tokens, users } from "../../db/schema/index";
import { symbolSkeleton } from "../../lib/lookalike";
import { takenSkeletonsQuery, takenSymbols } from "./ai.repo";

// The symbol check the identity drafter runs for its candidates, on a real database.

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

const taken = async (...symbols: string[]) => [...(await takenSymbols(database.db, symbols))].sort();

describe("takenSymbols", () => {
  it("counts symbols that look like a live one as taken (the launch refuses them too)", async () => {
    expect(await taken("L1VE", "S00N", "\uFF2C\uFF29\uFF36\uFF25", "LOVE")).toEqual(
      ["L1VE", "S00N", "\uFF2C\uFF29\uFF36\uFF25"].sort(),
    );
  });

  it("counts launched and launching tokens, in any case, and frees failed ones", async () => {
    expect(await taken("LIVE", "live", "SOON", "GONE", "NEW")).toEqual(["LIVE", "SOON", "live"].sort());
    expect(await taken()).toEqual([]);
  });

  it("is one index lookup per symbol, not a scan of every token", async () => {
    // With sequential scans priced out, a predicate the index cannot answer scans it whole.
    await database.db.execute(sql`set enable_seqscan = off`);
    const query = takenSkeletonsQuery(database.db, ["LIVE", "S00N"]);
    const plan = (await database.db.execute(sql`explain ${query}`)) as { rows: unknown[] };
    await database.db.execute(sql`reset enable_seqscan`);
    const text = JSON.stringify(plan.rows);
    // The index finds the symbols themselves; it is not walked whole with a filter on each row.
    expect(text).toContain("tokens_symbol_skeleton_live");
    expect(text).toMatch(/Index Cond: \(symbol_skeleton = ANY/);
    expect(text).not.toMatch(/Seq Scan|Filter/);
  });
});
