import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { creatorFeePayouts, markets, marketTrades } from "../../db/schema/market";

export type PayoutRow = typeof creatorFeePayouts.$inferSelect;

/** A creator's wallet and the owed fee parts not yet in any payout. */
export interface OwedWallet {
  wallet: string;
  lamports: bigint;
  tradeIds: string[];
  mints: string[];
}

/** The payouts of owed creator fees (docs/market.md, "Owed creator fees"). */
export class PayoutsRepo {
  constructor(private db: Db) {}

  /** Confirmed trades whose creator part is owed and in no payout, per creator wallet. */
  async owedWallets(): Promise<OwedWallet[]> {
    const rows = await this.db
      .select({
        id: marketTrades.id,
        mint: marketTrades.mint,
        creatorFee: marketTrades.creatorFee,
        wallet: markets.creatorWallet,
      })
      .from(marketTrades)
      .innerJoin(markets, eq(markets.mint, marketTrades.mint))
      .where(
        and(
          eq(marketTrades.creatorFeeOwed, true),
          sql`${marketTrades.creatorFeePayoutId} is null`,
          eq(marketTrades.status, "confirmed"),
        ),
      );
    const byWallet = new Map<string, OwedWallet>();
    for (const r of rows) {
      let owed = byWallet.get(r.wallet);
      if (!owed) {
        owed = { wallet: r.wallet, lamports: 0n, tradeIds: [], mints: [] };
        byWallet.set(r.wallet, owed);
      }
      owed.lamports += r.creatorFee;
      owed.tradeIds.push(r.id);
      if (!owed.mints.includes(r.mint)) owed.mints.push(r.mint);
    }
    return [...byWallet.values()];
  }

  /** The payout recorded (with its signed bytes) and the owed parts it pays pointed at it, in
   * one database transaction. False, and nothing written, when one of those parts is no
   * longer unpaid (another payout took it). */
  async record(payout: typeof creatorFeePayouts.$inferInsert, tradeIds: string[]): Promise<boolean> {
    return this.db
      .transaction(async (tx) => {
        await tx.insert(creatorFeePayouts).values(payout);
        const linked = await tx
          .update(marketTrades)
          .set({ creatorFeePayoutId: payout.id })
          .where(
            and(
              sql`${marketTrades.id} = any(${`{${tradeIds.join(",")}}`}::text[])`,
              sql`${marketTrades.creatorFeePayoutId} is null`,
              eq(marketTrades.creatorFeeOwed, true),
              eq(marketTrades.status, "confirmed"),
            ),
          )
          .returning({ id: marketTrades.id });
        if (linked.length !== tradeIds.length) throw new PartsTaken();
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof PartsTaken) return false;
        throw err;
      });
  }

  async pending(): Promise<PayoutRow[]> {
    return this.db
      .select()
      .from(creatorFeePayouts)
      .where(eq(creatorFeePayouts.status, "pending"))
      .orderBy(creatorFeePayouts.createdAt);
  }

  /** The payout confirmed and each market's owed sum lowered by the parts it paid, once (a
   * payout no longer pending changes nothing). Returns what was paid per mint. */
  async confirm(id: string, confirmedAt: Date): Promise<Map<string, bigint>> {
    return this.db.transaction(async (tx) => {
      const done = await tx
        .update(creatorFeePayouts)
        .set({ status: "confirmed", confirmedAt, signedTransaction: null })
        .where(and(eq(creatorFeePayouts.id, id), eq(creatorFeePayouts.status, "pending")))
        .returning({ id: creatorFeePayouts.id });
      const paid = new Map<string, bigint>();
      if (!done.length) return paid;
      const parts = await tx
        .select({ mint: marketTrades.mint, lamports: sql<string>`sum(${marketTrades.creatorFee})` })
        .from(marketTrades)
        .where(eq(marketTrades.creatorFeePayoutId, id))
        .groupBy(marketTrades.mint);
      for (const p of parts) {
        const lamports = BigInt(p.lamports);
        paid.set(p.mint, lamports);
        await tx
          .update(markets)
          .set({
            feesCreatorOwedLamports: sql`${markets.feesCreatorOwedLamports} - ${lamports.toString()}::bigint`,
          })
          .where(eq(markets.mint, p.mint));
      }
      return paid;
    });
  }

  /** The payout failed (or expired unsent): its parts are owed again, for a later payout. */
  async fail(id: string, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const failed = await tx
        .update(creatorFeePayouts)
        .set({ status: "failed", failureReason: reason, signedTransaction: null })
        .where(and(eq(creatorFeePayouts.id, id), eq(creatorFeePayouts.status, "pending")))
        .returning({ id: creatorFeePayouts.id });
      if (!failed.length) return;
      await tx
        .update(marketTrades)
        .set({ creatorFeePayoutId: null })
        .where(eq(marketTrades.creatorFeePayoutId, id));
    });
  }
}

/** Rolls the payout's record back: one of its parts was taken by another payout. */
class PartsTaken extends Error {}
