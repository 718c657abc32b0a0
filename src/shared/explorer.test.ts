import { describe, expect, it } from "vitest";
import { hasPublicExplorer, publicExplorerUrl } from "./explorer";

describe("publicExplorerUrl", () => {
  it("links the public clusters, each by its name (mainnet by none), and nothing else", () => {
    expect(publicExplorerUrl("address", "Mint1", "devnet")).toBe(
      "https://explorer.solana.com/address/Mint1?cluster=devnet",
    );
    expect(publicExplorerUrl("tx", "Sig1", "testnet")).toBe(
      "https://explorer.solana.com/tx/Sig1?cluster=testnet",
    );
    expect(publicExplorerUrl("address", "Mint1", "mainnet-beta")).toBe(
      "https://explorer.solana.com/address/Mint1",
    );
    for (const cluster of ["custom", "embedded", undefined]) {
      expect(publicExplorerUrl("address", "Mint1", cluster)).toBeNull();
      expect(hasPublicExplorer(cluster)).toBe(false);
    }
  });
});
