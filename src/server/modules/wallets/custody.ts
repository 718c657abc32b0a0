import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const KEY_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SealedSeed {
  encryptedSeed: Uint8Array;
  wrappedKey: Uint8Array;
  keyId: string;
  keyVersion: number;
}

/** Envelope encryption of embedded-wallet seeds: each seed is sealed with its own random data
 * key (AES-256-GCM), and the data key is wrapped by the master key. AAD binds the ciphertext
 * to its row (wallet id, user id, version) so a sealed seed copied to another row won't open.
 * The key id stored with the row lets the master key rotate. */
export class Custody {
  readonly keyId: string;

  constructor(private masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error("WALLET_MASTER_KEY must be 32 bytes (base64 or hex)");
    this.keyId = createHash("sha256").update(masterKey).digest("hex").slice(0, 16);
  }

  /** From WALLET_MASTER_KEY (base64 or hex), or a 0600 key file generated under dataDir. */
  static fromConfig(masterKeyText: string | undefined, dataDir: string): Custody {
    if (masterKeyText) return new Custody(decodeKey(masterKeyText));
    const file = path.join(dataDir, "wallet-master.key");
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    }
    chmodSync(file, 0o600);
    return new Custody(decodeKey(readFileSync(file, "utf8").trim()));
  }

  /** A 32-byte key for another purpose, derived from the master key (HKDF, one per label):
   * the same on every API node that shares WALLET_MASTER_KEY, and never the master key. */
  derivedKey(label: string): Buffer {
    return Buffer.from(hkdfSync("sha256", this.masterKey, Buffer.alloc(0), label, 32));
  }

  seal(seed: Uint8Array, owner: { walletId: string; userId: string }): SealedSeed {
    const aad = aadFor(owner, KEY_VERSION);
    const dataKey = randomBytes(32);
    try {
      return {
        encryptedSeed: encrypt(dataKey, seed, aad),
        wrappedKey: encrypt(this.masterKey, dataKey, aad),
        keyId: this.keyId,
        keyVersion: KEY_VERSION,
      };
    } finally {
      dataKey.fill(0);
    }
  }

  open(sealed: SealedSeed, owner: { walletId: string; userId: string }): Uint8Array {
    if (sealed.keyId !== this.keyId) throw new Error("wallet sealed under another master key");
    const aad = aadFor(owner, sealed.keyVersion);
    const dataKey = decrypt(this.masterKey, sealed.wrappedKey, aad);
    try {
      return decrypt(dataKey, sealed.encryptedSeed, aad);
    } finally {
      dataKey.fill(0);
    }
  }
}

function decodeKey(text: string): Buffer {
  const t = text.trim();
  return /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, "hex") : Buffer.from(t, "base64");
}

const aadFor = (o: { walletId: string; userId: string }, version: number) =>
  Buffer.from(`wallet:${o.walletId}|user:${o.userId}|v${version}`);

function encrypt(key: Uint8Array, plain: Uint8Array, aad: Buffer): Uint8Array {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return new Uint8Array(Buffer.concat([iv, body, cipher.getAuthTag()]));
}

function decrypt(key: Uint8Array, sealed: Uint8Array, aad: Buffer): Buffer {
  const buf = Buffer.from(sealed);
  const iv = buf.subarray(0, IV_BYTES);
  const tag = buf.subarray(buf.length - TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(buf.subarray(IV_BYTES, buf.length - TAG_BYTES)), decipher.final()]);
}
