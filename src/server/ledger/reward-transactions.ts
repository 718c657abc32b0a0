import { type Address, address, type Instruction, type TransactionSigner } from "@solana/kit";
import { getCreateAccountInstruction } from "@solana-program/system";
import {
  AuthorityType,
  extension,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeGroupMemberPointerInstruction,
  getInitializeGroupPointerInstruction,
  getInitializeMetadataPointerInstruction,
  getInitializeMint2Instruction,
  getInitializeNonTransferableMintInstruction,
  getInitializeTokenGroupInstruction,
  getInitializeTokenGroupMemberInstruction,
  getInitializeTokenMetadataInstruction,
  getMintSize,
  getMintToInstruction,
  getSetAuthorityInstruction,
  TOKEN_2022_PROGRAM_ADDRESS,
} from "@solana-program/token-2022";
import type { Blockhash } from "./ledger";
import {
  associatedTokenAddress,
  type BuiltTransaction,
  defaultRentFor,
  signed,
  tokenMetadataTlvSize,
} from "./token-2022";

// Pure builders for NFT rewards (docs/rewards.md, RESEARCH.md section 1): a reward is a
// Token-2022 collection (TokenGroup whose maxSize is the reward's supply, so the program itself
// refuses one NFT too many), and each NFT a member mint with decimals 0, supply 1 and its mint
// authority revoked. The platform's sponsor key pays rent and fees; the reward's authority key
// is the update authority of the group and of every metadata, and co-signs each member.

const POINTER = { authority: TOKEN_2022_PROGRAM_ADDRESS, metadataAddress: TOKEN_2022_PROGRAM_ADDRESS };
const GROUP_POINTER = { authority: TOKEN_2022_PROGRAM_ADDRESS, groupAddress: TOKEN_2022_PROGRAM_ADDRESS };
const MEMBER_POINTER = { authority: TOKEN_2022_PROGRAM_ADDRESS, memberAddress: TOKEN_2022_PROGRAM_ADDRESS };

// Trap 2: the account is allocated with the fixed-size extensions only (InitializeMint2
// refuses bytes it cannot parse yet); the variable ones (metadata, group, member) are appended
// by their init instructions, which reallocate into the rent paid up front.
const COLLECTION_INITIAL_SPACE = getMintSize([
  extension("MetadataPointer", POINTER),
  extension("GroupPointer", GROUP_POINTER),
]);
const MEMBER_INITIAL_SPACE = getMintSize([
  extension("MetadataPointer", POINTER),
  extension("GroupMemberPointer", MEMBER_POINTER),
]);
const SOULBOUND_MEMBER_INITIAL_SPACE = getMintSize([
  extension("MetadataPointer", POINTER),
  extension("GroupMemberPointer", MEMBER_POINTER),
  extension("NonTransferable", {}),
]);
/** TLV header + update authority + mint + size + max size. */
const TOKEN_GROUP_TLV = 4 + 32 + 32 + 8 + 8;
/** TLV header + mint + group + member number. */
const TOKEN_GROUP_MEMBER_TLV = 4 + 32 + 32 + 8;

export interface NftMetadata {
  name: string;
  symbol: string;
  uri: string;
}

const metadataTlv = (m: NftMetadata) => tokenMetadataTlvSize({ ...m, additionalMetadata: [] });

export function collectionSpace(metadata: NftMetadata): number {
  return COLLECTION_INITIAL_SPACE + metadataTlv(metadata) + TOKEN_GROUP_TLV;
}

export function memberSpace(metadata: NftMetadata, soulbound: boolean): number {
  const initial = soulbound ? SOULBOUND_MEMBER_INITIAL_SPACE : MEMBER_INITIAL_SPACE;
  return initial + metadataTlv(metadata) + TOKEN_GROUP_MEMBER_TLV;
}

export interface CollectionParams {
  /** The platform's sponsor: fee payer and rent. */
  payer: TransactionSigner;
  /** The reward's authority: group and metadata update authority. */
  authority: TransactionSigner;
  collection: TransactionSigner;
  metadata: NftMetadata;
  maxSize: number;
  blockhash: Blockhash;
  rentFor?: (dataLength: number) => bigint;
}

/** The collection: a mint with metadata and a TokenGroup of `maxSize` members. Its mint
 * authority (needed by InitializeTokenGroup) is revoked at the end: nobody mints the
 * collection mint itself, members are separate mints. */
export async function buildCollectionTransaction(p: CollectionParams): Promise<BuiltTransaction> {
  const rentFor = p.rentFor ?? defaultRentFor;
  const mint = p.collection.address;
  const authority = p.authority;
  const instructions: Instruction[] = [
    getCreateAccountInstruction({
      payer: p.payer,
      newAccount: p.collection,
      lamports: rentFor(collectionSpace(p.metadata)),
      space: COLLECTION_INITIAL_SPACE,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getInitializeMetadataPointerInstruction({ mint, authority: authority.address, metadataAddress: mint }),
    getInitializeGroupPointerInstruction({ mint, authority: authority.address, groupAddress: mint }),
    getInitializeMint2Instruction({
      mint,
      decimals: 0,
      mintAuthority: authority.address,
      freezeAuthority: null,
    }),
    getInitializeTokenMetadataInstruction({
      metadata: mint,
      updateAuthority: authority.address,
      mint,
      mintAuthority: authority,
      ...p.metadata,
    }),
    getInitializeTokenGroupInstruction({
      group: mint,
      mint,
      mintAuthority: authority,
      updateAuthority: authority.address,
      maxSize: BigInt(p.maxSize),
    }),
    getSetAuthorityInstruction({
      owned: mint,
      owner: authority,
      authorityType: AuthorityType.MintTokens,
      newAuthority: null,
    }),
  ];
  return signed(p.payer, p.blockhash, instructions);
}

export interface MemberParams {
  payer: TransactionSigner;
  authority: TransactionSigner;
  collection: string;
  member: TransactionSigner;
  owner: string;
  metadata: NftMetadata;
  /** NonTransferable: a status badge that stays with the wallet that earned it. */
  soulbound: boolean;
  blockhash: Blockhash;
  rentFor?: (dataLength: number) => bigint;
}

/** One NFT: a member mint (decimals 0) with metadata, joined to the collection (the program
 * numbers it), one token in the owner's ATA, then the mint authority revoked (supply 1 for
 * ever). Signed by the sponsor, the member key and the reward's authority. */
export async function buildMemberTransaction(p: MemberParams): Promise<BuiltTransaction> {
  const rentFor = p.rentFor ?? defaultRentFor;
  const mint = p.member.address;
  const authority = p.authority;
  const owner = address(p.owner);
  const ata = associatedTokenAddress(owner, mint);
  const instructions: Instruction[] = [
    getCreateAccountInstruction({
      payer: p.payer,
      newAccount: p.member,
      lamports: rentFor(memberSpace(p.metadata, p.soulbound)),
      space: p.soulbound ? SOULBOUND_MEMBER_INITIAL_SPACE : MEMBER_INITIAL_SPACE,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getInitializeMetadataPointerInstruction({ mint, authority: authority.address, metadataAddress: mint }),
    getInitializeGroupMemberPointerInstruction({ mint, authority: authority.address, memberAddress: mint }),
    ...(p.soulbound ? [getInitializeNonTransferableMintInstruction({ mint })] : []),
    getInitializeMint2Instruction({
      mint,
      decimals: 0,
      mintAuthority: authority.address,
      freezeAuthority: null,
    }),
    getInitializeTokenMetadataInstruction({
      metadata: mint,
      updateAuthority: authority.address,
      mint,
      mintAuthority: authority,
      ...p.metadata,
    }),
    // Trap 1: the library's post-init helper omits this; it needs the member's mint authority
    // and the group's update authority, so it comes before the mint authority is revoked.
    getInitializeTokenGroupMemberInstruction({
      member: mint,
      memberMint: mint,
      memberMintAuthority: authority,
      group: address(p.collection) as Address,
      groupUpdateAuthority: authority,
    }),
    getCreateAssociatedTokenIdempotentInstruction({
      payer: p.payer,
      ata,
      owner,
      mint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getMintToInstruction({ mint, token: ata, mintAuthority: authority, amount: 1n }),
    getSetAuthorityInstruction({
      owned: mint,
      owner: authority,
      authorityType: AuthorityType.MintTokens,
      newAuthority: null,
    }),
  ];
  return signed(p.payer, p.blockhash, instructions);
}

/** The chain's refusal of a member past maxSize (TokenGroupError::SizeExceedsMaxSize). */
export const SIZE_EXCEEDS_MAX_SIZE = 0xcb0a6959;

// ---- reading back -------------------------------------------------------------------------

/** Extension types in a Token-2022 mint's TLV area (spl-token-2022 ExtensionType). */
const EXT_NON_TRANSFERABLE = 9;
const EXT_TOKEN_GROUP = 21;
const EXT_TOKEN_GROUP_MEMBER = 23;
/** Base mint (82) padded to the account size (165), then the account-type byte. */
const TLV_START = 166;

function tlvEntries(data: Uint8Array): Map<number, Uint8Array> {
  const out = new Map<number, Uint8Array>();
  if (data.length <= TLV_START) return out;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = TLV_START;
  while (at + 4 <= data.length) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === 0) break;
    out.set(type, data.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return out;
}

const u64 = (bytes: Uint8Array, at: number) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(at, true);

/** A collection mint's TokenGroup: how many members it has and may have. */
export function tokenGroupOf(data: Uint8Array): { size: bigint; maxSize: bigint } | null {
  const group = tlvEntries(data).get(EXT_TOKEN_GROUP);
  if (!group || group.length < 80) return null;
  return { size: u64(group, 64), maxSize: u64(group, 72) };
}

/** A member mint's TokenGroupMember: its group and number; soulbound when NonTransferable. */
export function groupMemberOf(
  data: Uint8Array,
  encodeAddress: (bytes: Uint8Array) => string,
): { group: string; memberNumber: bigint; soulbound: boolean } | null {
  const entries = tlvEntries(data);
  const member = entries.get(EXT_TOKEN_GROUP_MEMBER);
  if (!member || member.length < 72) return null;
  return {
    group: encodeAddress(member.subarray(32, 64)),
    memberNumber: u64(member, 64),
    soulbound: entries.has(EXT_NON_TRANSFERABLE),
  };
}
