import { describe, expect, it } from "vitest";
import { collectedText, figure, mintedOfSupply } from "./figures";

describe("rewards figures", () => {
  it("the noun agrees with the count", () => {
    expect(collectedText(1)).toBe("1 NFT collected");
    expect(collectedText(0)).toBe("0 NFTs collected");
    expect(collectedText(2)).toBe("2 NFTs collected");
    expect(collectedText(1200)).toBe("1,200 NFTs collected");
  });

  it("minted progress groups its digits", () => {
    expect(mintedOfSupply(0, 100_000)).toBe("0 / 100,000");
    expect(mintedOfSupply(12_345, 100_000)).toBe("12,345 / 100,000");
    expect(figure(1_000_000)).toBe("1,000,000");
    expect(figure(undefined)).toBe("–");
  });
});
