import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { bulkInsert } from "../../db/bulk-insert";
import type { Database, Db } from "../../db/client";
import { GroupCommit } from "../../db/group-commit";
import { markets, marketTrades } from "../../db/schema/market";
import { NOT_YET_SENT } from "../../db/schema/recorded-send";
import { MarketVersions } from "./market-versions";

export type MarketRow = typeof markets.$inferSelect;
export type TradeRow = typeof marketTrades.$inferSelect;
export type NewTrade = typeof marketTrades.$inferInsert;

/** The market's queries: curves and their trades. */
export class MarketRepo {
  private db: Db;
  /** Trade rows inserted by group commit: the trades recorded while one insert runs go in
   * the next, as one statement (a repeated key fails only its own row). */
  private inserts: GroupCommit<TradeRow, null>;
  /** Moved around every write of a market row or a confirmation: the read caches' key. */
  readonly versions: MarketVersions;
  constructor(
    private database: Pick<Database, "db" | "execute">,
    versions = new MarketVersions(),
  ) {
    this.db = database.db;
    this.versions = versions;
    const insertRows = bulkInsert(database, marketTrades);
    this.inserts = new GroupCommit(async (rows) => {
      await insertRows(rows);
      return rows.map(() => null);
    });
  }

  async market(mint: string): Promise<MarketRow | null> {
    const [row] = await this.db.select().from(markets).where(eq(markets.mint, mint));
    return row ?? null;
  }

  async insertMarket(values: typeof markets.$inferInsert): Promise<MarketRow> {
    const [row] = await this.versions.around(values.mint, () =>
      this.db.insert(markets).values(values).returning(),
    );
    if (!row) throw new Error("market insert returned nothing");
    return row;
  }

  async updateMarket(mint: string, values: Partial<typeof markets.$inferInsert>): Promise<MarketRow | null> {
    const [row] = await this.versions.around(mint, () =>
      this.db.update(markets).set(values).where(eq(markets.mint, mint)).returning(),
    );
    return row ?? null;
  }

  async deleteMarket(mint: string): Promise<void> {
    await this.versions.around(mint, () => this.db.delete(markets).where(eq(markets.mint, mint)));
  }

  async pendingMarkets(): Promise<MarketRow[]> {
    return this.db.select().from(markets).where(eq(markets.status, "pending"));
  }

  async openMarketsWithCreatorBuy(): Promise<MarketRow[]> {
    return this.db
      .select()
      .from(markets)
      .where(and(eq(markets.status, "open"), sql`${markets.creatorBuyLamports} > 0`));
  }

  async marketsOfCreator(userId: string): Promise<MarketRow[]> {
    return this.db
      .select()
      .from(markets)
      .where(eq(markets.creatorUserId, userId))
      .orderBy(desc(markets.createdAt));
  }

  /** A complete row written with prepared SQL text (Drizzle's builder costs more than the
   * insert itself on the trade path). */
  async insertTrade(values: NewTrade): Promise<TradeRow> {
    const row = tradeRowOf(values);
    await this.inserts.push(row);
    return row;
  }

  async updateTrade(id: string, values: Partial<NewTrade>): Promise<TradeRow | null> {
    const [row] = await this.db.update(marketTrades).set(values).where(eq(marketTrades.id, id)).returning();
    return row ?? null;
  }

  async deleteTrade(id: string): Promise<void> {
    await this.db.delete(marketTrades).where(eq(marketTrades.id, id));
  }

  async tradeById(id: string): Promise<TradeRow | null> {
    const [row] = await this.db.select().from(marketTrades).where(eq(marketTrades.id, id));
    return row ?? null;
  }

  async tradeByKey(userId: string, key: string): Promise<TradeRow | null> {
    const [row] = await this.db
      .select()
      .from(marketTrades)
      .where(and(eq(marketTrades.userId, userId), eq(marketTrades.idempotencyKey, key)));
    return row ?? null;
  }

  /** Trades recorded with a signature whose outcome is not yet known. */
  async pendingSignedTrades(mint?: string): Promise<TradeRow[]> {
    return this.db
      .select()
      .from(marketTrades)
      .where(
        and(
          eq(marketTrades.status, "pending"),
          isNotNull(marketTrades.signature),
          mint ? eq(marketTrades.mint, mint) : undefined,
        ),
      )
      .orderBy(marketTrades.createdAt);
  }

  /** Prepared for an external wallet, never submitted. */
  async pendingUnsignedTrades(): Promise<TradeRow[]> {
    return this.db
      .select()
      .from(marketTrades)
      .where(and(eq(marketTrades.status, "pending"), sql`${marketTrades.signature} is null`));
  }

  /** Confirmed buys in the launch window, per trader. */
  async launchWindowBuys(mint: string): Promise<Array<{ trader: string; tokens: bigint }>> {
    const rows = await this.db
      .select({ trader: marketTrades.trader, tokens: sql<string>`sum(${marketTrades.tokens})` })
      .from(marketTrades)
      .where(
        and(
          eq(marketTrades.mint, mint),
          eq(marketTrades.status, "confirmed"),
          eq(marketTrades.side, "buy"),
          eq(marketTrades.inLaunchWindow, true),
        ),
      )
      .groupBy(marketTrades.trader);
    return rows
      .map((r) => ({ trader: r.trader, tokens: BigInt(r.tokens) }))
      .sort((a, b) => (b.tokens > a.tokens ? 1 : -1));
  }

  /** A trade confirmed and the curve moved to its after-state: see confirmTrades. */
  async confirmTrade(trade: TradeRow, completedAt: Date | null, confirmedAt = new Date()): Promise<void> {
    await this.confirmTrades([trade], completedAt, confirmedAt);
  }

  /** Trades of one curve confirmed, in the order they executed, and the curve moved to the
   * last one's after-state with their fees added: one statement (atomic, one round trip), and
   * only once (a trade no longer pending adds nothing; none pending changes nothing). */
  async confirmTrades(trades: TradeRow[], completedAt: Date | null, confirmedAt = new Date()): Promise<void> {
    const last = trades.at(-1);
    if (!last) return;
    await this.versions.around(last.mint, () =>
      this.confirmTradesNow(trades, last, completedAt, confirmedAt),
    );
  }

  private async confirmTradesNow(
    trades: TradeRow[],
    last: TradeRow,
    completedAt: Date | null,
    confirmedAt: Date,
  ): Promise<void> {
    await this.database.execute(
      `with t as (update market_trades set status = 'confirmed', confirmed_at = $1, signed_transaction = null
         where id = any($2::text[]) and status = 'pending'
         returning creator_fee, platform_fee, creator_fee_owed, creator_buy, tokens)
       update markets set virtual_sol = $3, virtual_token = $4, real_sol = $5, real_token = $6,
         fees_creator_lamports = fees_creator_lamports + (select coalesce(sum(creator_fee), 0) from t),
         fees_platform_lamports = fees_platform_lamports + (select coalesce(sum(platform_fee), 0) from t),
         fees_creator_owed_lamports = fees_creator_owed_lamports
           + (select coalesce(sum(creator_fee) filter (where creator_fee_owed), 0) from t),
         creator_buy_tokens = creator_buy_tokens + (select coalesce(sum(tokens) filter (where creator_buy), 0) from t),
         status = case when $7::timestamptz is null then status else 'completed' end,
         completed_at = coalesce($7::timestamptz, completed_at)
       where mint = $8 and exists (select 1 from t)`,
      [
        confirmedAt.toISOString(),
        `{${trades.map((t) => t.id).join(",")}}`,
        last.virtualSolAfter.toString(),
        last.virtualTokenAfter.toString(),
        last.realSolAfter.toString(),
        last.realTokenAfter.toString(),
        completedAt ? completedAt.toISOString() : null,
        last.mint,
      ],
    );
  }
}

/** A complete trade row: the columns not given take their defaults. */
export function tradeRowOf(values: NewTrade): TradeRow {
  return {
    userId: null,
    inLaunchWindow: false,
    creatorBuy: false,
    creatorFeeOwed: false,
    creatorFeePayoutId: null,
    ...NOT_YET_SENT,
    idempotencyKey: null,
    createdAt: new Date(),
    confirmedAt: null,
    ...values,
  };
}
