import type { MarketState } from "@shared/schemas/market";
import { describe, expect, it } from "vitest";
import { supplySummary } from "./launch-summary";

/** A market as GET /api/market/:mint shows it right after a launch of 1,000,000 tokens. */
function market(curveShareBps: number, creatorBuyTokens = "0"): MarketState {
  const supply = 1_000_000n * 10n ** 9n;
  const curve = ((supply * BigInt(curveShareBps)) / 10_000n).toString();
  return {
    mint: "Mint111",
    status: "open",
    vault: "Vault111",
    virtualSolReserves: "0",
    virtualTokenReserves: "0",
    realSolReserves: "0",
    realTokenReserves: curve,
    initialRealTokenReserves: curve,
    feeBps: 250,
    priceLamports: "0",
    startPriceLamports: "0",
    marketCapLamports: "0",
    progress: 0,
    curveShareBps,
    decimals: 9,
    supply: supply.toString(),
    openedAt: null,
    completedAt: null,
    launchWindowEndsAt: null,
    creatorBuyTokens,
    feesCreatorLamports: "0",
    feesPlatformLamports: "0",
    feesCreatorOwedLamports: "0",
    launchWindow: { tokensBought: "0", shareOfSupply: 0, buyerCount: 0, buyers: [] },
  };
}

describe("step 4: where the supply is after the launch", () => {
  it("without a market, the whole supply is in the wallet", () => {
    expect(supplySummary({ symbol: "HONEST", curveSharePct: null, market: undefined })).toBe(
      "Your token exists on chain and the whole supply is in your wallet.",
    );
  });
  it("with a market, the curve's share is in the vault and the wallet keeps the rest", () => {
    expect(supplySummary({ symbol: "HONEST", curveSharePct: 80, market: market(8_000) })).toBe(
      "Your token exists on chain and its market is open: 80% of the supply (800,000 HONEST) went on the bonding curve, into the market's vault. Your wallet holds the other 20%: 200,000 HONEST.",
    );
  });
  it("adds what the creator bought at launch to the wallet", () => {
    const text = supplySummary({
      symbol: "HONEST",
      curveSharePct: 80,
      market: market(8_000, "12345567890123"), // 12,345.567890123 tokens
    });
    // Two decimals, rounded down, as every holding on screen.
    expect(text).toContain(
      "Your wallet holds 212,345.56 HONEST: the 20% you kept plus 12,345.56 HONEST from your creator buy.",
    );
    expect(text).not.toContain("whole supply");
  });
  it("the whole supply on the curve", () => {
    expect(supplySummary({ symbol: "ALL", curveSharePct: 100, market: market(10_000) })).toMatch(
      /100% of the supply \(1,000,000 ALL\) went on the bonding curve.* Your wallet holds none of it\.$/,
    );
  });
  it("a market asked for but not open (yet) leaves the whole supply in the wallet", () => {
    expect(supplySummary({ symbol: "HONEST", curveSharePct: 80, market: null })).toBe(
      "Your token exists on chain and the whole supply is in your wallet: its market is not open yet. You can open it from the token page.",
    );
  });
  it("says the market is opening until it is read", () => {
    expect(supplySummary({ symbol: "HONEST", curveSharePct: 80, market: undefined })).toBe(
      "Your token exists on chain; its market, with 80% of the supply on a bonding curve, is opening.",
    );
  });
});
