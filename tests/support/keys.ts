import { createPrivateKey, sign } from "node:crypto";
import { createKeyPairSignerFromPrivateKeyBytes } from "@solana/kit";
import bs58 from "bs58";
import { generateSeed, publicKeyFromSeed } from "../../src/server/ledger/keys";

const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** An external wallet held by the test: signs sign-in messages and transactions itself, with
 * kit's own WebCrypto signer (not the server's code), as a browser wallet would. */
export async function testWallet() {
  const seed = generateSeed();
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: "der",
    type: "pkcs8",
  });
  return {
    address: publicKeyFromSeed(seed),
    signer: await createKeyPairSignerFromPrivateKeyBytes(seed),
    signMessage: (text: string) => bs58.encode(sign(null, Buffer.from(text, "utf8"), key)),
    signBytes: (bytes: Uint8Array) => new Uint8Array(sign(null, bytes, key)),
  };
}
