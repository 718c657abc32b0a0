import { describe, expect, it } from "vitest";
import {
  formatBps,
  formatCountdown,
  formatPriceSol,
  formatShare,
  formatSol,
  formatTokens,
  formatTokenText,
  timeAgo,
} from "./format";

describe("formatSol", () => {
  it("shows lamports as SOL rounded half up at 4 digits", () => {
    expect(formatSol(12_345_678n)).toBe("0.0123 SOL");
    expect(formatSol(12_350_000n)).toBe("0.0124 SOL");
    expect(formatSol("2000000000")).toBe("2 SOL");
    expect(formatSol(1_234_567_890_000n)).toBe("1,234.5679 SOL");
    expect(formatSol(0n)).toBe("0 SOL");
  });
  it("never shows dust as zero", () => {
    expect(formatSol(1n)).toBe("<0.0001 SOL");
    expect(formatSol(49_999n)).toBe("<0.0001 SOL");
    expect(formatSol(50_000n)).toBe("0.0001 SOL");
  });
  it("takes more digits when asked", () => {
    expect(formatSol(1n, 9)).toBe("0.000000001 SOL");
  });
});

describe("formatPriceSol", () => {
  // Prices are their wire text: lamports per whole token, up to 9 decimals.
  it("keeps 4 significant digits below 1 SOL", () => {
    expect(formatPriceSol("7412")).toBe("0.000007412 SOL");
    expect(formatPriceSol("7412345")).toBe("0.007412 SOL");
    expect(formatPriceSol("7412500")).toBe("0.007413 SOL");
    expect(formatPriceSol("1")).toBe("0.000000001 SOL");
  });
  it("uses 4 decimals from 1 SOL up", () => {
    expect(formatPriceSol("1500000000")).toBe("1.5 SOL");
    expect(formatPriceSol("1234567890000.123")).toBe("1,234.5679 SOL");
    expect(formatPriceSol("0")).toBe("0 SOL");
  });
  it("shows a price below 1 lamport with its 4 significant digits, never as 0", () => {
    // The start price at the largest supply (18 billion tokens): 0.410633 lamports.
    expect(formatPriceSol("0.410633")).toBe("0.0000000004106 SOL");
    expect(formatPriceSol("0.41065")).toBe("0.0000000004107 SOL"); // half up
    expect(formatPriceSol("0.000000001")).toBe("0.000000000000000001 SOL");
    expect(formatPriceSol("9.259259259")).toBe("0.000000009259 SOL");
    // A lamport and a bit: the digits below the lamport count now.
    expect(formatPriceSol("1.5")).toBe("0.0000000015 SOL");
    expect(formatPriceSol("7412.6")).toBe("0.000007413 SOL");
  });
  it("shows a dash for text that is not a price", () => {
    for (const junk of ["", "-1", "1e3", "0.1000", " 7", "NaN"]) expect(formatPriceSol(junk), junk).toBe("—");
  });
});

describe("formatTokens", () => {
  it("rounds down so a received amount is never overstated", () => {
    expect(formatTokens(1_239_999_999n, 9)).toBe("1.23");
    expect(formatTokens(1_234_567_000_000_000n, 9)).toBe("1,234,567");
    expect(formatTokens("5", 0)).toBe("5");
    expect(formatTokens(1n, 9)).toBe("<0.01");
    expect(formatTokens(0n, 9)).toBe("0");
    // Whole tokens only: a quarter of one is less than one, not "<0.1".
    expect(formatTokens(250_000_000n, 9, 0)).toBe("<1");
  });
});

describe("formatTokenText", () => {
  it("shows a whole-token string as formatTokens shows its base units: rounded down", () => {
    expect(formatTokenText("4839.529015015")).toBe("4,839.52");
    expect(formatTokenText("4839.529015015")).toBe(formatTokens(4_839_529_015_015n, 9));
    expect(formatTokenText("1045.739")).toBe("1,045.73");
    expect(formatTokenText("2498749.5")).toBe("2,498,749.5");
    expect(formatTokenText("1000000")).toBe("1,000,000");
    expect(formatTokenText("0.001")).toBe("<0.01");
    expect(formatTokenText("0")).toBe("0");
    expect(formatTokenText("12.10")).toBe("12.1");
  });
});

describe("formatBps", () => {
  it("writes basis points as a percentage", () => {
    expect(formatBps(250)).toBe("2.5%");
    expect(formatBps(50)).toBe("0.5%");
    expect(formatBps(2_000n)).toBe("20%");
    expect(formatBps(1)).toBe("0.01%");
    expect(formatBps(10_000)).toBe("100%");
  });
});

describe("formatShare", () => {
  it("writes a 0..1 share with one decimal", () => {
    expect(formatShare(0.1234)).toBe("12.3%");
    expect(formatShare(1)).toBe("100%");
    expect(formatShare(0)).toBe("0%");
    expect(formatShare(0.0004)).toBe("<0.1%");
  });
});

describe("timeAgo and formatCountdown", () => {
  const now = Date.parse("2030-01-01T12:00:00.000Z");
  it("says how long ago", () => {
    expect(timeAgo("2030-01-01T11:59:30.000Z", now)).toBe("just now");
    expect(timeAgo("2030-01-01T11:55:00.000Z", now)).toBe("5 min ago");
    expect(timeAgo("2030-01-01T09:00:00.000Z", now)).toBe("3 h ago");
    expect(timeAgo("2029-12-30T12:00:00.000Z", now)).toBe("2 d ago");
  });
  it("counts down in minutes and seconds", () => {
    expect(formatCountdown(245_000)).toBe("4:05");
    expect(formatCountdown(999)).toBe("0:01");
    expect(formatCountdown(-5)).toBe("0:00");
  });
});
