import { CANDLE_SECONDS, candlesWithTrade } from "@shared/market/candles";
import { CANDLE_INTERVALS } from "@shared/schemas/market";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCandles } from "./market-history.service";

// The token page moves its chart with each pushed trade (candlesWithTrade); the server builds
// candles from all confirmed trades (buildCandles). Trade by trade, the page must end on the
// very candles a reload would fetch.

const T0 = Date.parse("2026-11-01T12:00:00Z");
const trade = (atMs: number, price: bigint, sol: bigint) => ({
  priceLamports: price.toString(),
  solAmount: sol.toString(),
  at: new Date(atMs).toISOString(),
});

describe("candlesWithTrade", () => {
  it("moves the last candle, or opens the next one at the last close", () => {
    const one = candlesWithTrade([], trade(T0 + 10_000, 100n, 5n), "5m");
    expect(one).toEqual([
      { t: T0 / 1000, open: "100", high: "100", low: "100", close: "100", volumeLamports: "5" },
    ]);
    const two = candlesWithTrade(one, trade(T0 + 20_000, 80n, 7n), "5m");
    expect(two).toEqual([
      { t: T0 / 1000, open: "100", high: "100", low: "80", close: "80", volumeLamports: "12" },
    ]);
    const three = candlesWithTrade(two, trade(T0 + 300_000, 120n, 1n), "5m");
    expect(three[1]).toEqual({
      t: T0 / 1000 + 300,
      open: "80",
      high: "120",
      low: "80",
      close: "120",
      volumeLamports: "1",
    });
    // A trade older than the last candle: left for a reload to place.
    expect(candlesWithTrade(three, trade(T0, 1n, 1n), "5m")).toEqual(three);
  });

  it("trade by trade equals the server's candles over the same trades, for every interval", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CANDLE_INTERVALS),
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 3 * 3_600_000 }),
            fc.bigInt({ min: 1n, max: 10n ** 12n }),
            fc.bigInt({ min: 0n, max: 10n ** 11n }),
          ),
          { maxLength: 40 },
        ),
        (interval, raw) => {
          const points = raw
            .map(([dt, price, sol]) => ({ t: T0 + dt, price, sol }))
            .sort((a, b) => a.t - b.t);
          let pushed: ReturnType<typeof candlesWithTrade> = [];
          for (const p of points) pushed = candlesWithTrade(pushed, trade(p.t, p.price, p.sol), interval);
          expect(pushed).toEqual(buildCandles(points, null, CANDLE_SECONDS[interval]));
        },
      ),
    );
  });
});
