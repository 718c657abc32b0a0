import type { OwnerBalances } from "@shared/holders";
import type { BalanceFacts, CommittedTransaction, Ledger, SignatureInfo } from "../../ledger/ledger";
import { BoundedCache } from "../../lib/bounded-cache";
import { KeyVersions } from "../../lib/key-versions";
import { errorText } from "../../lib/safe-error";
import { balanceDeltas, mintsOf } from "./balance-deltas";
import { applyHolderMoves, type HolderMove, type HolderTop, holdersGained } from "./holder-top";
import type {
  BalanceChangeRow,
  CursorAdvance,
  CursorRow,
  IndexerRepo,
  IngestRow,
  WrittenRow,
} from "./indexer.repo";
import { LagWindow } from "./lag-window";

// The one reader of chain history: every transaction that touches a platform mint becomes
// per-owner balance changes and current holders (docs/indexer.md). All ingestion runs through
// one serial queue, so each mint's changes are written in chain order and the write path has a
// single writer; reads are served from per-mint caches that each write drops.

interface Deps {
  repo: IndexerRepo;
  ledger: Ledger;
  log: { warn(message: string): void };
  /** How often to look for new platform mints, and (RPC ledger) poll each mint's signatures. */
  pollMs: number;
  /** RPC ledger: at most this many requests a second (devnet allows ~100 per 10 s per IP). */
  rpcPerSecond: number;
  /** Told which mints' holdings changed after each write (Explore re-reads their cards; other
   * nodes drop their caches of them). */
  onHoldersChanged?: (mints: Set<string>) => void;
  /** A follower's read-your-writes: how often it looks for a signature in the tables. */
  followerPollMs?: number;
}

export interface IndexerHealth {
  ok: boolean;
  /** Leader: this process ingests. Follower: another node does; this one reads its tables. */
  role: "leader" | "follower";
  /** Where it reads from: the embedded ledger's commit stream, or polling an RPC cluster. */
  source: "commit-stream" | "rpc-poll";
  /** Start-up catch-up (missed commits, backfills) is done. */
  caughtUp: boolean;
  /** p99 of commit -> indexed over the recent transactions (null before the first). */
  lagMs: number | null;
  /** The median of the same. */
  lagP50Ms: number | null;
  lastIndexedSlot: string;
  /** Signatures seen but not yet indexed. */
  behind: number;
  detail?: string;
}

export interface HolderView {
  owner: string;
  balance: bigint;
  firstHeldAt: Date | null;
}

interface LiveItem {
  signature: string;
  seenAt: number;
  /** Platform mints the transaction names (counted for `drained`). */
  mints: string[];
  /** Every account it names: a mint learnt after it was enqueued is counted from these. */
  accounts: string[];
  /** What it did, when the commit notice carried it (else read back from the ledger). */
  facts: BalanceFacts | null;
}

/** Every live item, and those of one mint: how many were enqueued and how many are done. */
const ALL = "*";

/** Transactions per database write on the live path. */
const LIVE_BATCH = 256;
/** Signatures per database write while catching up. */
const CATCH_UP_BATCH = 100;
/** The largest page getSignaturesForAddress returns. */
const SIGNATURE_PAGE = 1000;
/** Holders kept per mint in memory (largest first). */
const TOP_HOLDERS = 1000;
/** A signature listed but still not readable this long after its block is skipped. */
const UNREADABLE_AFTER_S = 300;
/** How long a mint found not to be a platform mint is trusted to stay so. */
const NOT_PLATFORM_MS = 10_000;

/** The transaction made the mint's account (it had no lamports before). */
function createdIn(record: BalanceFacts, mint: string): boolean {
  const i = record.accountKeys.indexOf(mint);
  return i !== -1 && record.preBalances[i] === 0n && (record.postBalances[i] ?? 0n) > 0n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class IndexerService {
  /** Mints of launches that did not fail (see IndexerRepo.platformMints). */
  private readonly platform = new Set<string>();
  private readonly notPlatform = new Map<string, number>();
  private readonly cursors = new Map<string, CursorRow>();
  private readonly live: LiveItem[] = [];
  /** The live items being written now (taken from `live` by drainLive). */
  private writingLive: LiveItem[] = [];
  private queue: Promise<void> = Promise.resolve();
  private drainQueued = false;
  private sweepQueued = false;
  private catchingUp = 0;
  /** Signatures of the commit stream not yet written. */
  private readonly waiting = new Set<string>();
  /** "signature:mint" a catch-up wrote while that signature was waiting in the stream: the
   * live path leaves those out. Nothing else can have written a live signature (a
   * catch-up only lists what was already announced), so the live path needs no check. */
  private readonly covered = new Set<string>();
  private started = false;
  /** Start-up catch-up finished: until then the commit stream is only buffered. */
  private caughtUp = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastError: string | null = null;
  private lastIndexedSlot = 0n;
  private readonly lag = new LagWindow(1000);
  /** Live items enqueued and finished, in all (ALL) and per platform mint, for `drained`. */
  private readonly progress = new Map<string, { enqueued: number; done: number }>();
  private drainWaiters: Array<{ key: string; target: number; resolve: () => void }> = [];
  /** Signatures indexed lately (also those that touched no platform mint). */
  private readonly processed = new BoundedCache<string, true>({ max: 50_000 });
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly holderCache = new BoundedCache<string, HolderTop>({
    max: 10_000,
  });
  private readonly countCache = new BoundedCache<string, number>({ max: 100_000 });
  /** Moved on every write of a mint: a read that raced a write does not cache. */
  private readonly mintWrites = new KeyVersions();
  private nextRpcAt = 0;

  constructor(private readonly deps: Deps) {}

  private get polling(): boolean {
    return !this.deps.ledger.onCommit;
  }

  /** Not ingesting (another node leads, docs/decisions/013): reads go to the tables the
   * leader writes, past this process's caches, which nothing of its own would move. */
  private get following(): boolean {
    return !this.started && !this.stopped;
  }

  /** Ingesting now: this process leads. */
  get isRunning(): boolean {
    return this.started && !this.stopped;
  }

  /** Follows the chain: the commit stream at once (buffered until start-up catch-up is done),
   * then every mint caught up from its cursor (backfilled from its first transaction when it
   * has none), then a sweep every pollMs. Returns at once: nothing waits for it. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.unsubscribe = this.deps.ledger.onCommit?.((tx) => this.committed(tx)) ?? null;
    this.enqueue(() => this.catchUpAll());
    this.timer = setInterval(() => this.scheduleSweep(), this.deps.pollMs);
    this.timer.unref();
  }

  /** Stops following; the batch being written finishes first. What was not indexed yet is
   * caught up from the cursors at the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    await this.queue;
    for (const w of this.drainWaiters) w.resolve();
    this.drainWaiters = [];
  }

  health(): IndexerHealth {
    const ok = this.following || (this.started && !this.stopped && this.lastError === null);
    return {
      ok,
      role: this.following ? "follower" : "leader",
      source: this.polling ? "rpc-poll" : "commit-stream",
      caughtUp: this.caughtUp,
      lagMs: this.lag.percentile(99),
      lagP50Ms: this.lag.percentile(50),
      lastIndexedSlot: this.lastIndexedSlot.toString(),
      behind: this.live.length + this.catchingUp,
      ...(this.lastError ? { detail: this.lastError } : {}),
    };
  }

  // ---- ingestion -------------------------------------------------------------------------

  private enqueue(job: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.stopped) return;
      try {
        await job();
        this.lastError = null;
      } catch (err) {
        this.lastError = failureText(err);
        this.deps.log.warn(this.lastError);
      }
    });
  }

  private committed(tx: CommittedTransaction): void {
    const mints = tx.accounts.filter((a) => this.platform.has(a));
    this.live.push({
      signature: tx.signature,
      seenAt: performance.now(),
      mints,
      accounts: tx.accounts,
      facts: tx.facts ?? null,
    });
    this.waiting.add(tx.signature);
    for (const key of [ALL, ...mints]) {
      const entry = this.progress.get(key) ?? { enqueued: 0, done: 0 };
      entry.enqueued += 1;
      this.progress.set(key, entry);
    }
    if (!this.drainQueued) {
      this.drainQueued = true;
      this.enqueue(() => this.drainLive());
    }
  }

  private scheduleSweep(): void {
    if (this.sweepQueued || this.stopped) return;
    this.sweepQueued = true;
    this.enqueue(async () => {
      this.sweepQueued = false;
      await this.sweep();
    });
  }

  private async drainLive(): Promise<void> {
    this.drainQueued = false;
    if (!this.caughtUp) return;
    let failures = 0;
    while (this.live.length && !this.stopped) {
      const batch = this.live.splice(0, LIVE_BATCH);
      this.writingLive = batch;
      try {
        await this.ingestLive(batch);
        for (const item of batch) this.waiting.delete(item.signature);
        failures = 0;
        for (const item of batch)
          for (const key of [ALL, ...item.mints]) {
            const entry = this.progress.get(key);
            if (!entry) continue;
            entry.done += 1;
            if (entry.done >= entry.enqueued) this.progress.delete(key);
          }
        this.releaseDrainWaiters();
      } catch (err) {
        // Kept in order at the front; the database may be back in a moment.
        this.live.unshift(...batch);
        failures += 1;
        this.lastError = failureText(err);
        if (failures === 1) this.deps.log.warn(this.lastError);
        await sleep(Math.min(5000, 100 * 2 ** failures));
      }
    }
    this.writingLive = [];
  }

  /** Transactions from the commit stream, in commit order: every platform mint they touch. */
  private async ingestLive(batch: LiveItem[]): Promise<void> {
    const records = await Promise.all(
      batch.map((item) => item.facts ?? this.deps.ledger.getTransaction(item.signature)),
    );
    const seen = new Set<string>();
    for (const record of records) if (record) for (const mint of mintsOf(record)) seen.add(mint);
    // A launch's own commit names its mint before the indexer knows it as a platform mint:
    // once it does, what is in flight or queued that names it is counted under it too, so a
    // reader of that mint (drained) waits for it rather than reading holders before it.
    await this.learnMints([...seen], (mint) => {
      for (const [i, item] of batch.entries()) {
        const record = records[i];
        if (record && mintsOf(record).has(mint)) this.countUnder(item, mint);
      }
      for (const item of this.live) if (item.accounts.includes(mint)) this.countUnder(item, mint);
    });
    // A platform mint without a cursor is new (cursors are loaded at start and kept): its
    // whole history first, which includes this batch's transactions of it. A mint created in
    // this batch has no history before it, and everything after is in the stream in order:
    // its rows come from the batch (a launch burst would otherwise cost a catch-up each).
    const created = new Set<string>();
    for (const mint of seen) {
      if (!this.platform.has(mint) || this.cursors.has(mint)) continue;
      if (records.some((record) => record && createdIn(record, mint))) created.add(mint);
      else await this.catchUp(mint, false, true);
    }
    const rows: IngestRow[] = [];
    const advances = new Map<string, CursorAdvance>();
    for (const record of records) {
      if (!record) continue;
      const sig = record.signature;
      rows.push(
        ...this.rowsOf(record, (mint) => this.platform.has(mint) && !this.covered.has(`${sig}:${mint}`)),
      );
      for (const mint of mintsOf(record))
        if (this.platform.has(mint) && record.accountKeys.includes(mint))
          advances.set(mint, {
            mint,
            signature: record.signature,
            slot: record.slot,
            ...(created.has(mint) ? { backfilled: true } : {}),
          });
    }
    const written =
      rows.length || advances.size
        ? await this.deps.repo.write(rows, [...advances.values()], { known: true, newMints: created })
        : [];
    for (const record of records)
      if (record) for (const mint of mintsOf(record)) this.covered.delete(`${record.signature}:${mint}`);
    this.afterWrite(written, [...advances.values()]);
    const now = performance.now();
    for (const [i, item] of batch.entries()) {
      const record = records[i];
      if (record && rows.some((r) => r.signature === item.signature)) this.lag.add(now - item.seenAt);
      this.markProcessed(item.signature);
    }
  }

  private rowsOf(
    record: BalanceFacts,
    wanted: (mint: string) => boolean,
    blockTime?: number | null,
  ): IngestRow[] {
    const seconds = record.blockTime ?? blockTime ?? Math.floor(Date.now() / 1000);
    const at = new Date(seconds * 1000);
    return balanceDeltas(record, wanted).map((d) => ({
      signature: record.signature,
      mint: d.mint,
      owner: d.owner,
      delta: d.delta,
      slot: record.slot,
      blockTime: at,
    }));
  }

  private countUnder(item: LiveItem, mint: string): void {
    if (item.mints.includes(mint)) return;
    item.mints.push(mint);
    const entry = this.progress.get(mint) ?? { enqueued: 0, done: 0 };
    entry.enqueued += 1;
    this.progress.set(mint, entry);
  }

  /** Sorts mints never seen before into platform mints and others (a small cache for the
   * latter: the commit stream also carries tokens launched elsewhere); `learnt` hears of each
   * new platform mint at the moment it becomes one. */
  private async learnMints(mints: string[], learnt?: (mint: string) => void): Promise<void> {
    const now = Date.now();
    const unknown = mints.filter((m) => !this.platform.has(m) && (this.notPlatform.get(m) ?? 0) <= now);
    if (!unknown.length) return;
    const found = new Set(await this.deps.repo.platformMints(unknown));
    for (const mint of unknown) {
      if (found.has(mint)) {
        this.platform.add(mint);
        this.notPlatform.delete(mint);
        learnt?.(mint);
      } else this.notPlatform.set(mint, now + NOT_PLATFORM_MS);
    }
    if (this.notPlatform.size > 100_000) this.notPlatform.clear();
  }

  /** Start-up: every platform mint caught up from its cursor, missed commits included. */
  private async catchUpAll(): Promise<void> {
    const [mints, cursors] = await Promise.all([this.deps.repo.platformMints(), this.deps.repo.cursors()]);
    for (const c of cursors) this.cursors.set(c.mint, c);
    for (const m of mints) this.platform.add(m);
    for (const mint of mints) {
      if (this.stopped) return;
      await this.catchUp(mint, false);
    }
    this.caughtUp = true;
    if (this.live.length && !this.drainQueued) {
      this.drainQueued = true;
      this.enqueue(() => this.drainLive());
    }
  }

  /** RPC ledger: every platform mint (new ones backfilled) polled for signatures since its
   * cursor. Either ledger: a start-up catch-up that failed is tried again. */
  private async sweep(): Promise<void> {
    if (!this.caughtUp) return this.catchUpAll();
    // Embedded: once caught up, the commit stream carries every new mint (its row is written
    // before its launch is sent), so there is nothing to poll.
    if (!this.polling) return;
    const mints = await this.deps.repo.platformMints();
    for (const m of mints) {
      this.platform.add(m);
      this.notPlatform.delete(m);
    }
    for (const mint of mints) {
      if (this.stopped) return;
      await this.catchUp(mint, true);
    }
  }

  /** Ingests one mint's signatures newer than its cursor, oldest first, in batches that each
   * move the cursor. With no cursor this pages back to the mint's first transaction.
   *
   * Limit: getSignaturesForAddress(mint) lists transactions that name the mint account. A
   * plain (non-Checked) Token transfer does not, so catch-up (and RPC polling) cannot see it;
   * the embedded ledger's commit stream does. The platform itself only sends TransferChecked. */
  private async catchUp(mint: string, polled: boolean, newMint = false): Promise<void> {
    const cursor = this.cursors.get(mint) ?? null;
    const found: SignatureInfo[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await this.rpc(() =>
        this.deps.ledger.getSignaturesForAddress(mint, {
          limit: SIGNATURE_PAGE,
          before,
          until: cursor?.lastSignature ?? undefined,
        }),
      );
      found.push(...page);
      const last = page.at(-1);
      if (page.length < SIGNATURE_PAGE || !last) break;
      before = last.signature;
    }
    if (!found.length) return;
    found.reverse();
    let pending = found.length;
    this.catchingUp += pending;
    try {
      for (let i = 0; i < found.length; i += CATCH_UP_BATCH) {
        if (this.stopped) return;
        const infos = found.slice(i, i + CATCH_UP_BATCH);
        const records: Array<BalanceFacts | null> = [];
        for (const info of infos)
          records.push(await this.rpc(() => this.deps.ledger.getTransaction(info.signature)));
        // Not yet readable (a cluster's nodes lag one another): stop before it, retry later.
        // One long past that the cluster no longer serves is passed over, not waited for.
        const nowSeconds = Date.now() / 1000;
        const readable = records.findIndex((r, j) => {
          const blockTime = infos[j]?.blockTime ?? null;
          const gone = blockTime !== null && nowSeconds - blockTime > UNREADABLE_AFTER_S;
          if (r === null && gone)
            this.deps.log.warn(`indexer: ${infos[j]?.signature} cannot be read; skipped`);
          return r === null && !gone;
        });
        const upTo = readable === -1 ? infos.length : readable;
        if (upTo === 0) return;
        const rows: IngestRow[] = [];
        for (let j = 0; j < upTo; j++) {
          const record = records[j];
          if (record) rows.push(...this.rowsOf(record, (m) => m === mint, infos[j]?.blockTime));
        }
        const newest = infos[upTo - 1] as SignatureInfo;
        const done = readable === -1 && i + CATCH_UP_BATCH >= found.length;
        const advance: CursorAdvance = {
          mint,
          signature: newest.signature,
          slot: newest.slot,
          backfilled: !cursor?.backfilledAt && done ? true : undefined,
        };
        // A mint new to this process has nothing in the tables: no need to ask them.
        const written = await this.deps.repo.write(
          rows,
          [advance],
          newMint ? { known: true, newMints: new Set([mint]) } : {},
        );
        this.afterWrite(written, [advance]);
        for (let j = 0; j < upTo; j++) {
          const sig = (infos[j] as SignatureInfo).signature;
          if (this.waiting.has(sig)) this.covered.add(`${sig}:${mint}`);
        }
        pending -= upTo;
        this.catchingUp -= upTo;
        const now = Date.now();
        for (let j = 0; j < upTo; j++) {
          const info = infos[j] as SignatureInfo;
          // Polled lag: from the block's time (whole seconds) to now.
          if (polled && info.blockTime !== null && rows.some((r) => r.signature === info.signature))
            this.lag.add(Math.max(0, now - info.blockTime * 1000));
          this.markProcessed(info.signature);
        }
        if (readable !== -1) return;
      }
    } finally {
      this.catchingUp -= pending;
    }
  }

  /** An RPC ledger call, paced to stay inside the cluster's rate limit. */
  private async rpc<T>(call: () => Promise<T>): Promise<T> {
    if (this.deps.ledger.info.kind === "rpc") {
      const now = Date.now();
      const at = Math.max(now, this.nextRpcAt);
      this.nextRpcAt = at + 1000 / this.deps.rpcPerSecond;
      if (at > now) await sleep(at - now);
    }
    return call();
  }

  private afterWrite(written: WrittenRow[], advances: CursorAdvance[]) {
    // Each owner's net move per mint in this write, in the order the rows were written.
    const moves = new Map<string, Map<string, HolderMove>>();
    for (const row of written) {
      this.mintWrites.bump(row.mint);
      const ofMint = moves.get(row.mint) ?? new Map<string, HolderMove>();
      moves.set(row.mint, ofMint);
      const before = ofMint.get(row.owner)?.before ?? row.balanceAfter - row.delta;
      ofMint.set(row.owner, {
        owner: row.owner,
        before,
        after: row.balanceAfter,
        firstHeldAt: row.firstHeldAt,
      });
      if (row.slot > this.lastIndexedSlot) this.lastIndexedSlot = row.slot;
    }
    // What is kept is brought up to date from the write itself rather than dropped and read
    // again: a busy token's page would otherwise re-read its holders after every transfer.
    for (const [mint, ofMint] of moves) {
      const list = [...ofMint.values()];
      const kept = this.holderCache.get(mint);
      const next = kept && applyHolderMoves(kept, list, TOP_HOLDERS);
      if (next) this.holderCache.set(mint, next);
      else this.holderCache.delete(mint);
      const count = this.countCache.get(mint);
      if (count !== undefined) this.countCache.set(mint, count + holdersGained(list));
    }
    if (written.length) this.deps.onHoldersChanged?.(new Set(written.map((row) => row.mint)));
    for (const a of advances) {
      const old = this.cursors.get(a.mint);
      this.cursors.set(a.mint, {
        mint: a.mint,
        lastSignature: a.signature,
        lastSlot: a.slot,
        backfilledAt: old?.backfilledAt ?? (a.backfilled ? new Date() : null),
      });
      if (a.slot > this.lastIndexedSlot) this.lastIndexedSlot = a.slot;
    }
  }

  /** Another node wrote these mints' holdings: what is kept of them goes. */
  dropCached(mints: Iterable<string>): void {
    for (const mint of mints) {
      this.mintWrites.bump(mint);
      this.holderCache.delete(mint);
      this.countCache.delete(mint);
    }
  }

  /** Notices were missed (the change bus reconnected): everything kept is read again. */
  dropAllCached(): void {
    this.mintWrites.bumpAll();
    this.holderCache.clear();
    this.countCache.clear();
  }

  private markProcessed(signature: string): void {
    this.processed.set(signature, true);
    const waiting = this.waiters.get(signature);
    if (waiting) {
      this.waiters.delete(signature);
      for (const resolve of waiting) resolve();
    }
  }

  private releaseDrainWaiters(): void {
    const isReady = (w: { key: string; target: number }) =>
      (this.progress.get(w.key)?.done ?? w.target) >= w.target;
    const ready = this.drainWaiters.filter(isReady);
    if (!ready.length) return;
    this.drainWaiters = this.drainWaiters.filter((w) => !isReady(w));
    for (const w of ready) w.resolve();
  }

  // ---- reads -----------------------------------------------------------------------------

  /** Resolves once `signature` is indexed (rejects after timeoutMs): read-your-writes. */
  async waitForSignature(signature: string, timeoutMs: number): Promise<void> {
    if (this.processed.get(signature)) return;
    if (this.following) return this.pollForSignature(signature, timeoutMs);
    const wait = this.whenProcessed(signature);
    // Indexed before this process remembers (a restart): the table says so. Checked beside
    // the wait, so a busy database never delays hearing it from the queue. Not for one this
    // process is writing: its row may be in before what is kept here is brought up to date.
    this.deps.repo.hasSignature(signature).then(
      (found) => found && !this.waiting.has(signature) && wait.resolve(),
      () => {},
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`signature ${signature} was not indexed within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([wait.done, timeout]);
    } finally {
      clearTimeout(timer);
      wait.stop();
    }
  }

  /** Resolves `done` when markProcessed sees the signature (or `resolve` is called); `stop`
   * takes the waiter off the list. */
  private whenProcessed(signature: string) {
    let resolve = () => {};
    const done = new Promise<void>((r) => (resolve = r));
    const set = this.waiters.get(signature) ?? new Set();
    set.add(resolve);
    this.waiters.set(signature, set);
    const stop = () => {
      set.delete(resolve);
      if (!set.size && this.waiters.get(signature) === set) this.waiters.delete(signature);
    };
    return { done, resolve, stop };
  }

  /** A follower waits for the leader's rows of the signature (bounded by timeoutMs). */
  private async pollForSignature(signature: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await this.deps.repo.hasSignature(signature)) return;
      if (Date.now() >= deadline)
        throw new Error(`signature ${signature} was not indexed within ${timeoutMs} ms`);
      await sleep(Math.min(this.deps.followerPollMs ?? 100, Math.max(1, deadline - Date.now())));
    }
  }

  /** Waits (at most timeoutMs) until the commits seen so far (of `mint`, when it is a known
   * platform mint) are indexed: a read right after a write through this process then sees it.
   * No-op on a polled RPC ledger, and on a follower (it sees nothing commit). */
  async drained(timeoutMs: number, mint?: string): Promise<void> {
    // A known platform mint waits for its own commits only (a busy token does not slow the
    // pages of others); any other (a launch not yet seen) for all the commits seen so far.
    const key = mint !== undefined && this.platform.has(mint) ? mint : ALL;
    const entry = this.progress.get(key);
    // Still catching up at start-up, or retrying a failed write: answer with what is indexed
    // rather than make every reader wait out the timeout.
    if (!entry || entry.done >= entry.enqueued || this.stopped || !this.caughtUp || this.lastError !== null)
      return;
    const target = entry.enqueued;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.drainWaiters.push({
        key,
        target,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /** Waits (at most timeoutMs) until the commits seen so far that name `mint` and one of
   * `accounts` (a reader's wallets) are indexed: whoever sent a transfer or a trade sees it on
   * the token page at once, while other readers of a busy token get what is indexed now
   * rather than wait out the indexer's lag behind everyone's commits. */
  async ownCommitsIndexed(timeoutMs: number, mint: string, accounts: readonly string[]): Promise<void> {
    if (!accounts.length || this.stopped || !this.caughtUp || this.lastError !== null) return;
    const theirs = (item: LiveItem) =>
      item.accounts.includes(mint) &&
      accounts.some((a) => item.accounts.includes(a)) &&
      !this.processed.get(item.signature);
    const signatures = [...this.writingLive, ...this.live].filter(theirs).map((item) => item.signature);
    if (!signatures.length) return;
    const waits = signatures.map((signature) => this.whenProcessed(signature));
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        Promise.all(waits.map((w) => w.done)),
        new Promise((r) => (timer = setTimeout(r, timeoutMs))),
      ]);
    } finally {
      clearTimeout(timer);
      for (const wait of waits) wait.stop();
    }
  }

  private async holderEntry(mint: string) {
    const hit = this.following ? undefined : this.holderCache.get(mint);
    if (hit) return hit;
    const generation = this.mintWrites.of(mint);
    const [top, count] = await Promise.all([
      this.deps.repo.topHolders(mint, TOP_HOLDERS),
      this.deps.repo.holderCount(mint),
    ]);
    const entry = { top, count };
    if (this.mintWrites.of(mint) === generation) this.holderCache.set(mint, entry);
    return entry;
  }

  /** A mint's holders with a positive balance (at least minBalance), largest first. */
  async holders(mint: string, options: { limit: number; minBalance?: bigint }): Promise<HolderView[]> {
    const limit = Math.max(0, Math.min(options.limit, TOP_HOLDERS));
    const min = options.minBalance ?? 1n;
    const { top } = await this.holderEntry(mint);
    return top.filter((h) => h.balance >= min).slice(0, limit);
  }

  /** Balances as `holderFigures` (src/shared/holders.ts) counts them: the largest owners, enough
   * to list `limit` holders past the `lookup` owners (the non-holders, the creator), the owner
   * count, and what each `lookup` owner holds. Served from the kept top list; an owner below it
   * is read from the table. */
  async ownerBalances(
    mint: string,
    options: { limit: number; lookup: Iterable<string> },
  ): Promise<Omit<OwnerBalances, "mintSupply">> {
    const { top, count } = await this.holderEntry(mint);
    const lookup = [...new Set(options.lookup)];
    const ranked = new Map(top.map((h) => [h.owner, h.balance]));
    const complete = top.length >= count;
    const known = new Map<string, bigint>();
    await Promise.all(
      lookup.map(async (owner) => {
        const kept = ranked.get(owner);
        const balance = kept ?? (complete ? 0n : ((await this.deps.repo.holder(mint, owner))?.balance ?? 0n));
        if (balance > 0n) known.set(owner, balance);
      }),
    );
    return { largest: top.slice(0, options.limit + lookup.length), owners: count, known };
  }

  /** Moves whenever the mint's holders are written (readers key caches of them on it). */
  holdersVersion(mint: string): number {
    return this.mintWrites.of(mint);
  }

  /** How many owners hold a positive balance of the mint. */
  async holderCount(mint: string): Promise<number> {
    return (await this.holderEntry(mint)).count;
  }

  /** Holder counts of many mints at once (explore lists and sorts): from memory where known,
   * the rest in one query. Every mint asked for is in the answer (0 without holders). */
  async holderCounts(mints: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const missing: string[] = [];
    for (const mint of mints) {
      const known = this.following
        ? undefined
        : (this.countCache.get(mint) ?? this.holderCache.get(mint)?.count);
      if (known === undefined) missing.push(mint);
      else out.set(mint, known);
    }
    for (let i = 0; i < missing.length; i += 1000) {
      const part = missing.slice(i, i + 1000);
      const generations = part.map((m) => this.mintWrites.of(m));
      const counts = await this.deps.repo.holderCounts(part);
      part.forEach((mint, j) => {
        const n = counts.get(mint) ?? 0;
        out.set(mint, n);
        if (this.mintWrites.of(mint) === generations[j]) this.countCache.set(mint, n);
      });
    }
    return out;
  }

  /** What an owner holds of each platform mint (positive balances only), read from the
   * table: a rare read (reward holdings' value), so nothing kept to go stale. */
  async balancesOf(owner: string): Promise<Map<string, bigint>> {
    const rows = await this.deps.repo.balancesOf(owner);
    return new Map(rows.map((r) => [r.mint, r.balance]));
  }

  /** Since when the owner has held the mint without touching 0; null when it holds none. */
  async holderSince(mint: string, owner: string): Promise<Date | null> {
    const row = await this.deps.repo.holder(mint, owner);
    return row && row.balance > 0n ? row.firstHeldAt : null;
  }

  /** Balance changes of a mint or an owner, newest first (chain order for each mint), with a
   * cursor for the next page (null on the last). */
  async changes(
    filter: { mint: string } | { owner: string },
    options: { since?: Date; cursor?: string; limit: number },
  ): Promise<{ changes: BalanceChangeRow[]; nextCursor: string | null }> {
    const limit = Math.max(1, Math.min(options.limit, 1000));
    const beforeSeq =
      options.cursor && /^\d{1,19}$/.test(options.cursor) ? BigInt(options.cursor) : undefined;
    const changes = await this.deps.repo.changes(filter, { since: options.since, beforeSeq, limit });
    const last = changes.at(-1);
    return { changes, nextCursor: changes.length === limit && last ? last.seq.toString() : null };
  }
}

/** What health and the log say of a failure: its classes and codes, never its message (a
 * failed query's message carries the query and its values). */
function failureText(err: unknown): string {
  return `indexing failed, retrying: ${errorText(err)}`;
}
