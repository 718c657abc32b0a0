import { address } from "@solana/kit";
import { extension, getMintSize } from "@solana-program/token-2022";
import { describe, expect, it } from "vitest";
import { mintSizes } from "./token-2022";

describe("mint sizes", () => {
  it("matches the Token-2022 client's own size for metadata, including multi-byte text and several fields", () => {
    const mint = address("CbQd24QqcTmYPmvyzb2L7p2cpe27Fb5XcR14haXPiQkE");
    const cases = [
      { name: "A", symbol: "A", uri: "", additionalMetadata: [] as Array<[string, string]> },
      {
        name: "Café Ünïcødé 🎵",
        symbol: "CAFÉ",
        uri: "https://example.com/a/very/long/path/metadata.json?x=1",
        additionalMetadata: [
          ["tagline", "Música para todos 🎶"],
          ["website", "https://example.com"],
        ] as Array<[string, string]>,
      },
    ];
    for (const fields of cases) {
      const pointer = extension("MetadataPointer", { authority: mint, metadataAddress: mint });
      const metadata = extension("TokenMetadata", {
        updateAuthority: mint,
        mint,
        name: fields.name,
        symbol: fields.symbol,
        uri: fields.uri,
        additionalMetadata: new Map(fields.additionalMetadata),
      });
      expect(mintSizes(fields)).toEqual({
        initialSpace: getMintSize([pointer]),
        finalSpace: getMintSize([pointer, metadata]),
      });
    }
  });
});
