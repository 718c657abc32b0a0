import { describe, expect, it } from "vitest";
import { traderSolLamports } from "./trade-sol";

describe("traderSolLamports", () => {
  it("is what a buyer paid: the curve's part and the fee", () => {
    expect(traderSolLamports({ side: "buy", solAmount: "44500000", fee: "5500000" })).toBe(50_000_000n);
  });

  it("is what a seller received: the curve's part less the fee", () => {
    expect(traderSolLamports({ side: "sell", solAmount: "19700000", fee: "636000" })).toBe(19_064_000n);
  });
});
