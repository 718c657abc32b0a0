import type { Signer } from "../../ledger/keys";
import type { Custody, SealedSeed } from "../wallets/custody";
import { newPlatformKey, PlatformSigners } from "../wallets/platform-keys";

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
  return newPlatformKey(custody, bindingOf(rewardId, creatorUserId));
}

/** The authority's signer, unsealed once per process per reward (never logged). */
export class RewardKeys {
  private signers: PlatformSigners;
  constructor(custody: Custody) {
    this.signers = new PlatformSigners(custody);
  }

  signerFor(reward: SealedAuthority): Signer {
    const sealed = {
      encryptedSeed: reward.authorityEncryptedSeed,
      wrappedKey: reward.authorityWrappedKey,
      keyId: reward.authorityKeyId,
      keyVersion: reward.authorityKeyVersion,
    };
    return this.signers.signerFor(sealed, bindingOf(reward.id, reward.creatorUserId), reward.authority);
  }
}
