import { describe, expect, it } from "vitest";
import { aggregate, DAY_MS, hourlyCloses, TradeLog } from "./explore.aggregates";

// The per-token trade aggregates of Explore: 24 h volume and change, hourly sparkline.

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 0, 10, 12, 30); // half past an hour
let n = 0;
const trade = (t: number, price: bigint, sol = 1n) => ({ id: `t${n++}`, t, price, sol });

describe("TradeLog and aggregate", () => {
  it("sums the last 24 h, compares with the last price before them, and moves old trades out", () => {
    const log = new TradeLog();
    log.add(trade(NOW - DAY_MS - HOUR, 100n, 1_000n), NOW); // before the window: the reference
    log.add(trade(NOW - 2 * HOUR, 150n, 20n), NOW);
    log.add(trade(NOW - 5 * HOUR, 120n, 10n), NOW); // out of order
    expect(log.recent.map((p) => p.price)).toEqual([120n, 150n]);
    const agg = aggregate(log, NOW, 130n, 50n);
    expect(agg.volume24h).toBe(30n);
    expect(agg.change24hBps).toBe(3_000); // 100 -> 130
    // 20 h on, the 120 trade is more than a day old: it becomes the reference.
    expect(log.prune(NOW + 10 * HOUR)).toBe(false);
    expect(log.prune(NOW + 20 * HOUR)).toBe(true);
    expect(log.before?.price).toBe(120n);
    expect(aggregate(log, NOW + 20 * HOUR, 130n, 50n).volume24h).toBe(20n);
  });

  it("compares with the open price when no trade is older than a day, and a fall is negative", () => {
    const log = new TradeLog();
    log.add(trade(NOW - HOUR, 80n), NOW);
    expect(aggregate(log, NOW, 75n, 100n).change24hBps).toBe(-2_500);
  });

  it("has no change, volume or sparkline without trades", () => {
    expect(aggregate(undefined, NOW, 100n, 100n)).toEqual({
      volume24h: 0n,
      change24hBps: null,
      sparkline: [],
    });
    expect(aggregate(new TradeLog(), NOW, 100n, 100n).change24hBps).toBeNull();
  });
});

describe("hourlyCloses", () => {
  it("closes each clock hour at its last trade, carries it through quiet hours, starts at the first known price", () => {
    const log = new TradeLog();
    const hourStart = Math.floor(NOW / HOUR) * HOUR;
    log.add(trade(hourStart - 3 * HOUR + 10, 10n), NOW);
    log.add(trade(hourStart - 3 * HOUR + 20, 11n), NOW);
    log.add(trade(hourStart - HOUR + 5, 12n), NOW);
    log.add(trade(hourStart + 5, 13n), NOW);
    expect(hourlyCloses(log, NOW)).toEqual([11n, 11n, 12n, 13n]);
  });

  it("gives all 24 hours when a price is known from before the window", () => {
    const log = new TradeLog();
    log.add(trade(NOW - 2 * DAY_MS, 7n), NOW);
    const closes = hourlyCloses(log, NOW);
    expect(closes).toHaveLength(24);
    expect(new Set(closes)).toEqual(new Set([7n]));
  });
});
