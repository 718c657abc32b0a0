import type { Balance } from "@shared/holders";
import type { TrustInputs } from "@shared/trust/score";
import { AccountState, type Mint } from "@solana-program/token-2022";
import type { SignatureInfo, TransactionRecord } from "../../ledger/ledger";
import { mintExtensions } from "../../ledger/token-state";

// Facts for the trust score read from a mint account and from ledger history, for any mint
// (docs/trust.md). No I/O here: the service reads, these functions decide.

/** The all-zero address: what an unset optional key reads as inside an extension. */
const NONE = "11111111111111111111111111111111";

export type ControlFacts = Pick<
  TrustInputs,
  | "mintAuthority"
  | "freezeAuthority"
  | "defaultFrozen"
  | "permanentDelegate"
  | "transferHook"
  | "nonTransferable"
  | "transferFeeBps"
  | "metadata"
> & {
  mintAuthorityKey: string | null;
  updateAuthority: string | null;
  /** TokenMetadata's website / twitter / discord fields say where the creator is. */
  metadataLinks: boolean;
};

export function controlFacts(mint: Mint): ControlFacts {
  const facts: ControlFacts = {
    mintAuthority: mint.mintAuthority.__option === "Some",
    freezeAuthority: mint.freezeAuthority.__option === "Some",
    defaultFrozen: false,
    permanentDelegate: false,
    transferHook: false,
    nonTransferable: false,
    transferFeeBps: null,
    metadata: "none",
    mintAuthorityKey: mint.mintAuthority.__option === "Some" ? mint.mintAuthority.value : null,
    updateAuthority: null,
    metadataLinks: false,
  };
  for (const ext of mintExtensions(mint)) {
    switch (ext.__kind) {
      case "DefaultAccountState":
        facts.defaultFrozen = ext.state === AccountState.Frozen;
        break;
      case "PermanentDelegate":
        facts.permanentDelegate = ext.delegate !== NONE;
        break;
      case "TransferHook":
        facts.transferHook = ext.programId !== NONE;
        break;
      case "NonTransferable":
        facts.nonTransferable = true;
        break;
      case "TransferFeeConfig":
        facts.transferFeeBps = Math.max(
          ext.newerTransferFee.transferFeeBasisPoints,
          ext.olderTransferFee.transferFeeBasisPoints,
        );
        break;
      case "TokenMetadata": {
        const authority = ext.updateAuthority.__option === "Some" ? ext.updateAuthority.value : null;
        facts.updateAuthority = authority;
        facts.metadata = authority ? "mutable" : "immutable";
        facts.metadataLinks = [...ext.additionalMetadata.entries()].some(
          ([key, value]) =>
            ["website", "twitter", "discord"].includes(key.toLowerCase()) && value.trim() !== "",
        );
        break;
      }
    }
  }
  return facts;
}

/** The creator's cluster: the creator's own balance plus what the holders it funded hold. */
export function creatorCluster(top: readonly Balance[], creatorBalance: bigint, funded: Set<string>): bigint {
  return top.filter((h) => funded.has(h.owner)).reduce((s, h) => s + h.balance, creatorBalance);
}

/** Per owner, what the transactions gave (post - pre) of this mint, summed. */
export function receivedByOwner(records: TransactionRecord[], mint: string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const tx of records) {
    if (tx.error) continue;
    const delta = new Map<string, bigint>();
    for (const b of tx.preTokenBalances)
      if (b.mint === mint) delta.set(b.owner, (delta.get(b.owner) ?? 0n) - b.amount);
    for (const b of tx.postTokenBalances)
      if (b.mint === mint) delta.set(b.owner, (delta.get(b.owner) ?? 0n) + b.amount);
    for (const [owner, d] of delta) if (d > 0n) out.set(owner, (out.get(owner) ?? 0n) + d);
  }
  return out;
}

/** The signatures of a mint's first `windowS` seconds, oldest first, from its history pages
 * (newest first, as the ledger lists them). */
export function firstWindow(oldestFirst: SignatureInfo[], windowS: number): SignatureInfo[] {
  const start = oldestFirst[0]?.blockTime;
  if (start === undefined || start === null) return oldestFirst.slice(0, 1);
  return oldestFirst.filter((s) => s.blockTime !== null && s.blockTime < start + windowS);
}
