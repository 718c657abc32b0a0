import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { bulkInsertStatement } from "../../db/bulk-insert";
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
  /** Trade rows recorded and trades confirmed, by group commit across every curve: what is
   * queued while one statement runs goes in the next one (a repeated key fails only its own
   * row: a failed batch is written again item by item). */
  private writes: GroupCommit<TradeWrite, null>;
  private insertStatement = bulkInsertStatement(marketTrades);
  /** Moved around every write of a market row or a confirmation: the read caches' key. */
  readonly versions: MarketVersions;
  constructor(
    private database: Pick<Database, "db" | "execute">,
    versions = new MarketVersions(),
  ) {
    this.db = database.db;
    this.versions = versions;
    this.writes = new GroupCommit(async (items) => {
      await this.writeTrades(items);
      return items.map(() => null);
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
    await this.writes.push({ insert: row });
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

  /** A trade confirmed and its curve moved to its after-state, with its fees added,
   * atomically, and only once (a trade no longer pending adds nothing). Written with whatever
   * else is queued (see writes): a curve's confirmations queued together, in order, move it to
   * the last one's after-state. */
  async confirmTrade(trade: TradeRow, completedAt: Date | null): Promise<void> {
    await this.writes.push({ confirm: trade, completedAt });
  }

  /** Resolves once every trade write queued so far is done. */
  async writesIdle(): Promise<void> {
    await this.writes.idle();
  }

  /** One statement: the rows recorded, then the confirmations, each curve's in order. */
  private async writeTrades(items: TradeWrite[]): Promise<void> {
    const inserts: TradeRow[] = [];
    const curves = new Map<string, { trades: TradeRow[]; completedAt: Date | null }>();
    for (const item of items) {
      if ("insert" in item) {
        inserts.push(item.insert);
        continue;
      }
      const curve = curves.get(item.confirm.mint);
      if (curve) {
        curve.trades.push(item.confirm);
        curve.completedAt = item.completedAt ?? curve.completedAt;
      } else curves.set(item.confirm.mint, { trades: [item.confirm], completedAt: item.completedAt });
    }
    const insert = inserts.length ? this.insertStatement(inserts) : null;
    if (!curves.size) {
      if (insert) await this.database.execute(insert.text, insert.params);
      return;
    }
    const { text, params } = confirmStatement(curves, insert, new Date());
    await this.versions.aroundAll([...curves.keys()], () => this.database.execute(text, params));
  }
}

/** What the trade writer is given: a row to record, or a trade confirmed. */
type TradeWrite = { insert: TradeRow } | { confirm: TradeRow; completedAt: Date | null };

/** The confirmations of several curves (and the rows recorded with them) as one statement:
 * the trades marked confirmed, and each curve moved to its last trade's after-state with the
 * fees of the trades this statement confirmed (so a repeat adds nothing). */
function confirmStatement(
  curves: Map<string, { trades: TradeRow[]; completedAt: Date | null }>,
  insert: { text: string; params: unknown[] } | null,
  confirmedAt: Date,
): { text: string; params: unknown[] } {
  const params = insert ? [...insert.params] : [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const ids = [...curves.values()].flatMap((c) => c.trades.map((t) => t.id));
  const states = [...curves].map(([mint, { trades, completedAt }]) => {
    const last = trades.at(-1) as TradeRow;
    return `(${p(mint)}, ${p(last.virtualSolAfter.toString())}::bigint, ${p(last.virtualTokenAfter.toString())}::numeric, ${p(last.realSolAfter.toString())}::bigint, ${p(last.realTokenAfter.toString())}::numeric, ${p(completedAt?.toISOString() ?? null)}::timestamptz)`;
  });
  const text = `with ${insert ? `recorded as (${insert.text}), ` : ""}
    t as (update market_trades set status = 'confirmed', confirmed_at = ${p(confirmedAt.toISOString())}, signed_transaction = null
      where id = any(${p(`{${ids.join(",")}}`)}::text[]) and status = 'pending'
      returning mint, creator_fee, platform_fee, creator_fee_owed, creator_buy, tokens),
    f as (select mint, sum(creator_fee) as creator, sum(platform_fee) as platform,
        coalesce(sum(creator_fee) filter (where creator_fee_owed), 0) as owed,
        coalesce(sum(tokens) filter (where creator_buy), 0) as creator_buy
      from t group by mint)
    update markets m set virtual_sol = v.vs, virtual_token = v.vt, real_sol = v.rs, real_token = v.rt,
      fees_creator_lamports = m.fees_creator_lamports + f.creator,
      fees_platform_lamports = m.fees_platform_lamports + f.platform,
      fees_creator_owed_lamports = m.fees_creator_owed_lamports + f.owed,
      creator_buy_tokens = m.creator_buy_tokens + f.creator_buy,
      status = case when v.completed is null then m.status else 'completed' end,
      completed_at = coalesce(v.completed, m.completed_at)
    from (values ${states.join(", ")}) as v(mint, vs, vt, rs, rt, completed)
    join f on f.mint = v.mint
    where m.mint = v.mint`;
  return { text, params };
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
