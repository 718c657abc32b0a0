import { createPrivateKey, createPublicKey, randomBytes, verify } from "node:crypto";
import {
  createKeyPairSignerFromPrivateKeyBytes,
  generateKeyPairSigner,
  isAddress,
  type KeyPairSigner,
} from "@solana/kit";
import bs58 from "bs58";

// Ed25519 key helpers. A wallet is stored as its 32-byte seed; everything else (address,
// signer, the 64-byte secret wallets import) derives from it. Node's crypto is used for the
// synchronous parts so callers need not await a key derivation or a signature check.

// DER prefixes that wrap a raw ed25519 seed (PKCS#8) and a raw public key (SPKI).
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/** A fresh one-time signer (a new mint's key): generated inside WebCrypto, never exported,
 * and about three times faster than importing random seed bytes. */
export function generateSigner(): Promise<KeyPairSigner> {
  return generateKeyPairSigner();
}

export function generateSeed(): Uint8Array {
  return new Uint8Array(randomBytes(32));
}

function assertSeed(seed: Uint8Array): void {
  if (seed.length !== 32) throw new Error("An ed25519 seed is 32 bytes");
}

/** The raw 32-byte public key of a seed. */
export function publicKeyBytesFromSeed(seed: Uint8Array): Uint8Array {
  assertSeed(seed);
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: "der",
    type: "pkcs8",
  });
  const spki = createPublicKey(privateKey).export({ format: "der", type: "spki" });
  return new Uint8Array(spki.subarray(spki.length - 32));
}

/** The base58 Solana address of a seed. */
export function publicKeyFromSeed(seed: Uint8Array): string {
  return bs58.encode(publicKeyBytesFromSeed(seed));
}

/** A kit signer for transactions and messages. */
export function signerFromSeed(seed: Uint8Array): Promise<KeyPairSigner> {
  assertSeed(seed);
  return createKeyPairSignerFromPrivateKeyBytes(seed, false);
}

/** The 64-byte secret key (seed || public key) in base58: what Phantom and Solflare import. */
export function secretKeyBase58(seed: Uint8Array): string {
  const full = new Uint8Array(64);
  full.set(seed, 0);
  full.set(publicKeyBytesFromSeed(seed), 32);
  return bs58.encode(full);
}

/** The seed inside a 64-byte base58 secret key (for imports); null when it is not one or
 * its second half is not the seed's public key. */
export function seedFromSecretKeyBase58(secret: string): Uint8Array | null {
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(secret.trim());
  } catch {
    return null;
  }
  if (bytes.length !== 64) return null;
  const seed = bytes.slice(0, 32);
  const expected = publicKeyBytesFromSeed(seed);
  return Buffer.from(expected).equals(Buffer.from(bytes.subarray(32))) ? seed : null;
}

/** True when `signature` is the ed25519 signature of `message` by `address`'s key. Any
 * malformed input (bad base58, wrong lengths) is simply not a valid signature. */
export function verifySignature(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  let publicKey: Uint8Array;
  try {
    publicKey = bs58.decode(address);
  } catch {
    return false;
  }
  if (publicKey.length !== 32) return false;
  try {
    const key = createPublicKey({
      key: Buffer.concat([SPKI_ED25519_PREFIX, publicKey]),
      format: "der",
      type: "spki",
    });
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}

/** A base58 string that decodes to 32 bytes (on or off the curve: PDAs are addresses too). */
export function isValidAddress(text: string): boolean {
  return isAddress(text);
}
