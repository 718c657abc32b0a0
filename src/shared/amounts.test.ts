import { describe, expect, it } from "vitest";
import { formatAmount, groupDigits, isPositiveWhole, parseAmount, shareOfSupply } from "./amounts";

describe("amounts (bigint base units, never floats)", () => {
  it("parses decimals exactly", () => {
    expect(parseAmount("1.5", 9)).toBe(1_500_000_000n);
    expect(parseAmount("0.000000001", 9)).toBe(1n);
    expect(parseAmount("18000000000", 9)).toBe(18_000_000_000_000_000_000n);
    expect(parseAmount("0.1", 0)).toBeNull();
    expect(parseAmount("1e3", 9)).toBeNull();
    expect(parseAmount("-1", 9)).toBeNull();
    expect(parseAmount("1.0000000001", 9)).toBeNull();
  });
  it("formats without float rounding", () => {
    expect(formatAmount(1_500_000_000n, 9)).toBe("1.5");
    expect(formatAmount(1_000_000_000_000_000n, 9)).toBe("1000000");
    expect(formatAmount(1n, 9)).toBe("0.000000001");
    expect(formatAmount(12_345_678_901_234_567_891n, 9)).toBe("12345678901.234567891");
  });
  it("groups digits and checks whole numbers", () => {
    expect(groupDigits("1234567")).toBe("1,234,567");
    expect(groupDigits("1234.5")).toBe("1,234.5");
    expect(isPositiveWhole("10")).toBe(true);
    expect(isPositiveWhole("0")).toBe(false);
  });
  it("shows a holding's share of the supply in integers", () => {
    const supply = 2_500_000n * 10n ** 9n;
    expect(shareOfSupply(2_498_749_500_000_000n, supply)).toBe("99.95%");
    expect(shareOfSupply(1_250_500_000_000n, supply)).toBe("0.05%");
    expect(shareOfSupply(supply, supply)).toBe("100.00%");
    expect(shareOfSupply(1n, supply)).toBe("<0.01%");
    expect(shareOfSupply(0n, supply)).toBe("0.00%");
    expect(shareOfSupply(5n, 0n)).toBe("");
  });
});
