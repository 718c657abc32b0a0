import {
  createKeyPairSignerFromPrivateKeyBytes,
  getPublicKeyFromAddress,
  verifySignature as kitVerify,
} from "@solana/kit";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import {
  generateSeed,
  generateSigner,
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
    const signer = signerFromSeed(seed);
    expect(signer.address).toBe((await createKeyPairSignerFromPrivateKeyBytes(seed)).address);
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
    const signer = signerFromSeed(seed);
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

  it("signs transactions WebCrypto verifies, with seeded and freshly generated keys", async () => {
    for (const signer of [signerFromSeed(generateSeed()), generateSigner()]) {
      const messageBytes = new TextEncoder().encode(`a transaction message for ${signer.address}`);
      const [dictionary] = await signer.signTransactions([
        { messageBytes, signatures: {} } as unknown as Parameters<typeof signer.signTransactions>[0][number],
      ]);
      const signature = dictionary?.[signer.address];
      if (!signature) throw new Error("no signature");
      const publicKey = await getPublicKeyFromAddress(signer.address);
      expect(await kitVerify(publicKey, signature, messageBytes)).toBe(true);
      expect(await kitVerify(publicKey, signature, new TextEncoder().encode("tampered"))).toBe(false);
    }
  });

  it("recognises addresses", () => {
    expect(isValidAddress(publicKeyFromSeed(generateSeed()))).toBe(true);
    expect(isValidAddress("11111111111111111111111111111111")).toBe(true);
    expect(isValidAddress("abc")).toBe(false);
    expect(isValidAddress("0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl")).toBe(false);
  });
});
