import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { balanceChanges, marketTrades, trustSnapshots } from "../../db/schema/index";

/** The trust score's SQL: aggregates over indexed history, and the daily snapshot. */
export class TrustRepo {
  constructor(private db: Db) {}

  /** What owners other than `excluded` received in the `windowMs` after the mint's first
   * indexed balance change (one aggregate over the mint's index range). */
  async receivedInFirstWindow(mint: string, windowMs: number, excluded: string[]): Promise<bigint> {
    const first = this.db
      .select({ t: sql`min(${balanceChanges.blockTime})`.as("t") })
      .from(balanceChanges)
      .where(eq(balanceChanges.mint, mint))
      .as("first");
    const [row] = await this.db
      .select({ total: sql<string | null>`sum(${balanceChanges.delta})` })
      .from(balanceChanges)
      .innerJoin(first, sql`true`)
      .where(
        and(
          eq(balanceChanges.mint, mint),
          gt(balanceChanges.delta, 0n),
          sql`${balanceChanges.blockTime} < ${first.t} + make_interval(secs => ${windowMs / 1000})`,
          excluded.length ? sql`${balanceChanges.owner} not in ${excluded}` : sql`true`,
        ),
      );
    return BigInt(row?.total ?? 0);
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
          excluded.length ? sql`${marketTrades.trader} not in ${excluded}` : sql`true`,
        ),
      );
    return BigInt(row?.total ?? 0);
  }

  /** The first score of the day is kept; later ones that day are not. */
  async snapshot(mint: string, day: string, score: number, version: string): Promise<void> {
    await this.db.insert(trustSnapshots).values({ mint, day, score, version }).onConflictDoNothing();
  }
}
