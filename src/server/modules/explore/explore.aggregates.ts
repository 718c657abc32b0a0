// Per-token trade aggregates of Explore, kept in memory and fed incrementally: the trades of
// the last 24 hours plus the last one before them. Pure (the clock is an argument).

export const DAY_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;
const BPS = 10_000n;

/** One confirmed trade: when, the spot price after it (nano-lamports per whole token:
 * src/shared/market/price.ts), and the SOL that went through the curve (fee excluded). */
export interface TradePoint {
  id: string;
  t: number;
  price: bigint;
  sol: bigint;
}

/** A mint's trades of the last day, oldest first, and the last trade before that day. */
export class TradeLog {
  recent: TradePoint[] = [];
  before: TradePoint | null = null;

  /** Adds a trade (possibly out of order); the caller ensures each id is added once. */
  add(p: TradePoint, now: number): void {
    if (p.t < now - DAY_MS) {
      if (!this.before || p.t >= this.before.t) this.before = p;
      return;
    }
    let i = this.recent.length;
    while (i > 0 && (this.recent[i - 1] as TradePoint).t > p.t) i--;
    this.recent.splice(i, 0, p);
  }

  /** Moves trades older than a day out of the window; true when some moved. */
  prune(now: number): boolean {
    const cutoff = now - DAY_MS;
    let n = 0;
    while (n < this.recent.length && (this.recent[n] as TradePoint).t < cutoff) n++;
    if (n === 0) return false;
    this.before = this.recent[n - 1] as TradePoint;
    this.recent.splice(0, n);
    return true;
  }

  /** The newest trade known. */
  last(): TradePoint | null {
    return this.recent[this.recent.length - 1] ?? this.before;
  }
}

export interface Aggregates {
  volume24h: bigint;
  /** Price change against 24 h ago in basis points; null without trades or a price to compare. */
  change24hBps: number | null;
  /** Up to 24 hourly closes, oldest first (hours before the first trade are left out). */
  sparkline: bigint[];
}

/** `log` pruned at `now`. `priceNow` is the market's spot price, `openPrice` the curve's start
 * price: the reference when no trade is older than a day. */
export function aggregate(
  log: TradeLog | undefined,
  now: number,
  priceNow: bigint | null,
  openPrice: bigint | null,
): Aggregates {
  if (!log || (!log.recent.length && !log.before))
    return { volume24h: 0n, change24hBps: null, sparkline: [] };
  let volume24h = 0n;
  for (const p of log.recent) volume24h += p.sol;
  const current = priceNow ?? log.last()?.price ?? null;
  const reference = log.before?.price ?? openPrice;
  const change24hBps =
    current !== null && reference !== null && reference > 0n
      ? Number(((current - reference) * BPS) / reference)
      : null;
  return { volume24h, change24hBps, sparkline: hourlyCloses(log, now) };
}

/** The close of each of the last 24 clock hours (the current one included): the price after
 * the last trade before the hour's end, carried through hours without trades. */
export function hourlyCloses(log: TradeLog, now: number): bigint[] {
  const firstHour = Math.floor(now / HOUR_MS) * HOUR_MS - 23 * HOUR_MS;
  const closes: bigint[] = [];
  let close: bigint | null = log.before?.price ?? null;
  let i = 0;
  for (let h = 0; h < 24; h++) {
    const end = firstHour + (h + 1) * HOUR_MS;
    while (i < log.recent.length && (log.recent[i] as TradePoint).t < end) {
      close = (log.recent[i] as TradePoint).price;
      i++;
    }
    if (close !== null) closes.push(close);
  }
  return closes;
}
