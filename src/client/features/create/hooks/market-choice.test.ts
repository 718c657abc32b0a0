import { initialCurve, quoteBuyTokens } from "@shared/market/curve";
import { describe, expect, it } from "vitest";
import { creatorBuyCap, DEFAULT_MARKET_CHOICE, marketRequest } from "./market-choice";

describe("market choice -> create request", () => {
  it("sends no market when the box is unchecked", () => {
    expect(marketRequest({ ...DEFAULT_MARKET_CHOICE, open: false }, "1000000")).toEqual({
      ok: true,
      market: undefined,
    });
  });
  it("defaults to 80% on the curve and no creator buy", () => {
    expect(marketRequest(DEFAULT_MARKET_CHOICE, "1000000")).toEqual({
      ok: true,
      market: { curveShareBps: 8_000 },
    });
  });
  it("turns the creator buy into lamports without floats", () => {
    expect(marketRequest({ ...DEFAULT_MARKET_CHOICE, creatorBuySol: "0.3" }, "1000000")).toEqual({
      ok: true,
      market: { curveShareBps: 8_000, creatorBuyLamports: "300000000" },
    });
  });
  it("refuses text and amounts no fee could fit under the cap", () => {
    expect(marketRequest({ ...DEFAULT_MARKET_CHOICE, creatorBuySol: "abc" }, "1000000").ok).toBe(false);
    expect(marketRequest({ ...DEFAULT_MARKET_CHOICE, creatorBuySol: "1000" }, "1000000")).toEqual({
      ok: false,
      error: "Above the cap: the creator buy gets at most 5% of the supply",
    });
  });
  it("prices the cap (5% of supply) on the fresh curve", () => {
    const cap = creatorBuyCap("1000000", 80);
    const supply = 1_000_000n * 10n ** 9n;
    expect(cap?.tokens).toBe(50_000n * 10n ** 9n);
    const quote = quoteBuyTokens(initialCurve(supply, 8_000), 50_000n * 10n ** 9n, 250n);
    expect(quote.ok && cap?.lamports === quote.quote.curveSol).toBe(true);
    expect(quote.ok && cap?.lamportsWithFee === quote.quote.solIn).toBe(true);
    expect(cap && cap.lamportsWithFee > cap.lamports).toBe(true);
    expect(creatorBuyCap("0", 80)).toBeNull();
    // A supply the form refuses ("Supply too large") has no cap to tell.
    expect(creatorBuyCap("100000000000000000000", 80)).toBeNull();
    expect(creatorBuyCap("18000000000", 80)).not.toBeNull();
  });
  it("never caps above what the curve holds", () => {
    // 10% on the curve: 5% of the supply is still less than the curve's 10%.
    expect(creatorBuyCap("1000", 10)?.tokens).toBe(50n * 10n ** 9n);
  });
});
