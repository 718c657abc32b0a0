import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from "node:crypto";
import {
  type Address,
  isAddress,
  type MessagePartialSigner,
  type ReadonlyUint8Array,
  type SignatureBytes,
  type TransactionPartialSigner,
} from "@solana/kit";
import bs58 from "bs58";

// Ed25519 key helpers. A wallet is stored as its 32-byte seed; everything else (address,
// signer, the 64-byte secret wallets import) derives from it. Node's crypto does the work
// synchronously: an ed25519 key or signature takes tens of microseconds, less than
// scheduling one of WebCrypto's async jobs, whose answers also queue behind other requests.
//
// Every KeyObject here is made by an import, so no other object shares its lock. On Node 20
// the KeyObjects generateKeyPairSync returns share one with their generation job, and
// exporting or signing with one while the garbage collector destroys that job deadlocks the
// thread (a launch server hung under load with its main thread in ~KeyGenJob).

// The DER prefix that wraps a raw ed25519 seed (PKCS#8).
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** A kit signer (transactions and messages) over a node:crypto private key. */
export type Signer = TransactionPartialSigner & MessagePartialSigner;

function signerOf(privateKey: KeyObject, publicKey: Uint8Array): Signer {
  const address = bs58.encode(publicKey) as Address;
  const signBytes = (bytes: ReadonlyUint8Array) =>
    Object.freeze({
      [address]: new Uint8Array(sign(null, bytes as Uint8Array, privateKey)) as SignatureBytes,
    });
  return Object.freeze({
    address,
    signTransactions: async (txs) => txs.map((tx) => signBytes(tx.messageBytes)),
    signMessages: async (messages) => messages.map((m) => signBytes(m.content)),
  } satisfies Signer);
}

/** The raw 32-byte public key in an ed25519 JWK (its "x"; exporting JWK costs a fraction of
 * encoding DER, and a private key's JWK carries its public key). */
function jwkPublicKey(jwk: JsonWebKey): Uint8Array {
  if (jwk.crv !== "Ed25519" || !jwk.x) throw new Error("not an ed25519 key");
  return new Uint8Array(Buffer.from(jwk.x, "base64url"));
}

/** A private key's public key: its own JWK carries it (no second KeyObject sharing its lock). */
function publicKeyOf(privateKey: KeyObject): Uint8Array {
  return jwkPublicKey(privateKey.export({ format: "jwk" }));
}

/** A fresh one-time signer (a new mint's key): never stored, so never exported. The pair
 * comes back as JWK, encoded inside the generation job, and the private half is imported. */
export function generateSigner(): Signer {
  const { privateKey } = generateKeyPairSync("ed25519", {
    publicKeyEncoding: { format: "jwk" },
    privateKeyEncoding: { format: "jwk" },
  });
  return signerOf(createPrivateKey({ key: privateKey, format: "jwk" }), jwkPublicKey(privateKey));
}

export function generateSeed(): Uint8Array {
  return new Uint8Array(randomBytes(32));
}

function assertSeed(seed: Uint8Array): void {
  if (seed.length !== 32) throw new Error("An ed25519 seed is 32 bytes");
}

function privateKeyFromSeed(seed: Uint8Array): KeyObject {
  assertSeed(seed);
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" });
}

/** The raw 32-byte public key of a seed. */
export function publicKeyBytesFromSeed(seed: Uint8Array): Uint8Array {
  return publicKeyOf(privateKeyFromSeed(seed));
}

/** The base58 Solana address of a seed. */
export function publicKeyFromSeed(seed: Uint8Array): string {
  return bs58.encode(publicKeyBytesFromSeed(seed));
}

/** A kit signer for transactions and messages. */
export function signerFromSeed(seed: Uint8Array): Signer {
  const privateKey = privateKeyFromSeed(seed);
  return signerOf(privateKey, publicKeyOf(privateKey));
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
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") },
      format: "jwk",
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
