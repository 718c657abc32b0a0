import type { CurveState } from "@shared/market/curve";
import type { MarketRepo, MarketRow, TradeRow } from "./market.repo";

// One writer per curve: every trade (and every settling of an unknown outcome) on a mint is
// built inside that mint's promise chain, with the curve's state kept here in memory. A trade
// reads the state, quotes, builds and signs, and joins the curve's pipeline (recorded, then
// executed, in build order: see docs/decisions/010-trade-pipeline.md); the next trade is built
// on its after-state. The reserves recorded always equal what the vault holds.
// With several API nodes on one PostgreSQL (a `crossProcess` lock given), a node writes a
// curve only while it holds the curve's lease: a database advisory lock taken before its
// first call runs and let go once its calls and its pipeline (trades queued, confirmations
// being written) are done. The node reloads the curve from the database with each lease, so
// it builds on what the other nodes wrote (decision 012).

/** Takes a lock held across processes; resolves with its release. */
export type CrossProcessLock = (key: string) => Promise<() => Promise<void>>;

/** A lease admits new calls this long, then drains and hands over: with both nodes trading
 * one curve, neither waits for the other to go quiet. */
const LEASE_ADMITS_MS = 100;

interface Lease {
  /** Resolves once the lock is held (rejects when it could not be taken). */
  ready: Promise<void>;
  /** Resolves once the lock is let go. */
  done: Promise<void>;
  release: (() => Promise<void>) | null;
  /** Calls inside, and trades of its pipeline not yet answered. */
  users: number;
  openedAt: number;
  closing: boolean;
  finish: () => void;
}

export interface CurveEntry {
  /** The state the next trade is built on: after every trade queued (not yet executed). */
  market: MarketRow;
  /** After the last trade the ledger executed: where `market` goes back to when a queued
   * trade fails (the ones queued behind it, built on it, are never sent). */
  executed: MarketRow;
  /** After the last trade made durable: what readers see (state, quotes). */
  shown: MarketRow;
  /** Bumped when the queued state is abandoned; a queued trade of an older epoch is dropped. */
  epoch: number;
  /** The last trade's createdAt (ms): strictly increasing per curve, so rows sort in build
   * order (reconciliation settles a curve's pending trades in that order). */
  lastCreatedMs: number;
  /** Tokens each wallet bought in the launch window (confirmed), for the per-wallet cap. */
  windowBought: Map<string, bigint>;
  /** The same with the trades queued and not yet executed: what the cap is checked on. */
  windowQueued: Map<string, bigint>;
  /** A trade's outcome is unknown (the ledger did not answer): settle before trading again. */
  unsettled: boolean;
}

export function curveOf(m: MarketRow): CurveState {
  return {
    virtualSol: m.virtualSol,
    virtualToken: m.virtualToken,
    realSol: m.realSol,
    realToken: m.realToken,
    initialRealToken: m.initialRealToken,
  };
}

export class CurveBook {
  private tails = new Map<string, Promise<unknown>>();
  private entries = new Map<string, CurveEntry>();
  private leases = new Map<string, Lease>();
  /** The lease the call running now (one per mint at a time) holds. */
  private running = new Map<string, Lease>();

  constructor(
    private repo: MarketRepo,
    private crossProcess?: CrossProcessLock,
  ) {}

  /** Runs `fn` alone for this mint, after every earlier call for it has finished (and, across
   * processes, while this process holds the curve's lease). */
  exclusive<T>(mint: string, fn: () => Promise<T>): Promise<T> {
    if (!this.crossProcess) return this.serial(mint, fn);
    const lease = this.leaseFor(mint);
    lease.users++;
    const run = this.serial(mint, async () => {
      await lease.ready;
      this.running.set(mint, lease);
      try {
        return await fn();
      } finally {
        this.running.delete(mint);
      }
    });
    void run.then(
      () => this.leave(mint, lease),
      () => this.leave(mint, lease),
    );
    return run;
  }

  /** Keeps this process's lease on the curve until the returned function is called: for a
   * trade that goes on behind the lock (its execution and confirmation). Call inside
   * `exclusive`. */
  hold(mint: string): () => void {
    const lease = this.running.get(mint);
    if (!lease) return () => undefined;
    lease.users++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.leave(mint, lease);
    };
  }

  /** The open lease, or a new one taken once the one before is let go. */
  private leaseFor(mint: string): Lease {
    const open = this.leases.get(mint);
    if (open && !open.closing && Date.now() - open.openedAt < LEASE_ADMITS_MS) return open;
    if (open) open.closing = true;
    const before = open?.done ?? Promise.resolve();
    let finish: () => void = () => undefined;
    const lease: Lease = {
      ready: Promise.resolve(),
      done: new Promise<void>((resolve) => {
        finish = resolve;
      }),
      release: null,
      users: 0,
      openedAt: Date.now(),
      closing: false,
      finish,
    };
    const lock = this.crossProcess as CrossProcessLock;
    lease.ready = before
      .then(() => lock(`curve:${mint}`))
      .then(async (release) => {
        lease.release = release;
        lease.openedAt = Date.now();
        // Other nodes may have traded since this process last held it.
        this.entries.delete(mint);
      });
    lease.ready.catch(() => undefined);
    this.leases.set(mint, lease);
    return lease;
  }

  /** One call or trade is done with the lease; the last one out lets the lock go. */
  private leave(mint: string, lease: Lease): void {
    lease.users--;
    if (lease.users > 0) return;
    lease.closing = true;
    if (this.leases.get(mint) === lease) this.leases.delete(mint);
    void lease.ready
      .then(async () => {
        // Readers must not go on seeing this process's copy while others write.
        if (!this.leases.has(mint)) this.entries.delete(mint);
        await lease.release?.();
      })
      .catch(() => undefined)
      .finally(lease.finish);
  }

  private serial<T>(mint: string, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(mint) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.tails.set(mint, tail);
    void tail.then(() => {
      if (this.tails.get(mint) === tail) this.tails.delete(mint);
    });
    return run;
  }

  /** The curve's entry (loaded once from the database); call inside `exclusive`. Null when
   * the token has no market row. */
  async entry(mint: string): Promise<CurveEntry | null> {
    const known = this.entries.get(mint);
    if (known) return known;
    // Read together: across processes the curve is loaded again with every lease.
    const [market, buys, pending] = await Promise.all([
      this.repo.market(mint),
      this.repo.launchWindowBuys(mint),
      // Another node (or one that died) may have left a trade whose outcome is unknown.
      this.crossProcess ? this.repo.pendingSignedTrades(mint) : [],
    ]);
    if (!market) return null;
    const windowBought = new Map<string, bigint>();
    for (const b of buys) windowBought.set(b.trader, b.tokens);
    const unsettled = pending.length > 0;
    const entry: CurveEntry = {
      market,
      executed: market,
      shown: market,
      epoch: 0,
      lastCreatedMs: 0,
      windowBought,
      windowQueued: new Map(windowBought),
      unsettled,
    };
    this.entries.set(mint, entry);
    return entry;
  }

  /** The last known row, without waiting for the lock (reads: state and quotes). */
  peek(mint: string): MarketRow | null {
    return this.entries.get(mint)?.shown ?? null;
  }

  /** Launch-window buys per wallet as the writer knows them, when the curve is loaded. */
  peekWindowBought(mint: string): ReadonlyMap<string, bigint> | null {
    return this.entries.get(mint)?.windowBought ?? null;
  }

  /** Owed creator fees of this mint were paid out (the database row already says so): the
   * copies in memory owe that much less too. */
  creatorFeesPaid(mint: string, lamports: bigint): void {
    const entry = this.entries.get(mint);
    if (!entry) return;
    const less = (m: MarketRow): MarketRow => ({
      ...m,
      feesCreatorOwedLamports: m.feesCreatorOwedLamports - lamports,
    });
    entry.market = less(entry.market);
    entry.executed = less(entry.executed);
    entry.shown = less(entry.shown);
  }

  /** Forget a curve: the next use reloads it from the database. */
  drop(mint: string): void {
    this.entries.delete(mint);
  }
}

/** A market row moved by one trade (reserves to its after-state, fees and creator buy added). */
export function advance(m: MarketRow, row: TradeRow, completedAt: Date | null): MarketRow {
  return {
    ...m,
    virtualSol: row.virtualSolAfter,
    virtualToken: row.virtualTokenAfter,
    realSol: row.realSolAfter,
    realToken: row.realTokenAfter,
    feesCreatorLamports: m.feesCreatorLamports + row.creatorFee,
    feesPlatformLamports: m.feesPlatformLamports + row.platformFee,
    feesCreatorOwedLamports: m.feesCreatorOwedLamports + (row.creatorFeeOwed ? row.creatorFee : 0n),
    creatorBuyTokens: m.creatorBuyTokens + (row.creatorBuy ? row.tokens : 0n),
    ...(completedAt ? { status: "completed" as const, completedAt } : {}),
  };
}

/** The curve a trade was built on: its after-state less what it moved. */
function beforeOf(row: TradeRow): Omit<CurveState, "initialRealToken"> {
  const sign = row.side === "buy" ? -1n : 1n;
  return {
    virtualSol: row.virtualSolAfter + sign * row.curveSol,
    virtualToken: row.virtualTokenAfter - sign * row.tokens,
    realSol: row.realSolAfter + sign * row.curveSol,
    realToken: row.realTokenAfter - sign * row.tokens,
  };
}

/** Whether a trade was built on exactly this curve state. */
export function builtOn(
  row: TradeRow,
  m: Pick<MarketRow, "virtualSol" | "virtualToken" | "realSol" | "realToken">,
): boolean {
  const b = beforeOf(row);
  return (
    b.virtualSol === m.virtualSol &&
    b.virtualToken === m.virtualToken &&
    b.realSol === m.realSol &&
    b.realToken === m.realToken
  );
}
