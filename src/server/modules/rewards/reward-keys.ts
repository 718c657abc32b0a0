import { generateSeed, publicKeyFromSeed, type Signer, signerFromSeed } from "../../ledger/keys";
import type { Custody, SealedSeed } from "../wallets/custody";

// Each reward's authority: the update authority of its collection (TokenGroup) and of every
// NFT's metadata, and the member mints' authority until it is revoked in the same transaction.
// A fresh ed25519 seed sealed like a curve's vault key, bound to `reward:<id>` and the creator,
// so a sealed seed copied to another reward will not open. The platform signs with it only
// for NFTs the reward's condition allows.

export interface SealedAuthority {
  id: string;
  creatorUserId: string;
  authority: string;
  authorityEncryptedSeed: Uint8Array;
  authorityWrappedKey: Uint8Array;
  authorityKeyId: string;
  authorityKeyVersion: number;
}

const bindingOf = (rewardId: string, creatorUserId: string) => ({
  walletId: `reward:${rewardId}`,
  userId: creatorUserId,
});

export function newRewardAuthority(
  custody: Custody,
  rewardId: string,
  creatorUserId: string,
): { address: string; sealed: SealedSeed } {
  const seed = generateSeed();
  try {
    return {
      address: publicKeyFromSeed(seed),
      sealed: custody.seal(seed, bindingOf(rewardId, creatorUserId)),
    };
  } finally {
    seed.fill(0);
  }
}

/** The authority's signer, unsealed once per process per reward (never logged). */
export class RewardKeys {
  private signers = new Map<string, Signer>();
  constructor(private custody: Custody) {}

  signerFor(reward: SealedAuthority): Signer {
    const known = this.signers.get(reward.id);
    if (known) return known;
    const seed = this.custody.open(
      {
        encryptedSeed: reward.authorityEncryptedSeed,
        wrappedKey: reward.authorityWrappedKey,
        keyId: reward.authorityKeyId,
        keyVersion: reward.authorityKeyVersion,
      },
      bindingOf(reward.id, reward.creatorUserId),
    );
    try {
      const signer = signerFromSeed(seed);
      if (signer.address !== reward.authority) throw new Error("reward key does not match its address");
      this.signers.set(reward.id, signer);
      return signer;
    } finally {
      seed.fill(0);
    }
  }
}
