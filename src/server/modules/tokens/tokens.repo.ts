import { and, desc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { bulkInsert } from "../../db/bulk-insert";
import type { Database, Db } from "../../db/client";
import { ConfirmedBehind } from "../../db/confirmed-behind";
import { isUniqueViolation } from "../../db/errors";
import { GroupCommit } from "../../db/group-commit";
import { markets, tokens, transfers } from "../../db/schema/index";
import { NOT_YET_SENT } from "../../db/schema/recorded-send";
import { BoundedCache } from "../../lib/bounded-cache";
import { KeyVersions } from "../../lib/key-versions";
import { nameSkeleton, symbolSkeleton } from "../../lib/lookalike";
import { sortedPosition } from "../../lib/sorted-position";

export type TokenRow = typeof tokens.$inferSelect;
export type TransferRow = typeof transfers.$inferSelect;

/** A new launch row: every column set here (the schema's defaults included), so the insert
 * needs no RETURNING to know what it wrote. The skeletons follow from name and symbol. */
export function newTokenRow(values: typeof tokens.$inferInsert): TokenRow {
  return {
    symbolSkeleton: symbolSkeleton(values.symbol),
    nameSkeleton: nameSkeleton(values.name),
    description: "",
    tagline: "",
    imageUrl: "",
    website: "",
    twitter: "",
    discord: "",
    ...NOT_YET_SENT,
    idempotencyKey: null,
    launchMarketShareBps: null,
    launchCreatorBuyLamports: null,
    confirmedAt: null,
    ...values,
    createdAt: values.createdAt ?? new Date(),
  };
}

/** A new transfer row, every column set (the schema's defaults included): see newTokenRow. */
function newTransferRow(values: typeof transfers.$inferInsert): TransferRow {
  return {
    ...NOT_YET_SENT,
    idempotencyKey: null,
    ...values,
    createdAt: values.createdAt ?? new Date(),
  };
}

export interface TokensRepoOptions {
  /** Other processes may read this database (PostgreSQL), so what a response says is committed
   * first. PGlite is ours alone. */
  shared: boolean;
  /** Reports a written-behind confirmation that failed. */
  warn: (message: string) => void;
}

/** How long a user's launch list may be served from memory. Every write drops the list, here
 * and (by the change bus, `forget`) on every other API node; this only bounds memory. */
const LIST_CACHE_MS = 60_000;

/** Queries for launches and transfers. Launch rows are written by group commit: at a busy
 * moment one statement inserts (or confirms) the launches of many requests.
 *
 * Confirmations on a database that is ours alone (PGlite) are written behind: the ledger already
 * holds the fact, so `markActive` records it here at once, every read of this repo sees it, and
 * one UPDATE confirms a whole batch. If that UPDATE is lost (a crash), the row stays pending in
 * the database and start-up reconciliation confirms it from the ledger. On a shared database
 * (PostgreSQL, which other processes may read) the confirmation is committed before the launch
 * is answered.
 *
 * It also keeps each user's launch list (the portfolio's most read query) in memory, and
 * every write through it drops the lists it touches: callers never invalidate anything. */
export class TokensRepo {
  private db: Db;
  private insertRows: (rows: TokenRow[]) => Promise<void>;
  private inserts = new GroupCommit(async (rows: TokenRow[]) => {
    await this.insertRows(rows);
    return rows;
  });

  /** Transfers are recorded and confirmed by group commit too (a busy moment's in one
   * statement each); both are awaited, as a transfer's answer says it is done. */
  private insertTransferRows: (rows: TransferRow[]) => Promise<void>;
  private transferInserts = new GroupCommit(async (rows: TransferRow[]) => {
    await this.insertTransferRows(rows);
    return rows;
  });
  /** Launches and transfers confirmed on the ledger whose row may still say pending. */
  private launchesConfirmed: ConfirmedBehind;
  private transfersConfirmed: ConfirmedBehind;

  private lists: BoundedCache<string, TokenRow[]>;
  /** Launched tokens by mint: nothing rewrites a launched row (updates and deletions concern
   * pending and failed launches), so it is kept from its confirmation, or its first read, on.
   * Balances list a launch moments after it is confirmed: they must not read it back. */
  private launchedByMint = new BoundedCache<string, TokenRow>({ max: 100_000 });
  /** Each user's writes: a list read that overlapped a write of its user's rows is not kept.
   * Only its user's: with launches every few milliseconds, a busy site's lists were otherwise
   * never kept. */
  private userWrites = new KeyVersions(100_000);

  constructor(
    database: Pick<Database, "db" | "execute">,
    private options: TokensRepoOptions,
  ) {
    this.db = database.db;
    this.insertRows = bulkInsert(database, tokens);
    this.insertTransferRows = bulkInsert(database, transfers);
    this.launchesConfirmed = new ConfirmedBehind(
      (ids) =>
        this.db
          .update(tokens)
          .set({ status: "active", confirmedAt: new Date(), signedTransaction: null })
          .where(inArray(tokens.id, ids)),
      options,
    );
    this.transfersConfirmed = new ConfirmedBehind(
      (ids) =>
        this.db
          .update(transfers)
          .set({ status: "confirmed", signedTransaction: null })
          .where(inArray(transfers.id, ids)),
      options,
    );
    this.lists = new BoundedCache({ max: 10_000, ttlMs: LIST_CACHE_MS });
  }

  /** Told of each write of a user's rows (by user id): other nodes forget their copies. */
  onChanged: ((userId: string) => void) | null = null;

  /** After every write of a user's rows (the cached list holds the rows' state as read). */
  private changed(userId: string): void {
    this.forget(userId);
    this.onChanged?.(userId);
  }

  /** After a write of one row through this repo: its user's kept list takes the row as it now
   * stands (`null`: deleted) instead of being read again. A launch writes its user's rows twice
   * (recorded, confirmed): reading a prolific creator's whole list back after each was the
   * embedded database's largest cost under the mixed workload. Other nodes still read theirs
   * again (`forget`). */
  private changedRow(userId: string, id: string, row: TokenRow | null): void {
    const kept = this.lists.get(userId);
    this.changed(userId);
    if (!kept) return;
    // Newest first, as the list is read: the row is found and placed by its creation time
    // (binary search), so a write costs a copy of the list, not a pass of comparisons.
    const next = kept.slice();
    const old = findRow(next, id, row?.createdAt);
    if (old !== -1) next.splice(old, 1);
    if (row && row.status !== "failed") next.splice(newestFirstPosition(next, row.createdAt), 0, row);
    this.lists.set(userId, next);
  }

  /** Another node wrote this user's rows (null: anyone's, notices were missed): the list is
   * read again, and the version moves (Explore re-reads the launched tokens). */
  forget(userId: string | null): void {
    if (userId === null) {
      this.lists.clear();
      this.userWrites.bumpAll();
    } else {
      this.lists.delete(userId);
      this.userWrites.bump(userId);
    }
  }

  async insert(values: typeof tokens.$inferInsert): Promise<TokenRow> {
    const row = await this.inserts.push(newTokenRow(values));
    this.changedRow(row.userId, row.id, row);
    return row;
  }

  /** Marks a launch confirmed and returns its row as it now stands: seen by every read of this
   * repo at once; resolves when committed on a shared database, at once otherwise (written
   * behind). */
  async markActive(row: TokenRow): Promise<TokenRow> {
    const written = this.launchesConfirmed.confirm(row.id, `launch ${row.id}`);
    if (this.options.shared) {
      // This node's reads see the confirmation at once (the overlay); other nodes are told
      // once it is committed, so the row they read again is the confirmed one.
      this.forget(row.userId);
      await written;
    }
    const confirmed = this.current(row);
    this.changedRow(row.userId, row.id, confirmed);
    this.keepLaunched(confirmed);
    return confirmed;
  }

  /** Writes the confirmations still queued (at shutdown, before the database closes). */
  async flush(): Promise<void> {
    await Promise.all([this.launchesConfirmed.idle(), this.transfersConfirmed.idle()]);
  }

  /** A row as it stands, with a confirmation not yet written applied. */
  private current<R extends TokenRow | undefined>(row: R): R {
    const confirmedAt = row && row.status === "pending" ? this.launchesConfirmed.at(row.id) : undefined;
    return confirmedAt ? { ...row, status: "active", confirmedAt, signedTransaction: null } : row;
  }

  async update(id: string, values: Partial<typeof tokens.$inferInsert>): Promise<TokenRow | null> {
    const [row] = await this.db.update(tokens).set(values).where(eq(tokens.id, id)).returning();
    if (!row) return null;
    const updated = this.current(row);
    this.changedRow(row.userId, row.id, updated);
    return this.keepLaunched(updated);
  }

  async deleteById(id: string): Promise<void> {
    const deleted = await this.db
      .delete(tokens)
      .where(eq(tokens.id, id))
      .returning({ userId: tokens.userId });
    for (const { userId } of deleted) this.changedRow(userId, id, null);
  }

  async byId(id: string) {
    const [row] = await this.db.select().from(tokens).where(eq(tokens.id, id)).limit(1);
    return this.current(row) ?? null;
  }

  async byMint(mint: string): Promise<TokenRow | null> {
    const kept = this.launchedByMint.get(mint);
    if (kept) return kept;
    const [row] = await this.db.select().from(tokens).where(eq(tokens.mintAddress, mint)).limit(1);
    return row ? this.keepLaunched(this.current(row)) : null;
  }

  /** Keeps a launched row by mint (the row as it now stands: anything else is not kept). */
  private keepLaunched(row: TokenRow): TokenRow {
    if (row.status === "active") this.launchedByMint.set(row.mintAddress, row);
    else this.launchedByMint.delete(row.mintAddress);
    return row;
  }

  /** The vault of the mint's market (any status), null without one: its tokens are the curve's
   * stock, not a holder's (shared/holders.ts). */
  async marketVault(mint: string): Promise<string | null> {
    const [row] = await this.db.select({ vault: markets.vault }).from(markets).where(eq(markets.mint, mint));
    return row?.vault ?? null;
  }

  /** The rows of these mints that exist (in no particular order). */
  async byMints(mints: string[]): Promise<TokenRow[]> {
    const rows: TokenRow[] = [];
    const missing: string[] = [];
    for (const mint of mints) {
      const kept = this.launchedByMint.get(mint);
      if (kept) rows.push(kept);
      else missing.push(mint);
    }
    if (!missing.length) return rows;
    const read = await this.db.select().from(tokens).where(inArray(tokens.mintAddress, missing));
    return rows.concat(read.map((r) => this.keepLaunched(this.current(r))));
  }

  async byIdempotencyKey(userId: string, key: string) {
    const [row] = await this.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.userId, userId), eq(tokens.idempotencyKey, key)))
      .limit(1);
    return this.current(row) ?? null;
  }

  /** The user's launches, newest first; failed attempts are not portfolio items. The same
   * array is returned while nothing changed, so callers may key their own caches on it. */
  async ofUser(userId: string): Promise<TokenRow[]> {
    const hit = this.lists.get(userId);
    if (hit) return hit;
    const writesBefore = this.userWrites.of(userId);
    const rows = await this.listOf(userId);
    if (this.userWrites.of(userId) === writesBefore) this.lists.set(userId, rows); // else maybe stale already
    return rows;
  }

  private async listOf(userId: string): Promise<TokenRow[]> {
    const rows = await this.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.userId, userId), ne(tokens.status, "failed")))
      .orderBy(desc(tokens.createdAt));
    return rows.map((r) => this.current(r));
  }

  /** Moves with every write of this user's rows (here, or told by another node). */
  versionOf(userId: string): number {
    return this.userWrites.of(userId);
  }

  /** Counts writes through this repo: Explore re-reads the launched tokens when it moved. */
  get version(): number {
    return this.userWrites.latest;
  }

  /** Every launched token, confirmations not yet written included (Explore's list). */
  async launched(): Promise<TokenRow[]> {
    const rows = await this.db.select().from(tokens).where(ne(tokens.status, "failed"));
    return rows.map((r) => this.current(r)).filter((r) => r.status === "active");
  }

  /** The live (or launching) tokens a new name or symbol would look like: an index lookup
   * on each skeleton. */
  async lookalikes(name: string, symbol: string): Promise<TokenRow[]> {
    const rows = await this.db
      .select()
      .from(tokens)
      .where(
        and(
          or(eq(tokens.symbolSkeleton, symbolSkeleton(symbol)), eq(tokens.nameSkeleton, nameSkeleton(name))),
          ne(tokens.status, "failed"),
        ),
      );
    return rows.map((r) => this.current(r));
  }

  /** Fills the skeletons of rows written before they existed (or after a change of the
   * lookalike tables cleared them). A row that looks like one already filled keeps NULL: the
   * other one answers for both. */
  async fillSkeletons(): Promise<number> {
    const rows = await this.db
      .select({ id: tokens.id, name: tokens.name, symbol: tokens.symbol })
      .from(tokens)
      .where(or(isNull(tokens.symbolSkeleton), isNull(tokens.nameSkeleton)));
    let filled = 0;
    for (const row of rows) {
      for (const values of [
        { symbolSkeleton: symbolSkeleton(row.symbol) },
        { nameSkeleton: nameSkeleton(row.name) },
      ]) {
        try {
          await this.db.update(tokens).set(values).where(eq(tokens.id, row.id));
          this.forget(null);
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
        }
      }
      filled++;
    }
    return filled;
  }

  /** Launches whose outcome is not known here yet. */
  async pending(): Promise<TokenRow[]> {
    const rows = await this.db.select().from(tokens).where(eq(tokens.status, "pending"));
    return rows.filter((r) => !this.launchesConfirmed.at(r.id));
  }

  async insertTransfer(values: typeof transfers.$inferInsert): Promise<TransferRow> {
    return this.transferInserts.push(newTransferRow(values));
  }

  /** The transfer is on chain: every read of this repo sees it confirmed at once. Like a
   * launch's (decision 001), the row is written behind on PGlite (start-up reconciliation
   * confirms it from the ledger if that write is lost) and committed before this resolves on a
   * shared database, which other processes read. */
  confirmTransfer(id: string): Promise<void> {
    return this.transfersConfirmed.confirm(id, `transfer ${id}`);
  }

  /** Resolves once the transfer confirmations asked for so far are in the database (for
   * readers of the table outside this repo, and reconciliation). */
  transfersWritten(): Promise<void> {
    return this.transfersConfirmed.written();
  }

  /** A transfer row as it stands, with a confirmation not yet written applied. */
  private currentTransfer(row: TransferRow | undefined): TransferRow | null {
    if (!row) return null;
    if (row.status !== "pending" || !this.transfersConfirmed.at(row.id)) return row;
    return { ...row, status: "confirmed", signedTransaction: null };
  }

  async updateTransfer(
    id: string,
    values: Partial<typeof transfers.$inferInsert>,
  ): Promise<TransferRow | null> {
    const [row] = await this.db.update(transfers).set(values).where(eq(transfers.id, id)).returning();
    return row ?? null;
  }

  async deleteTransfer(id: string): Promise<void> {
    await this.db.delete(transfers).where(eq(transfers.id, id));
  }

  async transferById(id: string): Promise<TransferRow | null> {
    const [row] = await this.db.select().from(transfers).where(eq(transfers.id, id)).limit(1);
    return this.currentTransfer(row);
  }

  /** Transfers whose outcome is not known here yet. */
  async pendingTransfers(): Promise<TransferRow[]> {
    const rows = await this.db.select().from(transfers).where(eq(transfers.status, "pending"));
    return rows.filter((r) => !this.transfersConfirmed.at(r.id));
  }

  async transferByKey(userId: string, key: string) {
    const [row] = await this.db
      .select()
      .from(transfers)
      .where(and(eq(transfers.userId, userId), eq(transfers.idempotencyKey, key)))
      .limit(1);
    return this.currentTransfer(row);
  }
}

/** Where a row created at `createdAt` goes in a list ordered newest first: after the rows
 * created later, before those created at the same moment or earlier. */
function newestFirstPosition(rows: readonly TokenRow[], createdAt: Date): number {
  const at = createdAt.getTime();
  return sortedPosition(rows, (row) => row.createdAt.getTime() > at);
}

/** The index of row `id` in a list ordered newest first (-1: absent). Its creation time, when
 * known, narrows the search to the rows created at that moment; a row's creation time never
 * changes. */
function findRow(rows: readonly TokenRow[], id: string, createdAt: Date | undefined): number {
  if (!createdAt) return rows.findIndex((r) => r.id === id);
  const at = createdAt.getTime();
  for (let i = newestFirstPosition(rows, createdAt); i < rows.length; i++) {
    const row = rows[i] as TokenRow;
    if (row.createdAt.getTime() !== at) break;
    if (row.id === id) return i;
  }
  return -1;
}
