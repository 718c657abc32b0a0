import { initialCurve, quoteBuyTokens } from "@shared/market/curve";
import { describe, expect, it } from "vitest";
import { creatorBuyCap, DEFAULT_MARKET_CHOICE, marketRequest, trustCapNote } from "./market-choice";

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
    const refused = marketRequest({ ...DEFAULT_MARKET_CHOICE, creatorBuySol: "1000" }, "1000000");
    expect(refused.ok).toBe(false);
    const said = !refused.ok ? /enter ([\d.]+) SOL or less$/.exec(refused.error)?.[1] : undefined;
    expect(said, !refused.ok ? refused.error : "").toBeDefined();
    expect(!refused.ok && refused.error).toMatch(/^The creator buy can take at most 5% of the supply: enter/);
    // The figure it says is accepted; a ten-thousandth of a SOL more is not.
    expect(marketRequest({ ...DEFAULT_MARKET_CHOICE, creatorBuySol: said ?? "" }, "1000000").ok).toBe(true);
    const more = (Number(said) + 0.0001).toFixed(4);
    expect(marketRequest({ ...DEFAULT_MARKET_CHOICE, creatorBuySol: more }, "1000000").ok).toBe(false);
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

describe("the trust score's creator cap, said before launch", () => {
  const note = (curveSharePct: number, creatorBuySol = "") =>
    trustCapNote({ ...DEFAULT_MARKET_CHOICE, curveSharePct, creatorBuySol });
  it("says nothing while the creator keeps 20% or less and buys nothing", () => {
    expect(note(80)).toBeNull();
    expect(note(90, "")).toBeNull();
    expect(note(90, "0.1")).toBeNull(); // 10% kept plus at most 5% bought
    expect(trustCapNote({ ...DEFAULT_MARKET_CHOICE, open: false, curveSharePct: 10 })).toBeNull();
  });
  it("warns when the kept share, or the kept share and a creator buy, pass 20%", () => {
    expect(note(70)).toBe(
      "That is more than 20%: the trust score counts that against the token (at most 60 of 100).",
    );
    expect(note(80, "0.1")).toBe(
      "With the creator buy your wallet holds more than 20%: the trust score counts that against the token (at most 60 of 100).",
    );
    expect(note(84, "0.1")).toMatch(/^A large creator buy could take your wallet above 20%/);
  });
});
