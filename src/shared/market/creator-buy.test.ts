import { describe, expect, it } from "vitest";
import { creatorBuyCap, creatorBuySpend } from "./creator-buy";
import { initialCurve, MARKET, quoteBuyTokens } from "./curve";

const E9 = 10n ** 9n;
const SUPPLY = 1_000_000n * E9;

describe("the creator buy at launch", () => {
  it("caps at 5% of the supply, priced on the fresh curve with the base fee", () => {
    const cap = creatorBuyCap(SUPPLY, 7_000);
    expect(cap?.tokens).toBe(50_000n * E9);
    const quote = quoteBuyTokens(initialCurve(SUPPLY, 7_000), 50_000n * E9, MARKET.feeBps);
    expect(quote.ok && quote.quote.solIn).toBe(cap?.solIn);
    expect(quote.ok && quote.quote.curveSol).toBe(cap?.curveSol);
  });

  it("spends what was asked below the cap, and what the cap costs above it", () => {
    const cap = creatorBuyCap(SUPPLY, 7_000);
    if (!cap) throw new Error("no cap");
    expect(creatorBuySpend(SUPPLY, 7_000, 100_000_000n)).toBe(100_000_000n);
    expect(creatorBuySpend(SUPPLY, 7_000, cap.solIn)).toBe(cap.solIn);
    expect(creatorBuySpend(SUPPLY, 7_000, 10n * E9)).toBe(cap.solIn);
    expect(cap.solIn).toBeLessThan(E9);
  });
});
