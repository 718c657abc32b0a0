import { describe, expect, it } from "vitest";
import {
  AMOUNT_COMMA_MESSAGE,
  AMOUNT_POSITIVE_MESSAGE,
  parseTokenAmountInput,
  tokenAmountProblem,
} from "./amount-input";

const parse = (text: string, decimals = 9) => parseTokenAmountInput(text, decimals, "LUMN");

describe("a typed token amount -> base units, or why not", () => {
  it("reads plain decimals exactly", () => {
    expect(parse("1250.5")).toEqual({ ok: true, units: 1_250_500_000_000n });
    expect(parse(" 0.000000001 ")).toEqual({ ok: true, units: 1n });
    expect(parse(".5")).toEqual({ ok: true, units: 500_000_000n });
    expect(parse("5.")).toEqual({ ok: true, units: 5_000_000_000n });
    expect(parse("18000000000")).toEqual({ ok: true, units: 18_000_000_000_000_000_000n });
  });
  it("names the token's decimals when there are too many", () => {
    expect(parse("1.1234567891")).toEqual({ ok: false, error: "LUMN has at most 9 decimals" });
    expect(parse("1.5", 0)).toEqual({ ok: false, error: "LUMN has no decimals" });
  });
  it("refuses a comma rather than drop it or read it as a dot", () => {
    expect(parse("1,5")).toEqual({ ok: false, error: AMOUNT_COMMA_MESSAGE });
    expect(parse("1,000")).toEqual({ ok: false, error: AMOUNT_COMMA_MESSAGE });
  });
  it("refuses zero, negatives and what is not a number", () => {
    for (const text of ["0", "0.000", "-1", "abc", "1e3", ".", "1.2.3", "+5"])
      expect(parse(text), text).toEqual({ ok: false, error: AMOUNT_POSITIVE_MESSAGE });
  });
  it("says nothing for an empty box, and refuses what no u64 holds", () => {
    expect(parse("  ")).toEqual({ ok: false, error: null });
    expect(parse("18446744073.709551616")).toEqual({ ok: false, error: "That amount is too large" });
    expect(parse("18446744073.709551615").ok).toBe(true);
  });
});

describe("a typed amount against the sender's balance", () => {
  const all = 10_000_000_000_000_000n; // 10,000,000 tokens
  const held = { total: all, largest: all };
  it("refuses more than the balance with the server's words and the balance, and allows all of it", () => {
    expect(tokenAmountProblem("10000000.000000001", 9, "LUMN", held)).toBe(
      "More than you hold (10,000,000 LUMN)",
    );
    expect(tokenAmountProblem("10000000", 9, "LUMN", held)).toBeNull();
  });
  it("says an amount past what any wallet can hold is more than held, not vaguely too large", () => {
    const some = { total: 200_000_500_000_000n, largest: 200_000_500_000_000n }; // 200,000.5
    for (const text of ["200000000", "999999999999"])
      expect(tokenAmountProblem(text, 9, "LUMN", some), text).toBe("More than you hold (200,000.5 LUMN)");
    expect(tokenAmountProblem("999999999999", 9, "LUMN", null)).toBeNull();
  });
  it("says a transfer comes from one wallet when the amount is spread over several", () => {
    const spread = { total: 150_000_000_000n, largest: 100_500_000_000n }; // 100.5 + 49.5
    expect(tokenAmountProblem("120", 9, "LUMN", spread)).toBe(
      "A transfer comes from one wallet: your largest holds 100.5 LUMN",
    );
    expect(tokenAmountProblem("100.5", 9, "LUMN", spread)).toBeNull();
    expect(tokenAmountProblem("151", 9, "LUMN", spread)).toBe("More than you hold (150 LUMN)");
  });
  it("leaves the balance to the server while it is unknown", () => {
    expect(tokenAmountProblem("9999999999", 9, "LUMN", null)).toBeNull();
  });
  it("says what is wrong with the text first", () => {
    expect(tokenAmountProblem("", 9, "LUMN", held)).toBe("Amount is required");
    expect(tokenAmountProblem("1.1234567891", 9, "LUMN", held)).toBe("LUMN has at most 9 decimals");
    expect(tokenAmountProblem("1,5", 9, "LUMN", held)).toBe(AMOUNT_COMMA_MESSAGE);
  });
});
