import type { CANDLE_INTERVALS, Candles } from "../schemas/market";
import { priceNanoOf, priceText } from "./price";

type Interval = (typeof CANDLE_INTERVALS)[number];
type Candle = Candles["candles"][number];

/** Seconds per candle of each interval (buckets aligned to it in UTC). */
export const CANDLE_SECONDS: Record<Interval, number> = {
  "1m": 60,
  "5m": 300,
  "15m": 900,
  "1h": 3_600,
  "4h": 14_400,
  "1d": 86_400,
};
/** Candles per answer: the last this many buckets (enough for any chart width). */
export const MAX_CANDLES = 300;

/** The candles with one more confirmed trade (its post-trade price and the SOL through the
 * curve), as GET /candles would answer them after it: the last candle moves, or a new one
 * opens at the last close (consecutive candles join). A trade older than the last candle
 * changes nothing (a reload places it). Prices are wire text (price.ts), compared as
 * nano-lamports. */
export function candlesWithTrade(
  candles: readonly Candle[],
  trade: { priceLamports: string; solAmount: string; at: string },
  interval: Interval,
): Candle[] {
  const seconds = CANDLE_SECONDS[interval];
  const t = Math.floor(Date.parse(trade.at) / 1000 / seconds) * seconds;
  const price = priceNanoOf(trade.priceLamports);
  const sol = BigInt(trade.solAmount);
  const last = candles.at(-1);
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  const min = (a: bigint, b: bigint) => (a < b ? a : b);
  if (last && last.t > t) return [...candles];
  if (last && last.t === t)
    return [
      ...candles.slice(0, -1),
      {
        ...last,
        high: priceText(max(priceNanoOf(last.high), price)),
        low: priceText(min(priceNanoOf(last.low), price)),
        close: priceText(price),
        volumeLamports: (BigInt(last.volumeLamports) + sol).toString(),
      },
    ];
  const open = last ? priceNanoOf(last.close) : price;
  const next: Candle = {
    t,
    open: priceText(open),
    high: priceText(max(open, price)),
    low: priceText(min(open, price)),
    close: priceText(price),
    volumeLamports: sol.toString(),
  };
  return [...candles, next].slice(-MAX_CANDLES);
}
