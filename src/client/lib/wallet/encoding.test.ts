import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { base64ToBytes, bytesToBase64, toBase58 } from "./encoding";

describe("wallet encodings", () => {
  it("round-trips every byte value through base64 (wire transactions are binary)", () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });

  it("encodes signatures as base58 the way the server decodes them", () => {
    const sig = Uint8Array.from({ length: 64 }, (_, i) => (i * 7) % 256);
    expect(bs58.decode(toBase58(sig))).toEqual(sig);
  });
});
