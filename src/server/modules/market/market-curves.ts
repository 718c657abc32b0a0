import type { CurveState } from "@shared/market/curve";
import type { MarketRepo, MarketRow } from "./market.repo";

// One writer per curve: every trade (and every settling of an unknown outcome) on a mint runs
// inside that mint's promise chain, with the curve's state kept here in memory. A trade reads
// the state, builds, records, sends and applies before the next one starts, so the reserves
// recorded always equal what the vault holds.

export interface CurveEntry {
  market: MarketRow;
  /** Tokens each wallet bought in the launch window (confirmed), for the per-wallet cap. */
  windowBought: Map<string, bigint>;
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
    const entry: CurveEntry = { market, windowBought, unsettled: false };
    this.entries.set(mint, entry);
    return entry;
  }

  /** The last known row, without waiting for the lock (reads: state and quotes). */
  peek(mint: string): MarketRow | null {
    return this.entries.get(mint)?.market ?? null;
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
