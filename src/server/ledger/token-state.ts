import { isSome, type Option } from "@solana/kit";
import { getMintDecoder, getTokenDecoder, type Mint, type Token } from "@solana-program/token-2022";
import bs58 from "bs58";
import { mintDecimalsIn, tokenAmountOf } from "./layouts";
import type { AccountSnapshot, MintInfo, TokenMetadataInfo } from "./ledger";

// Reading mint and token accounts of both token programs from raw account bytes. The
// Token-2022 decoders also read classic SPL Token accounts (same base layout, no TLV).

export const TOKEN_PROGRAM_ID = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const TOKEN_2022_PROGRAM_ID = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
export const TOKEN_PROGRAM_IDS = [TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID] as const;

// Building these codecs costs ~2 ms each: build once, reuse.
const mintDecoder = getMintDecoder();
const tokenDecoder = getTokenDecoder();

const MINT_BASE_SIZE = 82;
const TOKEN_ACCOUNT_BASE_SIZE = 165;
/** In Token-2022, accounts with extensions carry an AccountType byte right after the
 * 165-byte base (mints are padded up to it): 1 = mint, 2 = token account. */
const ACCOUNT_TYPE_OFFSET = 165;

export function isTokenProgram(owner: string): boolean {
  return owner === TOKEN_2022_PROGRAM_ID || owner === TOKEN_PROGRAM_ID;
}

export function tokenAccountKind(account: Pick<AccountSnapshot, "owner" | "data">): "mint" | "token" | null {
  if (!isTokenProgram(account.owner)) return null;
  const { data } = account;
  if (data.length === MINT_BASE_SIZE) return "mint";
  if (data.length === TOKEN_ACCOUNT_BASE_SIZE) return "token";
  if (account.owner === TOKEN_2022_PROGRAM_ID && data.length > ACCOUNT_TYPE_OFFSET) {
    if (data[ACCOUNT_TYPE_OFFSET] === 1) return "mint";
    if (data[ACCOUNT_TYPE_OFFSET] === 2) return "token";
  }
  return null;
}

function optional<T>(value: Option<T>): T | null {
  return isSome(value) ? value.value : null;
}

/** The decoded mint with its extensions (for jsonParsed), or null when it is not a mint. */
export function decodeMintAccount(account: AccountSnapshot): Mint | null {
  if (tokenAccountKind(account) !== "mint") return null;
  try {
    const mint = mintDecoder.decode(account.data);
    return mint.isInitialized ? mint : null;
  } catch {
    return null;
  }
}

/** The decoded token account, or null when it is not an initialized token account. */
export function decodeTokenAccount(account: AccountSnapshot): Token | null {
  if (tokenAccountKind(account) !== "token") return null;
  try {
    const token = tokenDecoder.decode(account.data);
    return token.state === 0 ? null : token;
  } catch {
    return null;
  }
}

export function mintExtensions(mint: Mint) {
  return optional(mint.extensions) ?? [];
}

export function mintInfoFromAccount(account: AccountSnapshot): MintInfo | null {
  const mint = decodeMintAccount(account);
  if (!mint) return null;
  let metadata: TokenMetadataInfo | null = null;
  for (const ext of mintExtensions(mint)) {
    // Only metadata stored in the mint itself is read; a pointer elsewhere would need a second
    // account and none of our mints use one.
    if (ext.__kind === "TokenMetadata") {
      metadata = {
        updateAuthority: optional(ext.updateAuthority),
        mint: ext.mint,
        name: ext.name,
        symbol: ext.symbol,
        uri: ext.uri,
        additionalMetadata: [...ext.additionalMetadata.entries()],
      };
    }
  }
  return {
    address: account.address,
    programId: account.owner,
    supply: mint.supply,
    decimals: mint.decimals,
    mintAuthority: optional(mint.mintAuthority),
    freezeAuthority: optional(mint.freezeAuthority),
    metadata,
  };
}

export interface ParsedTokenAccount {
  address: string;
  programId: string;
  mint: string;
  owner: string;
  amount: bigint;
  frozen: boolean;
}

/** The base fields of a token account, read at their fixed offsets (mint 0..32, owner
 * 32..64, amount u64 at 64, state at 108): cheap enough for indexing every account. */
export function tokenAccountFromAccount(account: AccountSnapshot): ParsedTokenAccount | null {
  if (tokenAccountKind(account) !== "token") return null;
  const { data } = account;
  const state = data[108];
  if (state !== 1 && state !== 2) return null;
  return {
    address: account.address,
    programId: account.owner,
    mint: bs58.encode(data.subarray(0, 32)),
    owner: bs58.encode(data.subarray(32, 64)),
    amount: tokenAmountOf(data) ?? 0n,
    frozen: state === 2,
  };
}

/** A mint's decimals when it is an initialized mint, else null. */
export function mintDecimalsOf(account: AccountSnapshot): number | null {
  return tokenAccountKind(account) === "mint" ? mintDecimalsIn(account.data) : null;
}
