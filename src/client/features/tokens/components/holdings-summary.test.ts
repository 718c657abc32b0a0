import type { Holding } from "@shared/schemas/portfolio";
import { describe, expect, it } from "vitest";
import { portfolioValue } from "./holdings-summary";

const holding = (mint: string, valueLamports: string | null): Holding => ({
  mint,
  name: mint,
  symbol: mint.toUpperCase(),
  decimals: 9,
  balance: "1",
  supply: "100",
  share: "1.00%",
  url: `/token/${mint}`,
  priceLamports: valueLamports === null ? null : "1",
  valueLamports,
  launchedByYou: false,
  wallets: [],
});

describe("portfolioValue", () => {
  it("sums values in bigint, past 2^53, and counts the holdings without a market apart", () => {
    const big = (2n ** 53n + 1n).toString();
    const { lamports, unpriced } = portfolioValue([holding("a", big), holding("b", null), holding("c", "2")]);
    expect(lamports).toBe(2n ** 53n + 3n);
    expect(unpriced).toBe(1);
  });

  it("is zero for nothing held", () => {
    expect(portfolioValue([])).toEqual({ lamports: 0n, unpriced: 0 });
  });
});
