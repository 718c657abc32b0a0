import { and, count, desc, eq, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { balanceChanges, holders, indexerCursors, tokens } from "../../db/schema/index";
import { applyDelta, type HolderState, NEVER_HELD } from "./holder-state";

/** One owner's change of one mint in one transaction, before the indexer knows the balance. */
export interface IngestRow {
  signature: string;
  mint: string;
  owner: string;
  delta: bigint;
  slot: bigint;
  blockTime: Date;
}

/** The newest signature ingested for a mint (one that lists the mint account). */
export interface CursorAdvance {
  mint: string;
  signature: string;
  slot: bigint;
  /** The mint's history from its first transaction is now in. */
  backfilled?: boolean;
}

export interface CursorRow {
  mint: string;
  lastSignature: string | null;
  lastSlot: bigint;
  backfilledAt: Date | null;
}

export interface HolderRow {
  owner: string;
  balance: bigint;
  firstHeldAt: Date | null;
}

export type BalanceChangeRow = typeof balanceChanges.$inferSelect;

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

const chunks = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The indexer's queries. Writes go through `write` alone: one transaction per batch, so a
 * batch's changes, its holders and its cursors land together or not at all. */
export class IndexerRepo {
  constructor(private readonly db: Db) {}

  /** Which of `mints` (or all, when omitted) are platform mints. A launch's row is written
   * (pending) before its transaction is sent and turns active just behind the answer, so
   * every row that has not failed counts: its transaction may already be on the chain. */
  async platformMints(mints?: string[]): Promise<string[]> {
    if (mints && !mints.length) return [];
    const live = ne(tokens.status, "failed");
    const rows = await this.db
      .select({ mint: tokens.mintAddress })
      .from(tokens)
      .where(mints ? and(live, inArray(tokens.mintAddress, mints)) : live);
    return rows.map((r) => r.mint);
  }

  async cursors(): Promise<CursorRow[]> {
    return this.db
      .select({
        mint: indexerCursors.mint,
        lastSignature: indexerCursors.lastSignature,
        lastSlot: indexerCursors.lastSlot,
        backfilledAt: indexerCursors.backfilledAt,
      })
      .from(indexerCursors);
  }

  /** Records a batch of changes in the order given, skipping any (signature, mint, owner)
   * already recorded, so re-ingesting is harmless. Each new change moves its holder's balance
   * by its delta; the balance after it is stored with it. Returns the changes written. */
  async write(
    rows: IngestRow[],
    cursors: CursorAdvance[],
  ): Promise<Array<IngestRow & { balanceAfter: bigint }>> {
    return this.db.transaction(async (tx) => {
      const written: Array<IngestRow & { balanceAfter: bigint }> = [];
      if (rows.length) {
        const key = (r: { signature: string; mint: string; owner: string }) =>
          `${r.signature}:${r.mint}:${r.owner}`;
        const seen = new Set<string>();
        for (const sigs of chunks([...new Set(rows.map((r) => r.signature))])) {
          const existing = await tx
            .select({
              signature: balanceChanges.signature,
              mint: balanceChanges.mint,
              owner: balanceChanges.owner,
            })
            .from(balanceChanges)
            .where(inArray(balanceChanges.signature, sigs));
          for (const r of existing) seen.add(key(r));
        }
        const fresh = rows.filter((r) => {
          const k = key(r);
          if (seen.has(k)) return false;
          seen.add(k);
          return true;
        });
        const states = await this.holderStates(tx as unknown as Db, fresh);
        for (const row of fresh) {
          const pair = `${row.mint}:${row.owner}`;
          const next = applyDelta(states.get(pair) ?? NEVER_HELD, row.delta, row.blockTime, row.slot);
          states.set(pair, next);
          written.push({ ...row, balanceAfter: next.balance });
        }
        for (const part of chunks(written))
          await tx.insert(balanceChanges).values(part).onConflictDoNothing();
        const now = new Date();
        const touched = [...new Set(written.map((r) => `${r.mint}:${r.owner}`))].map((pair) => {
          const at = pair.indexOf(":");
          const state = states.get(pair) ?? NEVER_HELD;
          return { mint: pair.slice(0, at), owner: pair.slice(at + 1), ...state, updatedAt: now };
        });
        for (const part of chunks(touched))
          await tx
            .insert(holders)
            .values(part)
            .onConflictDoUpdate({
              target: [holders.mint, holders.owner],
              set: {
                balance: sql`excluded.balance`,
                firstHeldAt: sql`excluded.first_held_at`,
                lastZeroAt: sql`excluded.last_zero_at`,
                lastSlot: sql`excluded.last_slot`,
                updatedAt: sql`excluded.updated_at`,
              },
            });
      }
      if (cursors.length) {
        const now = new Date();
        await tx
          .insert(indexerCursors)
          .values(
            cursors.map((c) => ({
              mint: c.mint,
              lastSignature: c.signature,
              lastSlot: c.slot,
              backfilledAt: c.backfilled ? now : null,
              updatedAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: indexerCursors.mint,
            set: {
              lastSignature: sql`excluded.last_signature`,
              lastSlot: sql`excluded.last_slot`,
              backfilledAt: sql`coalesce(${indexerCursors.backfilledAt}, excluded.backfilled_at)`,
              updatedAt: sql`excluded.updated_at`,
            },
          });
      }
      return written;
    });
  }

  /** The current standing of each (mint, owner) the rows touch. */
  private async holderStates(db: Db, rows: IngestRow[]): Promise<Map<string, HolderState>> {
    const states = new Map<string, HolderState>();
    if (!rows.length) return states;
    const wanted = new Set(rows.map((r) => `${r.mint}:${r.owner}`));
    const mints = [...new Set(rows.map((r) => r.mint))];
    for (const owners of chunks([...new Set(rows.map((r) => r.owner))])) {
      const found = await db
        .select()
        .from(holders)
        .where(and(inArray(holders.mint, mints), inArray(holders.owner, owners)));
      for (const h of found) {
        const pair = `${h.mint}:${h.owner}`;
        if (wanted.has(pair))
          states.set(pair, {
            balance: h.balance,
            firstHeldAt: h.firstHeldAt,
            lastZeroAt: h.lastZeroAt,
            lastSlot: h.lastSlot,
          });
      }
    }
    return states;
  }

  /** Holders with a positive balance, largest first (ties by owner, for a stable order). */
  async topHolders(mint: string, limit: number, minBalance = 1n): Promise<HolderRow[]> {
    return this.db
      .select({ owner: holders.owner, balance: holders.balance, firstHeldAt: holders.firstHeldAt })
      .from(holders)
      .where(and(eq(holders.mint, mint), gte(holders.balance, minBalance > 0n ? minBalance : 1n)))
      .orderBy(desc(holders.balance), holders.owner)
      .limit(limit);
  }

  async holderCount(mint: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(holders)
      .where(and(eq(holders.mint, mint), gt(holders.balance, 0n)));
    return row?.n ?? 0;
  }

  async balancesOf(owner: string): Promise<Array<{ mint: string; balance: bigint }>> {
    return this.db
      .select({ mint: holders.mint, balance: holders.balance })
      .from(holders)
      .where(and(eq(holders.owner, owner), gt(holders.balance, 0n)));
  }

  async holder(mint: string, owner: string) {
    const [row] = await this.db
      .select()
      .from(holders)
      .where(and(eq(holders.mint, mint), eq(holders.owner, owner)));
    return row ?? null;
  }

  async hasSignature(signature: string): Promise<boolean> {
    const [row] = await this.db
      .select({ s: balanceChanges.signature })
      .from(balanceChanges)
      .where(eq(balanceChanges.signature, signature))
      .limit(1);
    return row !== undefined;
  }

  /** Changes of one mint or one owner, newest first (ingestion order, which is chain order
   * for each mint); `beforeSeq` continues after the previous page's last row. */
  async changes(
    filter: { mint: string } | { owner: string },
    options: { since?: Date; beforeSeq?: bigint; limit: number },
  ): Promise<BalanceChangeRow[]> {
    const c = balanceChanges;
    const where = [
      "mint" in filter ? eq(c.mint, filter.mint) : eq(c.owner, filter.owner),
      options.since ? gte(c.blockTime, options.since) : undefined,
      options.beforeSeq !== undefined ? lt(c.seq, options.beforeSeq) : undefined,
    ];
    return this.db
      .select()
      .from(c)
      .where(and(...where))
      .orderBy(desc(c.seq))
      .limit(options.limit);
  }
}
