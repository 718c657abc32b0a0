import type { CurveState } from "@shared/market/curve";
import type { MarketRepo, MarketRow, TradeRow } from "./market.repo";

// One writer per curve: every trade (and every settling of an unknown outcome) on a mint is
// built inside that mint's promise chain, with the curve's state kept here in memory. A trade
// reads the state, quotes, builds and signs, and joins the curve's pipeline (recorded, then
// executed, in build order: see docs/decisions/010-trade-pipeline.md); the next trade is built
// on its after-state. The reserves recorded always equal what the vault holds.

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

  constructor(private repo: MarketRepo) {}

  /** Runs `fn` alone for this mint, after every earlier call for it has finished. */
  exclusive<T>(mint: string, fn: () => Promise<T>): Promise<T> {
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
    const market = await this.repo.market(mint);
    if (!market) return null;
    const windowBought = new Map<string, bigint>();
    for (const b of await this.repo.launchWindowBuys(mint)) windowBought.set(b.trader, b.tokens);
    const entry: CurveEntry = {
      market,
      executed: market,
      shown: market,
      epoch: 0,
      lastCreatedMs: 0,
      windowBought,
      windowQueued: new Map(windowBought),
      unsettled: false,
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
