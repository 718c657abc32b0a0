import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Custody } from "./custody";

const owner = { walletId: "w1", userId: "u1" };

describe("seed custody", () => {
  const custody = new Custody(randomBytes(32));
  const seed = new Uint8Array(randomBytes(32));

  it("round-trips a seed and never stores it in the clear", () => {
    const sealed = custody.seal(seed, owner);
    expect(Buffer.from(sealed.encryptedSeed).includes(Buffer.from(seed))).toBe(false);
    expect(Buffer.from(custody.open(sealed, owner))).toEqual(Buffer.from(seed));
  });

  it("uses a fresh IV and data key each time", () => {
    const a = custody.seal(seed, owner);
    const b = custody.seal(seed, owner);
    expect(Buffer.from(a.encryptedSeed)).not.toEqual(Buffer.from(b.encryptedSeed));
    expect(Buffer.from(a.wrappedKey)).not.toEqual(Buffer.from(b.wrappedKey));
  });

  it("refuses a sealed seed moved to another row (AAD binds wallet and user)", () => {
    const sealed = custody.seal(seed, owner);
    expect(() => custody.open(sealed, { walletId: "w1", userId: "u2" })).toThrow();
    expect(() => custody.open(sealed, { walletId: "w2", userId: "u1" })).toThrow();
  });

  it("refuses tampered ciphertext and a different master key", () => {
    const sealed = custody.seal(seed, owner);
    const tampered = new Uint8Array(sealed.encryptedSeed);
    tampered[20] = (tampered[20] ?? 0) ^ 1;
    expect(() => custody.open({ ...sealed, encryptedSeed: tampered }, owner)).toThrow();
    const other = new Custody(randomBytes(32));
    expect(() => other.open(sealed, owner)).toThrow(/another master key/);
  });

  it("generates a 0600 master key file when WALLET_MASTER_KEY is unset, and reuses it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "custody-"));
    const first = Custody.fromConfig(undefined, dir);
    const file = path.join(dir, "wallet-master.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, "utf8"), "base64")).toHaveLength(32);
    const second = Custody.fromConfig(undefined, dir);
    expect(second.keyId).toBe(first.keyId);
    expect(Buffer.from(second.open(first.seal(seed, owner), owner))).toEqual(Buffer.from(seed));
  });

  it("accepts a hex or base64 WALLET_MASTER_KEY and rejects a short one", () => {
    const key = randomBytes(32);
    expect(Custody.fromConfig(key.toString("hex"), "/nonexistent").keyId).toBe(
      Custody.fromConfig(key.toString("base64"), "/nonexistent").keyId,
    );
    expect(() => Custody.fromConfig("c2hvcnQ=", "/nonexistent")).toThrow(/32 bytes/);
  });
});
