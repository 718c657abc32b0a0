import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
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

  it("keeps making and using keys while the garbage collector runs (no deadlock)", () => {
    // Node 20 deadlocked within a few thousand rounds of this when keys came straight from
    // generateKeyPairSync: a hang here shows up as a timeout (status null), not "done".
    const child = fileURLToPath(new URL("./testing/key-churn-child.ts", import.meta.url));
    const run = spawnSync(
      process.execPath,
      ["--max-semi-space-size=1", "--min-semi-space-size=1", "--import", "tsx", child, "20000"],
      { encoding: "utf8", timeout: 45_000, killSignal: "SIGKILL" },
    );
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("done\n");
    expect(run.status).toBe(0);
  }, 60_000);

  it("recognises addresses", () => {
    expect(isValidAddress(publicKeyFromSeed(generateSeed()))).toBe(true);
    expect(isValidAddress("11111111111111111111111111111111")).toBe(true);
    expect(isValidAddress("abc")).toBe(false);
    expect(isValidAddress("0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl")).toBe(false);
  });
});
