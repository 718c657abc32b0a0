import { BURN_ADDRESSES } from "@shared/holders";
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, ne, notInArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { holders, markets, marketTrades, tokens, users } from "../../db/schema/index";

/** A confirmed trade as Explore needs it (with its token's decimals, for the price). */
export interface TradeRow {
  id: string;
  mint: string;
  curveSol: bigint;
  virtualSolAfter: bigint;
  virtualTokenAfter: bigint;
  confirmedAt: Date;
  decimals: number;
}

const tradeColumns = {
  id: marketTrades.id,
  mint: marketTrades.mint,
  curveSol: marketTrades.curveSol,
  virtualSolAfter: marketTrades.virtualSolAfter,
  virtualTokenAfter: marketTrades.virtualTokenAfter,
  confirmedAt: marketTrades.confirmedAt,
  decimals: tokens.decimals,
};

/** Explore's reads: small, index-backed, and incremental (only what changed since a time). */
export class ExploreRepo {
  constructor(private db: Db) {}

  async creators(userIds: string[]) {
    if (!userIds.length) return [];
    return this.db
      .select({ id: users.id, username: users.username, isDemo: users.isDemo })
      .from(users)
      .where(inArray(users.id, userIds));
  }

  /** Markets' reserves: all (one row per token), or those of `mints`. */
  async markets(mints?: string[]) {
    const query = this.db
      .select({
        mint: markets.mint,
        status: markets.status,
        virtualSol: markets.virtualSol,
        virtualToken: markets.virtualToken,
        realSol: markets.realSol,
        realToken: markets.realToken,
        initialRealToken: markets.initialRealToken,
      })
      .from(markets);
    return mints ? query.where(inArray(markets.mint, mints)) : query;
  }

  /** Confirmed trades from `since` on (the market_trades_confirmed_at index), oldest first. */
  async tradesSince(since: Date): Promise<TradeRow[]> {
    const rows = await this.db
      .select(tradeColumns)
      .from(marketTrades)
      .innerJoin(tokens, eq(tokens.mintAddress, marketTrades.mint))
      .where(and(eq(marketTrades.status, "confirmed"), gte(marketTrades.confirmedAt, since)))
      .orderBy(marketTrades.confirmedAt);
    return rows.filter((r): r is TradeRow => r.confirmedAt !== null);
  }

  /** Each mint's last confirmed trade before `before`: its price is the 24 h reference. */
  async lastTradesBefore(before: Date): Promise<TradeRow[]> {
    const rows = await this.db
      .selectDistinctOn([marketTrades.mint], tradeColumns)
      .from(marketTrades)
      .innerJoin(tokens, eq(tokens.mintAddress, marketTrades.mint))
      .where(and(eq(marketTrades.status, "confirmed"), lt(marketTrades.confirmedAt, before)))
      .orderBy(marketTrades.mint, desc(marketTrades.confirmedAt), desc(marketTrades.id));
    return rows.filter((r): r is TradeRow => r.confirmedAt !== null);
  }

  /** Mints whose holders changed from `since` on (the holders_updated_at index), with the
   * newest change seen. */
  async holderChangesSince(since: Date) {
    return this.db
      .selectDistinct({ mint: holders.mint, updatedAt: holders.updatedAt })
      .from(holders)
      .where(gte(holders.updatedAt, since));
  }

  /** Holders per mint (balance > 0; the market's vault and burn addresses are not holders,
   * shared/holders.ts); all mints without `mints`. */
  async holderCounts(mints?: string[]) {
    if (mints && !mints.length) return [];
    const counted = and(
      gt(holders.balance, 0n),
      notInArray(holders.owner, [...BURN_ADDRESSES]),
      or(isNull(markets.vault), ne(holders.owner, markets.vault)),
    );
    return this.db
      .select({ mint: holders.mint, holders: count() })
      .from(holders)
      .leftJoin(markets, eq(markets.mint, holders.mint))
      .where(mints ? and(inArray(holders.mint, mints), counted) : counted)
      .groupBy(holders.mint);
  }
}
