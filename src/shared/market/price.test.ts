import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_TOTAL_SUPPLY } from "../schemas/token";
import { initialCurve, quoteBuyWithSol } from "./curve";
import { holdingValueLamports, PRICE_TEXT, parsePrice, priceNanoOf, priceText, spotPriceNano } from "./price";

const WHOLE = 10n ** 9n; // the platform's tokens have 9 decimals

describe("spotPriceNano", () => {
  it("prices a token at the largest supply below 1 lamport, and not at 0", () => {
    const supply = MAX_TOTAL_SUPPLY * WHOLE;
    // 10 SOL against 18e18 x 10,730 / 7,931 = 24,352,540,663,220,274,870 virtual base units:
    // 1e10 x 1e9 x 1e9 / that, rounded down, is 410,634,772 nano-lamports (0.41 lamports).
    const whole = initialCurve(supply, 10_000);
    expect(whole.virtualToken).toBe(24_352_540_663_220_274_870n);
    expect(spotPriceNano(whole, 9)).toBe(410_634_772n);
    expect(priceText(spotPriceNano(whole, 9))).toBe("0.410634772");
    // The default share (80% on the curve) starts higher, still below a lamport.
    expect(priceText(spotPriceNano(initialCurve(supply, 8_000), 9))).toBe("0.513293465");
  });

  it("rounds down at the nano-lamport", () => {
    // 10 SOL against 1,080 whole tokens: 9,259,259.259259259259... lamports.
    const curve = { virtualSol: 10_000_000_000n, virtualToken: 1_080n * WHOLE };
    expect(spotPriceNano(curve, 9)).toBe(9_259_259_259_259_259n);
    // 2 lamports for 3 whole tokens: 0.666666666... -> 0.666666666, never 0.666666667.
    expect(spotPriceNano({ virtualSol: 2n, virtualToken: 3n * WHOLE }, 9)).toBe(666_666_666n);
    // A token with no decimals: the whole token is the base unit.
    expect(spotPriceNano({ virtualSol: 7n, virtualToken: 2n }, 0)).toBe(3_500_000_000n);
    expect(spotPriceNano({ virtualSol: 7n, virtualToken: 0n }, 9)).toBe(0n);
  });

  it("moves with every buy at the largest supply (the price was stuck at 0 before)", () => {
    let curve = initialCurve(MAX_TOTAL_SUPPLY * WHOLE, 8_000);
    let price = spotPriceNano(curve, 9);
    for (let i = 0; i < 5; i++) {
      const buy = quoteBuyWithSol(curve, 10_000_000n, 250n);
      if (!buy.ok) throw new Error(buy.reason);
      curve = buy.quote.after;
      const next = spotPriceNano(curve, 9);
      expect(next).toBeGreaterThan(price);
      price = next;
    }
  });
});

describe("price text", () => {
  it("writes lamports with up to 9 decimals, trailing zeros trimmed", () => {
    expect(priceText(9_259_259_259n)).toBe("9.259259259");
    expect(priceText(410_633_000n)).toBe("0.410633");
    expect(priceText(7_412n * WHOLE)).toBe("7412");
    expect(priceText(1n)).toBe("0.000000001");
    expect(priceText(0n)).toBe("0");
    expect(() => priceText(-1n)).toThrow(RangeError);
  });

  it("reads back what it writes", () => {
    expect(parsePrice("9.259259259")).toBe(9_259_259_259n);
    expect(parsePrice("0.410633")).toBe(410_633_000n);
    expect(parsePrice("7412")).toBe(7_412n * WHOLE);
    expect(parsePrice("0")).toBe(0n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (nano) => {
        const text = priceText(nano);
        expect(PRICE_TEXT.test(text)).toBe(true);
        expect(parsePrice(text)).toBe(nano);
      }),
    );
  });

  it("refuses anything that is not that decimal form", () => {
    for (const junk of [
      "",
      " ",
      "-1",
      "+1",
      "1e3",
      "1E-9",
      "0x10",
      "1.",
      ".5",
      "01",
      "00",
      "1.50", // a trailing zero: not the form the API writes
      "0.0000000001", // a tenth decimal: below a nano-lamport
      "1,000",
      " 1",
      "1 ",
      "NaN",
      "Infinity",
      "٣", // a digit of another script
      "1".repeat(31),
    ]) {
      expect(parsePrice(junk), JSON.stringify(junk)).toBeNull();
      expect(() => priceNanoOf(junk), JSON.stringify(junk)).toThrow(RangeError);
    }
  });
});

describe("holdingValueLamports", () => {
  it("values a balance at the price per whole token, rounded down", () => {
    // 1.5 tokens (9 decimals) at 7,412 lamports each.
    expect(holdingValueLamports(1_500_000_000n, 9, 7_412n * WHOLE)).toBe(11_118n);
    expect(holdingValueLamports(1n, 9, 7_412n * WHOLE)).toBe(0n);
    // 3 tokens at 0.666666666 lamports: 1.999999998 -> 1.
    expect(holdingValueLamports(3n * WHOLE, 9, 666_666_666n)).toBe(1n);
  });

  it("values a holding of a token priced below 1 lamport (it was 0)", () => {
    // 243 million tokens at 0.513293465 lamports: 124,730,311.99 -> 124,730,311 lamports.
    expect(holdingValueLamports(243_000_000n * WHOLE, 9, 513_293_465n)).toBe(124_730_311n);
  });
});
