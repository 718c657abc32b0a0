import { and, asc, desc, eq, gt, gte, lt, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { balanceChanges, marketTrades, trustSnapshots } from "../../db/schema/index";

/** The trust score's SQL: aggregates over indexed history, and the daily snapshot. */
export class TrustRepo {
  constructor(private db: Db) {}

  /** What owners other than `excluded` received in the `windowMs` after the mint's first
   * indexed balance change, and when that was (null without any): the first change, then one
   * aggregate over the window's range of the (mint, block_time) index. */
  async receivedInFirstWindow(
    mint: string,
    windowMs: number,
    excluded: string[],
  ): Promise<{ taken: bigint; firstAt: Date | null }> {
    const [first] = await this.db
      .select({ at: balanceChanges.blockTime })
      .from(balanceChanges)
      .where(eq(balanceChanges.mint, mint))
      .orderBy(asc(balanceChanges.blockTime))
      .limit(1);
    if (!first) return { taken: 0n, firstAt: null };
    const [row] = await this.db
      .select({ total: sql<string | null>`sum(${balanceChanges.delta})` })
      .from(balanceChanges)
      .where(
        and(
          eq(balanceChanges.mint, mint),
          gte(balanceChanges.blockTime, first.at),
          lt(balanceChanges.blockTime, new Date(first.at.getTime() + windowMs)),
          gt(balanceChanges.delta, 0n),
          excluded.length ? notInArray(balanceChanges.owner, excluded) : undefined,
        ),
      );
    return { taken: BigInt(row?.total ?? 0), firstAt: first.at };
  }

  /** Confirmed launch-window buys of the market by traders other than `excluded`. */
  async launchWindowBoughtBy(mint: string, excluded: string[]): Promise<bigint> {
    const [row] = await this.db
      .select({ total: sql<string | null>`sum(${marketTrades.tokens})` })
      .from(marketTrades)
      .where(
        and(
          eq(marketTrades.mint, mint),
          eq(marketTrades.status, "confirmed"),
          eq(marketTrades.side, "buy"),
          eq(marketTrades.inLaunchWindow, true),
          excluded.length ? notInArray(marketTrades.trader, excluded) : undefined,
        ),
      );
    return BigInt(row?.total ?? 0);
  }

  /** Each mint's latest daily score of this scoring version. */
  async latestScores(version: string): Promise<Array<{ mint: string; score: number }>> {
    return this.db
      .selectDistinctOn([trustSnapshots.mint], { mint: trustSnapshots.mint, score: trustSnapshots.score })
      .from(trustSnapshots)
      .where(eq(trustSnapshots.version, version))
      .orderBy(trustSnapshots.mint, desc(trustSnapshots.day));
  }

  /** The first score of the day is kept; later ones that day are not. */
  async snapshot(mint: string, day: string, score: number, version: string): Promise<void> {
    await this.db.insert(trustSnapshots).values({ mint, day, score, version }).onConflictDoNothing();
  }
}
