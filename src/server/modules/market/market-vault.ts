import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateSeed, publicKeyFromSeed, type Signer, signerFromSeed } from "../../ledger/keys";
import type { Ledger } from "../../ledger/ledger";
import type { Custody, SealedSeed } from "../wallets/custody";
import { newPlatformKey, PlatformSigners } from "../wallets/platform-keys";
import type { MarketRow } from "./market.repo";

// Custody of the curves' vault keys and of the treasury. A vault key is a fresh ed25519 seed
// sealed like an embedded wallet's (envelope encryption under the wallet master key), bound
// to the row `market:<mint>` and the creator's user id, so a sealed seed copied to another
// market will not open. The platform operates every vault: it signs only the trades the
// curve's rules allow.

const bindingOf = (mint: string, creatorUserId: string) => ({
  walletId: `market:${mint}`,
  userId: creatorUserId,
});

/** A new vault: its address and sealed seed (the seed itself is wiped). */
export function newVault(
  custody: Custody,
  mint: string,
  creatorUserId: string,
): { address: string; sealed: SealedSeed } {
  return newPlatformKey(custody, bindingOf(mint, creatorUserId));
}

/** The vault's signer, unsealed once per process per market (never logged). */
export class VaultKeys {
  private signers: PlatformSigners;
  constructor(custody: Custody) {
    this.signers = new PlatformSigners(custody);
  }

  signerFor(market: MarketRow): Signer {
    const sealed = {
      encryptedSeed: market.vaultEncryptedSeed,
      wrappedKey: market.vaultWrappedKey,
      keyId: market.vaultKeyId,
      keyVersion: market.vaultKeyVersion,
    };
    return this.signers.signerFor(sealed, bindingOf(market.mint, market.creatorUserId), market.vault);
  }
}

/** The platform treasury (the platform's part of every fee): TREASURY_ADDRESS, or the address
 * of a key generated once under DATA_DIR (treasury.key, 0600) so a local install has one. */
export function treasuryAddress(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "treasury.key");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, Buffer.from(generateSeed()).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  chmodSync(file, 0o600);
  const seed = new Uint8Array(Buffer.from(readFileSync(file, "utf8").trim(), "base64"));
  try {
    return publicKeyFromSeed(seed);
  } finally {
    seed.fill(0);
  }
}

/** The treasury's signer, to pay owed creator fees out of it: the key under DATA_DIR. Null
 * when TREASURY_ADDRESS names a wallet the platform does not hold the key of (owed fees are
 * then the operator's to pay). Call after treasuryAddress (which makes the key). */
export function treasurySigner(configured: string | undefined, dataDir: string): Signer | null {
  const file = path.join(dataDir, "treasury.key");
  if (!existsSync(file)) return null;
  const seed = new Uint8Array(Buffer.from(readFileSync(file, "utf8").trim(), "base64"));
  try {
    if (configured && publicKeyFromSeed(seed) !== configured) return null;
    return signerFromSeed(seed);
  } finally {
    seed.fill(0);
  }
}

/** A fee part of a few lamports sent to an account below the rent-exempt minimum fails the
 * whole trade: the treasury is topped up to that minimum at start where test SOL exists. */
export async function fundTreasury(
  ledger: Ledger,
  treasury: string,
  warn: (m: string) => void,
): Promise<void> {
  const rent = await ledger.minimumBalanceForRentExemption(0);
  const balance = await ledger.getBalance(treasury);
  if (balance >= rent) return;
  try {
    await ledger.airdrop(treasury, rent - balance);
  } catch {
    warn(
      "The market treasury holds less than the rent-exempt minimum and could not be funded: fund it to trade",
    );
  }
}
