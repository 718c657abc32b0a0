import { and, count, desc, eq, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { balanceChanges, holders, indexerCursors, tokens } from "../../db/schema/index";
import { BoundedCache } from "../../lib/bounded-cache";
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

/** A balance change as written, with the holder's standing after it. */
export type WrittenRow = IngestRow & { balanceAfter: bigint; firstHeldAt: Date | null };

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

const chunks = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The indexer's queries. Writes go through `write` alone, as ONE statement per batch (data-
 * modifying CTEs): a batch's changes, its holders and its cursors land together or not at all,
 * in one round trip, without holding the database in a transaction meanwhile. The indexer is
 * the only writer of these tables, so the holders it last wrote are kept in memory. */
export class IndexerRepo {
  private readonly db: Db;
  /** Holder standings by "mint:owner" as last written (the database is read on a miss). */
  private readonly states = new BoundedCache<string, HolderState>({ max: 200_000 });

  constructor(private readonly database: Pick<Database, "db" | "execute">) {
    this.db = database.db;
  }

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

  /** Records a batch of changes in the order given. Each new change moves its holder's
   * balance by its delta; the balance after it is stored with it. A (signature, mint, owner)
   * already recorded is skipped: with `known` the caller vouches that no row of the batch is
   * (the live stream, whose signatures are new), otherwise the table is asked first. So
   * re-ingesting is harmless. `newMints`: mints with no holders yet (nothing to read).
   * Returns the changes written. */
  async write(
    rows: IngestRow[],
    cursors: CursorAdvance[],
    options: { known?: boolean; newMints?: Set<string> } = {},
  ): Promise<WrittenRow[]> {
    const key = (r: { signature: string; mint: string; owner: string }) =>
      `${r.signature}:${r.mint}:${r.owner}`;
    const seen = new Set<string>();
    if (!options.known)
      for (const sigs of chunks([...new Set(rows.map((r) => r.signature))])) {
        const existing = await this.db
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
    const states = await this.holderStates(fresh, options.newMints);
    const written: WrittenRow[] = [];
    for (const row of fresh) {
      const pair = `${row.mint}:${row.owner}`;
      const next = applyDelta(states.get(pair) ?? NEVER_HELD, row.delta, row.blockTime, row.slot);
      states.set(pair, next);
      written.push({ ...row, balanceAfter: next.balance, firstHeldAt: next.firstHeldAt });
    }
    const touched = [...new Set(written.map((r) => `${r.mint}:${r.owner}`))];
    if (written.length || cursors.length) {
      const { text, params } = writeStatement(written, touched, states, cursors);
      try {
        await this.database.execute(text, params);
      } catch (err) {
        // What the statement would have written is unknown to us now: read it again.
        for (const pair of touched) this.states.delete(pair);
        throw err;
      }
    }
    for (const pair of touched) {
      const state = states.get(pair);
      if (state) this.states.set(pair, state);
    }
    return written;
  }

  /** The current standing of each (mint, owner) the rows touch. */
  private async holderStates(rows: IngestRow[], newMints?: Set<string>): Promise<Map<string, HolderState>> {
    const states = new Map<string, HolderState>();
    const missing = new Set<string>();
    for (const r of rows) {
      const pair = `${r.mint}:${r.owner}`;
      const hit = this.states.get(pair);
      if (hit) states.set(pair, hit);
      else if (!newMints?.has(r.mint)) missing.add(pair);
    }
    if (!missing.size) return states;
    const wanted = rows.filter((r) => missing.has(`${r.mint}:${r.owner}`));
    const mints = [...new Set(wanted.map((r) => r.mint))];
    for (const owners of chunks([...new Set(wanted.map((r) => r.owner))])) {
      const found = await this.db
        .select()
        .from(holders)
        .where(and(inArray(holders.mint, mints), inArray(holders.owner, owners)));
      for (const h of found) {
        const pair = `${h.mint}:${h.owner}`;
        if (missing.has(pair))
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

  /** Forgets the holders kept in memory (after the tables were changed behind the indexer). */
  forget(): void {
    this.states.clear();
  }

  /** Holders with a positive balance, largest first (ties by owner, for a stable order). */
  async topHolders(mint: string, limit: number, minBalance = 1n): Promise<HolderRow[]> {
    return (
      this.db
        .select({ owner: holders.owner, balance: holders.balance, firstHeldAt: holders.firstHeldAt })
        .from(holders)
        .where(and(eq(holders.mint, mint), gte(holders.balance, minBalance > 0n ? minBalance : 1n)))
        // Ties in code-point order, whatever the database's collation: the indexer keeps this
        // list current in memory (holder-top.ts) and must sort it the same way.
        .orderBy(desc(holders.balance), sql`${holders.owner} collate "C"`)
        .limit(limit)
    );
  }

  async holderCount(mint: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(holders)
      .where(and(eq(holders.mint, mint), gt(holders.balance, 0n)));
    return row?.n ?? 0;
  }

  /** Holder counts of many mints (or of every mint) in one query; a mint without holders is
   * left out. */
  async holderCounts(mints?: string[]): Promise<Map<string, number>> {
    if (mints && !mints.length) return new Map();
    const positive = gt(holders.balance, 0n);
    const rows = await this.db
      .select({ mint: holders.mint, n: count() })
      .from(holders)
      .where(mints ? and(positive, inArray(holders.mint, mints)) : positive)
      .groupBy(holders.mint);
    return new Map(rows.map((r) => [r.mint, r.n]));
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

/** One statement writing a batch: the changes (skipping any already there), the holders'
 * new standings and the cursors, as data-modifying CTEs of a single INSERT. */
function writeStatement(
  written: Array<IngestRow & { balanceAfter: bigint }>,
  touched: string[],
  states: Map<string, HolderState>,
  cursors: CursorAdvance[],
): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const parts: string[] = [];
  if (written.length)
    parts.push(
      `changes as (insert into balance_changes (signature, mint, owner, delta, balance_after, slot, block_time) values ${written
        .map(
          (r) =>
            `(${p(r.signature)}, ${p(r.mint)}, ${p(r.owner)}, ${p(r.delta.toString())}::numeric, ${p(r.balanceAfter.toString())}::numeric, ${p(r.slot.toString())}::bigint, ${p(iso(r.blockTime))}::timestamptz)`,
        )
        .join(", ")} on conflict do nothing)`,
    );
  if (touched.length) {
    const now = p(new Date().toISOString());
    parts.push(
      `holders_written as (insert into holders (mint, owner, balance, first_held_at, last_zero_at, last_slot, updated_at) values ${touched
        .map((pair) => {
          const at = pair.indexOf(":");
          const s = states.get(pair) ?? NEVER_HELD;
          return `(${p(pair.slice(0, at))}, ${p(pair.slice(at + 1))}, ${p(s.balance.toString())}::numeric, ${p(iso(s.firstHeldAt))}::timestamptz, ${p(iso(s.lastZeroAt))}::timestamptz, ${p(s.lastSlot.toString())}::bigint, ${now}::timestamptz)`;
        })
        .join(
          ", ",
        )} on conflict (mint, owner) do update set balance = excluded.balance, first_held_at = excluded.first_held_at, last_zero_at = excluded.last_zero_at, last_slot = excluded.last_slot, updated_at = excluded.updated_at)`,
    );
  }
  if (cursors.length) {
    const now = p(new Date().toISOString());
    parts.push(
      `cursors_written as (insert into indexer_cursors (mint, last_signature, last_slot, backfilled_at, updated_at) values ${cursors
        .map(
          (c) =>
            `(${p(c.mint)}, ${p(c.signature)}, ${p(c.slot.toString())}::bigint, ${c.backfilled ? `${now}::timestamptz` : "null::timestamptz"}, ${now}::timestamptz)`,
        )
        .join(
          ", ",
        )} on conflict (mint) do update set last_signature = excluded.last_signature, last_slot = excluded.last_slot, backfilled_at = coalesce(indexer_cursors.backfilled_at, excluded.backfilled_at), updated_at = excluded.updated_at)`,
    );
  }
  return { text: `with ${parts.join(", ")} select 1`, params };
}
