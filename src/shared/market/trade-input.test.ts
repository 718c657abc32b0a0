import { describe, expect, it } from "vitest";
import type { MarketState, Quote } from "../schemas/market";
import { initialCurve, quoteBuyTokens, quoteSell } from "./curve";
import {
  curveRefusal,
  launchCapLeft,
  maxAfterSlippage,
  minAfterSlippage,
  parseSlippagePercent,
  parseTradeAmount,
  quoteParams,
  tokensForSolOut,
  tradeBody,
  tradeIntent,
} from "./trade-input";

const quote = (q: Partial<Quote>): Quote => ({
  side: "buy",
  fee: "0",
  feeBps: 250,
  priceImpactBps: 0,
  priceAfterLamports: "1",
  expiresAt: "2030-01-01T00:00:00.000Z",
  ...q,
});

describe("slippage limits round against the trader", () => {
  it("floors the minimum received", () => {
    expect(minAfterSlippage(1_000n, 100)).toBe(990n);
    expect(minAfterSlippage(999n, 100)).toBe(989n); // 989.01 -> 989
    expect(minAfterSlippage(1n, 50)).toBe(0n);
    expect(minAfterSlippage(123_456_789n, 0)).toBe(123_456_789n);
  });
  it("ceils the maximum paid", () => {
    expect(maxAfterSlippage(1_000n, 100)).toBe(1_010n);
    expect(maxAfterSlippage(999n, 100)).toBe(1_009n); // 1008.99 -> 1009
    expect(maxAfterSlippage(1n, 50)).toBe(2n);
  });
  it("stays exact on amounts past 2^53", () => {
    const big = 18_000_000_000_000_000_000n;
    expect(minAfterSlippage(big, 200)).toBe(17_640_000_000_000_000_000n);
    expect(maxAfterSlippage(big + 1n, 200)).toBe(18_360_000_000_000_000_002n);
  });
});

describe("parseSlippagePercent", () => {
  it("turns a percentage into basis points", () => {
    expect(parseSlippagePercent("0.5")).toEqual({ ok: true, bps: 50 });
    expect(parseSlippagePercent("3")).toEqual({ ok: true, bps: 300 });
    expect(parseSlippagePercent(" 50 ")).toEqual({ ok: true, bps: 5_000 });
    expect(parseSlippagePercent("0.01")).toEqual({ ok: true, bps: 1 });
    expect(parseSlippagePercent(".5")).toEqual({ ok: true, bps: 50 });
  });
  it("refuses what protects nothing or is not a number, and says which", () => {
    for (const bad of ["", "0", "50.01", "abc", "0.001", "-1", "1e2"])
      expect(parseSlippagePercent(bad).ok).toBe(false);
    const error = (text: string) => {
      const parsed = parseSlippagePercent(text);
      return parsed.ok ? null : parsed.error;
    };
    // 0.001 is above 0: the message names the decimals, not the range.
    expect(error("0.001")).toBe("Slippage has at most 2 decimals (0.01% is the least)");
    expect(error("0")).toBe("Slippage must be above 0%");
    expect(error("50.01")).toMatch(/^Slippage is at most 50%/);
    expect(error("-1")).toBe("Slippage is a percentage: type a number such as 0.5");
  });
});

describe("parseTradeAmount", () => {
  it("reads decimals into base units without floats", () => {
    expect(parseTradeAmount("0.1", 9, "SOL")).toEqual({ ok: true, units: 100_000_000n });
    expect(parseTradeAmount(".5", 9, "SOL")).toEqual({ ok: true, units: 500_000_000n });
    expect(parseTradeAmount("2.", 9, "SOL")).toEqual({ ok: true, units: 2_000_000_000n });
    expect(parseTradeAmount("0.3", 9, "SOL")).toEqual({ ok: true, units: 300_000_000n });
  });
  it("says what is wrong", () => {
    expect(parseTradeAmount("", 9, "SOL")).toEqual({ ok: false, error: null });
    expect(parseTradeAmount("abc", 9, "SOL")).toEqual({ ok: false, error: "Enter a number" });
    expect(parseTradeAmount("-1", 9, "SOL")).toEqual({ ok: false, error: "Enter an amount above zero" });
    // A comma is a decimal mark to many people: dropping it made "1,5" 15 SOL.
    for (const text of ["1,5", "0,5", "1,000"])
      expect(parseTradeAmount(text, 9, "SOL")).toEqual({
        ok: false,
        error: "Type the amount without commas, with a dot for decimals (1.5)",
      });
    expect(parseTradeAmount("0", 9, "SOL")).toEqual({ ok: false, error: "Enter an amount above zero" });
    expect(parseTradeAmount("0.0000000001", 9, "SOL")).toEqual({
      ok: false,
      error: "SOL has at most 9 decimals",
    });
    expect(parseTradeAmount("99999999999999", 9, "SOL")).toEqual({
      ok: false,
      error: "That amount is too large",
    });
  });
});

describe("quoteParams and tradeBody", () => {
  it("asks for the leg that was typed", () => {
    expect(quoteParams({ side: "buy", by: "sol", units: 5n })).toBe("side=buy&solIn=5");
    expect(quoteParams({ side: "buy", by: "tokens", units: 7n })).toBe("side=buy&tokensOut=7");
    expect(quoteParams({ side: "sell", by: "tokens", units: 9n })).toBe("side=sell&tokensIn=9");
  });
  it("buy by SOL: min tokens out from the quote", () => {
    const body = tradeBody({ side: "buy", by: "sol", units: 1_000n }, quote({ tokensOut: "5000" }), 100);
    expect(body).toEqual({ side: "buy", body: { solIn: "1000", minTokensOut: "4950" } });
  });
  it("buy by tokens: max SOL in from the quote", () => {
    const body = tradeBody({ side: "buy", by: "tokens", units: 5_000n }, quote({ solIn: "1001" }), 100);
    expect(body).toEqual({ side: "buy", body: { tokensOut: "5000", maxSolIn: "1012" } });
  });
  it("sell: min SOL out from the quote", () => {
    const body = tradeBody(
      { side: "sell", by: "tokens", units: 5_000n },
      quote({ side: "sell", solOut: "999" }),
      200,
    );
    expect(body).toEqual({ side: "sell", body: { tokensIn: "5000", minSolOut: "979" } });
  });
  it("refuses a quote without the needed leg", () => {
    expect(tradeBody({ side: "sell", by: "tokens", units: 1n }, quote({}), 100)).toBeNull();
  });
});

describe("tokensForSolOut: a sell typed in SOL", () => {
  const fresh = initialCurve(1_000_000n * 10n ** 9n, 8_000);
  const bought = quoteBuyTokens(fresh, 100_000n * 10n ** 9n, 250n);
  if (!bought.ok) throw new Error("setup");
  const curve = bought.quote.after;

  it("finds the fewest tokens that pay at least the SOL asked, fee taken", () => {
    for (const solOut of [1n, 999n, 123_456n, 10_000_000n, 500_000_000n]) {
      for (const fee of [250n, 2_000n]) {
        const tokens = tokensForSolOut(curve, solOut, fee);
        expect(tokens, `${solOut} at ${fee}`).not.toBeNull();
        const at = quoteSell(curve, tokens ?? 0n, fee);
        expect(at.ok && at.quote.solOut >= solOut).toBe(true);
        const less = quoteSell(curve, (tokens ?? 0n) - 1n, fee);
        expect(!less.ok || less.quote.solOut < solOut).toBe(true);
      }
    }
  });
  it("says no when the curve cannot pay that much back", () => {
    expect(tokensForSolOut(curve, 50n * 10n ** 9n, 250n)).toBeNull();
    expect(tokensForSolOut(fresh, 1_000n, 250n)).toBeNull(); // nothing sold yet: nothing to buy back
    expect(tokensForSolOut(curve, 0n, 250n)).toBeNull();
  });
});

describe("launchCapLeft: the launch window's per-wallet cap before the click", () => {
  const opened = Date.parse("2030-01-01T00:00:00.000Z");
  const market = {
    status: "open",
    supply: "1000000000000000", // 1,000,000 tokens of 9 decimals: the cap is 20,000
    launchWindowEndsAt: new Date(opened + 5 * 60_000).toISOString(),
    launchWindow: {
      tokensBought: "5000000000000",
      shareOfSupply: 0.005,
      buyers: [{ trader: "fan", tokens: "5000000000000", isCreator: false, creatorFunded: false }],
    },
  } as unknown as MarketState;
  it("is the cap less the wallet's buys in the window", () => {
    expect(launchCapLeft(market, "fan", opened + 1_000)).toBe(15_000_000_000_000n);
    expect(launchCapLeft(market, "someone else", opened + 1_000)).toBe(20_000_000_000_000n);
  });
  it("is null once the window has ended or without an open market", () => {
    expect(launchCapLeft(market, "fan", opened + 5 * 60_000)).toBeNull();
    expect(launchCapLeft({ ...market, status: "completed" }, "fan", opened)).toBeNull();
    expect(launchCapLeft({ ...market, launchWindowEndsAt: null }, "fan", opened)).toBeNull();
  });
});

describe("curveRefusal: what the curve cannot take, said before asking for a quote", () => {
  const fresh = initialCurve(1_000_000n * 10n ** 9n, 8_000);
  const bought = quoteBuyTokens(fresh, 100_000n * 10n ** 9n, 250n);
  if (!bought.ok) throw new Error("setup");
  const curve = bought.quote.after;
  const market = {
    decimals: 9,
    virtualSolReserves: curve.virtualSol.toString(),
    virtualTokenReserves: curve.virtualToken.toString(),
    realSolReserves: curve.realSol.toString(),
    realTokenReserves: curve.realToken.toString(),
    initialRealTokenReserves: curve.initialRealToken.toString(),
  } as unknown as MarketState;
  const token = 10n ** 9n;

  it("refuses more tokens than the curve has left, in the server's words", () => {
    expect(curveRefusal(market, { side: "buy", by: "tokens", units: 700_000n * token }, "ART")).toBeNull();
    expect(curveRefusal(market, { side: "buy", by: "tokens", units: 700_000n * token + 1n }, "ART")).toBe(
      "The curve has only 700,000 ART left to buy. Enter a smaller amount.",
    );
  });
  it("refuses to take back more than the curve has sold", () => {
    expect(curveRefusal(market, { side: "sell", by: "tokens", units: 100_000n * token }, "ART")).toBeNull();
    expect(curveRefusal(market, { side: "sell", by: "tokens", units: 100_000n * token + 1n }, "ART")).toBe(
      "The curve can take back at most 100,000 ART (the tokens it has sold). Enter a smaller amount.",
    );
  });
  it("never refuses a buy by SOL for its size (it gets the rest of the curve)", () => {
    expect(curveRefusal(market, { side: "buy", by: "sol", units: 10n ** 18n }, "ART")).toBeNull();
  });
});

describe("tradeIntent", () => {
  it("ignores the limits a moved quote changes, so a retry keeps its idempotency key", () => {
    const first = tradeIntent({ side: "buy", body: { solIn: "50000000", minTokensOut: "1000" } });
    const requoted = tradeIntent({ side: "buy", body: { solIn: "50000000", minTokensOut: "900" } });
    expect(requoted).toBe(first);
    expect(tradeIntent({ side: "sell", body: { tokensIn: "7", minSolOut: "1" } })).toBe(
      tradeIntent({ side: "sell", body: { tokensIn: "7", minSolOut: "0" } }),
    );
  });
  it("tells apart another amount, side or way of buying", () => {
    const intents = [
      tradeIntent({ side: "buy", body: { solIn: "7", minTokensOut: "1" } }),
      tradeIntent({ side: "buy", body: { solIn: "8", minTokensOut: "1" } }),
      tradeIntent({ side: "buy", body: { tokensOut: "7", maxSolIn: "1" } }),
      tradeIntent({ side: "sell", body: { tokensIn: "7", minSolOut: "1" } }),
    ];
    expect(new Set(intents).size).toBe(intents.length);
  });
});
