import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import {
  generateSeed,
  isValidAddress,
  publicKeyFromSeed,
  secretKeyBase58,
  seedFromSecretKeyBase58,
  signerFromSeed,
  verifySignature,
} from "./keys";

describe("keys", () => {
  it("derives the same address as kit's signer and a 64-byte wallet-importable secret", async () => {
    const seed = generateSeed();
    expect(seed).toHaveLength(32);
    const signer = await signerFromSeed(seed);
    expect(publicKeyFromSeed(seed)).toBe(signer.address);
    const secret = bs58.decode(secretKeyBase58(seed));
    expect(secret).toHaveLength(64);
    expect(Buffer.from(secret.subarray(0, 32))).toEqual(Buffer.from(seed));
    expect(bs58.encode(secret.subarray(32))).toBe(signer.address);
    expect(seedFromSecretKeyBase58(secretKeyBase58(seed))).toEqual(seed);
    expect(seedFromSecretKeyBase58(bs58.encode(new Uint8Array(64).fill(7)))).toBeNull();
  });

  it("verifies ed25519 signatures and refuses other keys, other messages and garbage", async () => {
    const seed = generateSeed();
    const signer = await signerFromSeed(seed);
    const message = new TextEncoder().encode("Sign in to Launchpad\nNonce: abc");
    const [signed] = await signer.signMessages([{ content: message, signatures: {} }]);
    const signature = signed?.[signer.address];
    if (!signature) throw new Error("no signature");
    const sig = new Uint8Array(signature);
    expect(verifySignature(signer.address, message, sig)).toBe(true);
    expect(verifySignature(publicKeyFromSeed(generateSeed()), message, sig)).toBe(false);
    expect(verifySignature(signer.address, new TextEncoder().encode("other"), sig)).toBe(false);
    expect(verifySignature("not-base58-0OIl", message, sig)).toBe(false);
    expect(verifySignature(signer.address, message, sig.subarray(0, 10))).toBe(false);
  });

  it("recognises addresses", () => {
    expect(isValidAddress(publicKeyFromSeed(generateSeed()))).toBe(true);
    expect(isValidAddress("11111111111111111111111111111111")).toBe(true);
    expect(isValidAddress("abc")).toBe(false);
    expect(isValidAddress("0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl")).toBe(false);
  });
});
