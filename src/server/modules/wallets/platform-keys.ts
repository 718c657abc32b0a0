import { generateSeed, publicKeyFromSeed, type Signer, signerFromSeed } from "../../ledger/keys";
import type { Custody, SealedSeed } from "./custody";

// Keys the platform holds for a row (a curve's vault, a reward's authority): a fresh ed25519
// seed sealed like an embedded wallet's and bound to the row (`walletId`) and its creator, so a
// sealed seed copied to another row will not open.

export interface KeyBinding {
  walletId: string;
  userId: string;
}

/** A new key: its address and sealed seed (the seed itself is wiped). */
export function newPlatformKey(
  custody: Custody,
  binding: KeyBinding,
): { address: string; sealed: SealedSeed } {
  const seed = generateSeed();
  try {
    return { address: publicKeyFromSeed(seed), sealed: custody.seal(seed, binding) };
  } finally {
    seed.fill(0);
  }
}

/** Signers of platform keys, each unsealed once per process (never logged). Immutable: a
 * curve's vault key or a reward's authority never changes. */
export class PlatformSigners {
  private signers = new Map<string, Signer>();
  constructor(private custody: Custody) {}

  /** The signer of the key sealed for `binding`, checked against the address the row names. */
  signerFor(sealed: SealedSeed, binding: KeyBinding, address: string): Signer {
    const known = this.signers.get(binding.walletId);
    if (known) return known;
    const seed = this.custody.open(sealed, binding);
    try {
      const signer = signerFromSeed(seed);
      if (signer.address !== address) throw new Error(`${binding.walletId}: key does not match its address`);
      this.signers.set(binding.walletId, signer);
      return signer;
    } finally {
      seed.fill(0);
    }
  }
}
