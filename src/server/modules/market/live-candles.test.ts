import { CANDLE_SECONDS, candlesWithTrade } from "@shared/market/candles";
import { priceText } from "@shared/market/price";
import { CANDLE_INTERVALS } from "@shared/schemas/market";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCandles } from "./market-history.service";

// The token page moves its chart with each pushed trade (candlesWithTrade); the server builds
// candles from all confirmed trades (buildCandles). Trade by trade, the page must end on the
// very candles a reload would fetch.

const T0 = Date.parse("2026-11-01T12:00:00Z");
/** A pushed trade; `price` in nano-lamports per whole token, sent as its text. */
const trade = (atMs: number, price: bigint, sol: bigint) => ({
  priceLamports: priceText(price),
  solAmount: sol.toString(),
  at: new Date(atMs).toISOString(),
});

describe("candlesWithTrade", () => {
  it("moves the last candle, or opens the next one at the last close", () => {
    const lamports = 1_000_000_000n; // nano-lamports per lamport
    const one = candlesWithTrade([], trade(T0 + 10_000, 100n * lamports, 5n), "5m");
    expect(one).toEqual([
      { t: T0 / 1000, open: "100", high: "100", low: "100", close: "100", volumeLamports: "5" },
    ]);
    const two = candlesWithTrade(one, trade(T0 + 20_000, 80n * lamports, 7n), "5m");
    expect(two).toEqual([
      { t: T0 / 1000, open: "100", high: "100", low: "80", close: "80", volumeLamports: "12" },
    ]);
    const three = candlesWithTrade(two, trade(T0 + 300_000, 120n * lamports, 1n), "5m");
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

  it("keeps prices below 1 lamport (a token of the largest supply) to the nano-lamport", () => {
    const one = candlesWithTrade([], trade(T0 + 10_000, 410_634_772n, 5n), "5m");
    const two = candlesWithTrade(one, trade(T0 + 20_000, 410_000_000n, 7n), "5m");
    const three = candlesWithTrade(two, trade(T0 + 30_000, 520_000_001n, 9n), "5m");
    expect(three).toEqual([
      {
        t: T0 / 1000,
        open: "0.410634772",
        high: "0.520000001",
        low: "0.41",
        close: "0.520000001",
        volumeLamports: "21",
      },
    ]);
    const next = candlesWithTrade(three, trade(T0 + 300_000, 1_000_000_000n, 1n), "5m");
    expect(next[1]).toMatchObject({ open: "0.520000001", high: "1", low: "0.520000001", close: "1" });
    // The server builds the same candles from the same trades.
    const points = [
      { t: T0 + 10_000, price: 410_634_772n, sol: 5n },
      { t: T0 + 20_000, price: 410_000_000n, sol: 7n },
      { t: T0 + 30_000, price: 520_000_001n, sol: 9n },
      { t: T0 + 300_000, price: 1_000_000_000n, sol: 1n },
    ];
    expect(buildCandles(points, null, CANDLE_SECONDS["5m"])).toEqual(next);
  });

  it("trade by trade equals the server's candles over the same trades, for every interval", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CANDLE_INTERVALS),
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 3 * 3_600_000 }),
            // From a nano-lamport to 1,000 SOL per token: below a lamport too.
            fc.bigInt({ min: 1n, max: 10n ** 21n }),
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
