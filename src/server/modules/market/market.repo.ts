import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { markets, marketTrades } from "../../db/schema/market";

export type MarketRow = typeof markets.$inferSelect;
export type TradeRow = typeof marketTrades.$inferSelect;
export type NewTrade = typeof marketTrades.$inferInsert;

/** The market's queries: curves and their trades. */
export class MarketRepo {
  constructor(private db: Db) {}

  async market(mint: string): Promise<MarketRow | null> {
    const [row] = await this.db.select().from(markets).where(eq(markets.mint, mint));
    return row ?? null;
  }

  async insertMarket(values: typeof markets.$inferInsert): Promise<MarketRow> {
    const [row] = await this.db.insert(markets).values(values).returning();
    if (!row) throw new Error("market insert returned nothing");
    return row;
  }

  async updateMarket(mint: string, values: Partial<typeof markets.$inferInsert>): Promise<MarketRow | null> {
    const [row] = await this.db.update(markets).set(values).where(eq(markets.mint, mint)).returning();
    return row ?? null;
  }

  async deleteMarket(mint: string): Promise<void> {
    await this.db.delete(markets).where(eq(markets.mint, mint));
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

  async insertTrade(values: NewTrade): Promise<TradeRow> {
    const [row] = await this.db.insert(marketTrades).values(values).returning();
    if (!row) throw new Error("trade insert returned nothing");
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

  /** A trade confirmed and the curve moved to its after-state, in one database transaction. */
  async confirmTrade(trade: TradeRow, completedAt: Date | null, confirmedAt = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(marketTrades)
        .set({ status: "confirmed", confirmedAt, signedTransaction: null })
        .where(eq(marketTrades.id, trade.id));
      await tx
        .update(markets)
        .set({
          virtualSol: trade.virtualSolAfter,
          virtualToken: trade.virtualTokenAfter,
          realSol: trade.realSolAfter,
          realToken: trade.realTokenAfter,
          feesCreatorLamports: sql`${markets.feesCreatorLamports} + ${trade.creatorFee}`,
          feesPlatformLamports: sql`${markets.feesPlatformLamports} + ${trade.platformFee}`,
          feesCreatorOwedLamports: trade.creatorFeeOwed
            ? sql`${markets.feesCreatorOwedLamports} + ${trade.creatorFee}`
            : markets.feesCreatorOwedLamports,
          creatorBuyTokens: trade.creatorBuy
            ? sql`${markets.creatorBuyTokens} + ${trade.tokens}`
            : markets.creatorBuyTokens,
          ...(completedAt ? { status: "completed" as const, completedAt } : {}),
        })
        .where(eq(markets.mint, trade.mint));
    });
  }
}
