import {
  type Address,
  address,
  createNoopSigner,
  getSignatureFromTransaction,
  type Instruction,
  type TransactionSigner,
} from "@solana/kit";
import { getCreateAccountInstruction } from "@solana-program/system";
import {
  AuthorityType,
  extension,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMetadataPointerInstruction,
  getInitializeMint2Instruction,
  getInitializeTokenMetadataInstruction,
  getMintSize,
  getMintToInstruction,
  getSetAuthorityInstruction,
  getTokenSize,
  getTransferCheckedInstruction,
  getUpdateTokenMetadataFieldInstruction,
  getUpdateTokenMetadataUpdateAuthorityInstruction,
  TOKEN_2022_PROGRAM_ADDRESS,
  tokenMetadataField,
} from "@solana-program/token-2022";
import { BoundedCache } from "../lib/bounded-cache";
import { compileTransaction } from "./compile-transaction";
import { verifySignature as verifyEd25519 } from "./keys";
import type { Blockhash } from "./ledger";
import { memoInstruction } from "./memo";
import { findAssociatedTokenAddress } from "./pda";
import { decodeWireTransaction } from "./wire";

// Pure transaction builders for the Token-2022 launch and transfers: no I/O, so the same
// bytes go to LiteSVM and to devnet, and the external-wallet path can prepare, hand over and
// later verify exactly what it built.

/** Solana's packet limit for one serialized transaction. */
export const MAX_TRANSACTION_SIZE = 1232;
/** Base fee per signature on every cluster we target (no priority fee is added). */
export const LAMPORTS_PER_SIGNATURE = 5000n;

/** Rent-exempt minimum with the cluster's default rent (SIMD-0194: 6960 lamports per byte
 * including the 128-byte account overhead). Used when the caller passes no `rentFor`. */
export function defaultRentFor(dataLength: number): bigint {
  return BigInt(128 + dataLength) * 6960n;
}

export interface LaunchParams {
  /** A signer for the embedded wallet; a bare address when an external wallet signs later. */
  payer: TransactionSigner | Address | string;
  mint: TransactionSigner;
  name: string;
  symbol: string;
  uri: string;
  additionalMetadata: Array<[string, string]>;
  /** Base units (10^decimals per whole token). */
  supply: bigint;
  decimals: number;
  blockhash: Blockhash;
  rentFor?: (dataLength: number) => bigint;
}

export interface BuiltTransaction {
  wire: Uint8Array;
  signature: string;
}

export interface BuiltLaunch {
  wire: Uint8Array;
  /** The transaction id; null until the fee payer (an external wallet) has signed. */
  signature: string | null;
  mintAddress: string;
  /** The payer's token account for the new mint, which receives the supply. */
  payerTokenAccount: string;
  /** False when the payer (an external wallet) still has to sign. */
  fullySigned: boolean;
}

type MetadataFields = Pick<LaunchParams, "name" | "symbol" | "uri" | "additionalMetadata">;

/** A mint with the MetadataPointer extension (fixed size, computed once). */
const MINT_WITH_POINTER_SIZE = getMintSize([
  extension("MetadataPointer", {
    authority: TOKEN_2022_PROGRAM_ADDRESS,
    metadataAddress: TOKEN_2022_PROGRAM_ADDRESS,
  }),
]);

const utf8Length = (text: string) => Buffer.byteLength(text, "utf8");

/** The TokenMetadata TLV entry: 2-byte type + 2-byte length, update authority and mint (32
 * each), then name, symbol, uri and each extra key and value as u32-length-prefixed strings
 * (plus the u32 count of extra fields). Computed by hand because building the codec for
 * getMintSize costs milliseconds per launch. */
export function tokenMetadataTlvSize(fields: MetadataFields): number {
  let size =
    4 +
    32 +
    32 +
    4 +
    utf8Length(fields.name) +
    4 +
    utf8Length(fields.symbol) +
    4 +
    utf8Length(fields.uri) +
    4;
  for (const [key, value] of fields.additionalMetadata) size += 4 + utf8Length(key) + 4 + utf8Length(value);
  return size;
}

/** Bytes of the mint account: created with room for the MetadataPointer only, because
 * InitializeMint2 refuses trailing bytes it cannot parse; the metadata TLV is appended by the
 * token program itself (it reallocates), paid for by the lamports we put in up front. */
export function mintSizes(fields: MetadataFields) {
  return {
    initialSpace: MINT_WITH_POINTER_SIZE,
    finalSpace: MINT_WITH_POINTER_SIZE + tokenMetadataTlvSize(fields),
  };
}

/** Token-2022 associated token accounts carry the ImmutableOwner extension. */
export const TOKEN_2022_ATA_SIZE = getTokenSize([extension("ImmutableOwner", {})]);

/** Everything a launch takes from the payer: fees for two signatures, the mint's rent
 * (with its metadata) and the creator's token account rent. Lets the service say "not enough
 * SOL" before sending anything. */
export function launchCostLamports(
  fields: MetadataFields,
  rentFor: (dataLength: number) => bigint = defaultRentFor,
): bigint {
  const { finalSpace } = mintSizes(fields);
  return 2n * LAMPORTS_PER_SIGNATURE + rentFor(finalSpace) + rentFor(TOKEN_2022_ATA_SIZE);
}

/** Worst case for a transfer: one signature and, if the recipient has none yet, their ATA. */
export function transferCostLamports(rentFor: (dataLength: number) => bigint = defaultRentFor): bigint {
  return LAMPORTS_PER_SIGNATURE + rentFor(TOKEN_2022_ATA_SIZE);
}

// Deriving an ATA hashes and checks the curve (a few hundred microseconds); the answer never
// changes, and portfolios, balance checks and transfers ask for the same pairs again and again.
const ataMemo = new BoundedCache<string, Address>({ max: 100_000 });

/** Remembers an ATA derived elsewhere (the launch builder's thread derives the creator's for
 * each new mint): the event loop then never hashes it again. */
export function rememberAssociatedTokenAddress(
  owner: string,
  mint: string,
  ata: string,
  tokenProgram: string = TOKEN_2022_PROGRAM_ADDRESS,
): void {
  ataMemo.set(`${owner}:${mint}:${tokenProgram}`, address(ata));
}

export function associatedTokenAddress(
  owner: string,
  mint: string,
  tokenProgram: string = TOKEN_2022_PROGRAM_ADDRESS,
): Address {
  const key = `${owner}:${mint}:${tokenProgram}`;
  const known = ataMemo.get(key);
  if (known) return known;
  const ata = findAssociatedTokenAddress(owner, mint, tokenProgram);
  ataMemo.set(key, ata);
  return ata;
}

function asSigner(payer: LaunchParams["payer"]): { signer: TransactionSigner; external: boolean } {
  if (typeof payer === "string") return { signer: createNoopSigner(address(payer)), external: true };
  return { signer: payer, external: false };
}

/** The whole launch in one transaction: mint with metadata pointer and metadata (plus extra
 * fields), the creator's ATA, the full supply, then the mint authority revoked. */
export async function buildLaunchTransaction(params: LaunchParams): Promise<BuiltLaunch> {
  const { signer: payer, external } = asSigner(params.payer);
  const mint = params.mint.address;
  const rentFor = params.rentFor ?? defaultRentFor;
  const { initialSpace, finalSpace } = mintSizes(params);
  const ata = associatedTokenAddress(payer.address, mint);

  const instructions: Instruction[] = [
    getCreateAccountInstruction({
      payer,
      newAccount: params.mint,
      lamports: rentFor(finalSpace),
      space: initialSpace,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getInitializeMetadataPointerInstruction({ mint, authority: payer.address, metadataAddress: mint }),
    getInitializeMint2Instruction({
      mint,
      decimals: params.decimals,
      mintAuthority: payer.address,
      freezeAuthority: null,
    }),
    getInitializeTokenMetadataInstruction({
      metadata: mint,
      updateAuthority: payer.address,
      mint,
      mintAuthority: payer,
      name: params.name,
      symbol: params.symbol,
      uri: params.uri,
    }),
    ...params.additionalMetadata.map(([key, value]) =>
      getUpdateTokenMetadataFieldInstruction({
        metadata: mint,
        updateAuthority: payer,
        field: tokenMetadataField("Key", [key]),
        value,
      }),
    ),
    getCreateAssociatedTokenIdempotentInstruction({
      payer,
      ata,
      owner: payer.address,
      mint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getMintToInstruction({ mint, token: ata, mintAuthority: payer, amount: params.supply }),
    getSetAuthorityInstruction({
      owned: mint,
      owner: payer,
      authorityType: AuthorityType.MintTokens,
      newAuthority: null,
    }),
  ];

  const built = await compileTransaction(payer, params.blockhash, instructions, MAX_TRANSACTION_SIZE);
  if (!external && !built.fullySigned) throw new Error("the launch is missing a signature");
  return {
    wire: built.wire,
    signature: built.fullySigned ? built.signature : null,
    mintAddress: mint,
    payerTokenAccount: ata,
    fullySigned: built.fullySigned,
  };
}

export interface TransferParams {
  owner: TransactionSigner;
  mint: string;
  destinationOwner: string;
  amount: bigint;
  decimals: number;
  blockhash: Blockhash;
  tokenProgram?: string;
  /** The platform passes its row's id: two equal transfers in one slot stay two. */
  memo?: string;
}

/** A token transfer between owners' ATAs, creating the recipient's ATA when missing. */
export async function buildTransferTransaction(params: TransferParams): Promise<BuiltTransaction> {
  return signed(params.owner, params.blockhash, transferInstructions(params));
}

/** The same transfer for an external wallet: unsigned bytes for the owner's wallet to sign. */
export async function prepareTransferTransaction(
  params: Omit<TransferParams, "owner"> & { owner: string },
): Promise<Uint8Array> {
  const owner = createNoopSigner(address(params.owner));
  return unsigned(owner, params.blockhash, transferInstructions({ ...params, owner }));
}

function transferInstructions(params: TransferParams): Instruction[] {
  const { owner } = params;
  const tokenProgram = address(params.tokenProgram ?? TOKEN_2022_PROGRAM_ADDRESS);
  const mint = address(params.mint);
  const source = associatedTokenAddress(owner.address, mint, tokenProgram);
  const destination = associatedTokenAddress(params.destinationOwner, mint, tokenProgram);
  const instructions = [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: owner,
      ata: destination,
      owner: address(params.destinationOwner),
      mint,
      tokenProgram,
    }),
    getTransferCheckedInstruction(
      {
        source,
        mint,
        destination,
        authority: owner,
        amount: params.amount,
        decimals: params.decimals,
      },
      { programAddress: tokenProgram },
    ),
  ];
  return params.memo === undefined ? instructions : [...instructions, memoInstruction(params.memo)];
}

/** Token metadata made immutable: its update authority set to none, signed by that authority
 * (who pays the fee). Cannot be undone. */
export async function buildLockMetadataTransaction(params: {
  authority: TransactionSigner;
  mint: string;
  blockhash: Blockhash;
}): Promise<BuiltTransaction> {
  return signed(params.authority, params.blockhash, [lockMetadataInstruction(params)]);
}

/** The same for an external wallet: unsigned bytes for the update authority's wallet to sign. */
export async function prepareLockMetadataTransaction(params: {
  authority: string;
  mint: string;
  blockhash: Blockhash;
}): Promise<Uint8Array> {
  const authority = createNoopSigner(address(params.authority));
  return unsigned(authority, params.blockhash, [lockMetadataInstruction({ ...params, authority })]);
}

function lockMetadataInstruction(params: { authority: TransactionSigner; mint: string }): Instruction {
  return getUpdateTokenMetadataUpdateAuthorityInstruction({
    metadata: address(params.mint),
    updateAuthority: params.authority,
    newUpdateAuthority: null,
  });
}

/** Paid and signed by `payer` (and every other signer the instructions carry). */
export async function signed(
  payer: TransactionSigner,
  lifetime: Blockhash,
  instructions: Instruction[],
): Promise<BuiltTransaction> {
  const built = await compileTransaction(payer, lifetime, instructions, MAX_TRANSACTION_SIZE);
  if (!built.fullySigned || !built.signature) throw new Error("the transaction is missing a signature");
  return { wire: built.wire, signature: built.signature };
}

/** Bytes for an external wallet to sign (`payer` a no-op signer standing for it). */
async function unsigned(payer: TransactionSigner, lifetime: Blockhash, instructions: Instruction[]) {
  return (await compileTransaction(payer, lifetime, instructions, MAX_TRANSACTION_SIZE)).wire;
}

export type SignedCheck = { ok: true; signature: string } | { ok: false; reason: string };

/** For the external-wallet path: the browser's signed bytes must carry exactly the message
 * the server prepared (no swapped instruction, blockhash or payer), the fee payer must be the
 * expected wallet, and every required signature must be present and valid. */
export function checkSignedMatchesPrepared(
  preparedWire: Uint8Array,
  signedWire: Uint8Array,
  feePayer: string,
): SignedCheck {
  const prepared = decodeWireTransaction(preparedWire);
  const signed = decodeWireTransaction(signedWire);
  if (!prepared || !signed) return { ok: false, reason: "The transaction could not be read." };
  if (!Buffer.from(prepared.messageBytes).equals(Buffer.from(signed.messageBytes))) {
    return { ok: false, reason: "The signed transaction is not the one prepared for you." };
  }
  const signers = Object.keys(signed.signatures);
  if (signers[0] !== feePayer) return { ok: false, reason: "The transaction is not paid by this wallet." };
  for (const [signer, sig] of Object.entries(signed.signatures)) {
    if (!sig) return { ok: false, reason: "The wallet did not sign the transaction." };
    if (!verifyEd25519(signer, Uint8Array.from(signed.messageBytes), Uint8Array.from(sig))) {
      return { ok: false, reason: "A signature on the transaction is not valid." };
    }
  }
  return { ok: true, signature: getSignatureFromTransaction(signed) };
}
