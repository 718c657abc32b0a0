import { spotPriceNano } from "@shared/market/price";
import { and, asc, desc, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { marketTrades } from "../../db/schema/index";

/** The spot price after a trade (nano-lamports per whole token), from the reserves it recorded. */
export function tradePrice(row: { virtualSolAfter: bigint; virtualTokenAfter: bigint }, decimals: number) {
  return spotPriceNano({ virtualSol: row.virtualSolAfter, virtualToken: row.virtualTokenAfter }, decimals);
}

/** Microseconds since the epoch, exact (PostgreSQL keeps microseconds; a JS Date only ms). */
const confirmedMicros = sql<string>`(extract(epoch from ${marketTrades.confirmedAt}) * 1000000)::bigint::text`;
const atMicros = (micros: string) =>
  sql`('epoch'::timestamptz + (${micros}::bigint * interval '1 microsecond'))`;

const confirmedOf = (mint: string): SQL =>
  and(eq(marketTrades.mint, mint), eq(marketTrades.status, "confirmed")) as SQL;

/** Confirmed trades of one mint: the price history (market_trades_mint_confirmed index). */
export class MarketHistoryRepo {
  constructor(private db: Db) {}

  /** Newest first, after the position (time in microseconds, id) of the last one served. */
  async tradesPage(mint: string, limit: number, after: { micros: string; id: string } | null) {
    const where = after
      ? and(
          confirmedOf(mint),
          or(
            lt(marketTrades.confirmedAt, atMicros(after.micros)),
            and(eq(marketTrades.confirmedAt, atMicros(after.micros)), lt(marketTrades.id, after.id)),
          ),
        )
      : confirmedOf(mint);
    return this.db
      .select({
        id: marketTrades.id,
        micros: confirmedMicros,
        signature: marketTrades.signature,
        side: marketTrades.side,
        trader: marketTrades.trader,
        curveSol: marketTrades.curveSol,
        fee: marketTrades.fee,
        tokens: marketTrades.tokens,
        virtualSolAfter: marketTrades.virtualSolAfter,
        virtualTokenAfter: marketTrades.virtualTokenAfter,
        confirmedAt: marketTrades.confirmedAt,
      })
      .from(marketTrades)
      .where(where)
      .orderBy(desc(marketTrades.confirmedAt), desc(marketTrades.id))
      .limit(limit);
  }

  /** Trades from `since` on, oldest first, with the last one before it (the first open). */
  async pricePoints(mint: string, since: Date) {
    const columns = {
      curveSol: marketTrades.curveSol,
      virtualSolAfter: marketTrades.virtualSolAfter,
      virtualTokenAfter: marketTrades.virtualTokenAfter,
      confirmedAt: marketTrades.confirmedAt,
    };
    const [before, rows] = await Promise.all([
      this.db
        .select(columns)
        .from(marketTrades)
        .where(and(confirmedOf(mint), lt(marketTrades.confirmedAt, since)))
        .orderBy(desc(marketTrades.confirmedAt), desc(marketTrades.id))
        .limit(1),
      this.db
        .select(columns)
        .from(marketTrades)
        .where(and(confirmedOf(mint), gte(marketTrades.confirmedAt, since)))
        .orderBy(asc(marketTrades.confirmedAt), asc(marketTrades.id)),
    ]);
    return { before: before[0] ?? null, rows };
  }
}
