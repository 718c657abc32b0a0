import bs58 from "bs58";
import type { AccountSnapshot } from "../../ledger/ledger";
import {
  decodeMintAccount,
  decodeTokenAccount,
  mintExtensions,
  TOKEN_2022_PROGRAM_ID,
} from "../../ledger/token-state";
import { invalidParams, tokenAmount } from "./rpc.protocol";

// Account encodings of the Solana RPC: base64, base58 and jsonParsed. jsonParsed follows the
// real RPC's shapes for SPL Token and Token-2022 mints and token accounts (extensions named
// in camelCase with their state), and falls back to base64 for anything else, as it does.

/** A token account's amount needs its mint's decimals. */
export type DecimalsOf = (mint: string) => Promise<number | undefined>;

export type AccountEncoding = "base64" | "base58" | "base64+zstd" | "jsonParsed";

/** u64::MAX, what the RPC reports as rentEpoch for rent-exempt accounts. */
const RENT_EXEMPT_EPOCH = 18446744073709551615n;

export function readEncoding(value: unknown, fallback: AccountEncoding): AccountEncoding {
  if (value === undefined || value === null) return fallback;
  if (value === "base64" || value === "base58" || value === "jsonParsed") return value;
  if (value === "base64+zstd") throw invalidParams("base64+zstd encoding is not supported here");
  throw invalidParams(`unknown encoding ${String(value)}`);
}

/** Option {__option} -> value | null, Map -> pairs, bytes -> base64, recursively. */
function plain(value: unknown): unknown {
  if (value instanceof Map) return [...value.entries()].map(([k, v]) => [plain(k), plain(v)]);
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if ("__option" in record) return record.__option === "Some" ? plain(record.value) : null;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(record)) if (k !== "__kind") out[k] = plain(v);
    return out;
  }
  return value;
}

function extensionName(kind: string): string {
  return kind.charAt(0).toLowerCase() + kind.slice(1);
}

function parsedExtensions(extensions: ReadonlyArray<{ __kind: string }>) {
  return extensions
    .filter((ext) => ext.__kind !== "Uninitialized")
    .map((ext) => {
      const state = plain(ext) as Record<string, unknown>;
      return Object.keys(state).length === 0
        ? { extension: extensionName(ext.__kind) }
        : { extension: extensionName(ext.__kind), state };
    });
}

/** The `parsed` object for a mint or token account, or null when it is neither. */
export async function parseTokenProgramAccount(account: AccountSnapshot, decimalsOf: DecimalsOf) {
  const program = account.owner === TOKEN_2022_PROGRAM_ID ? "spl-token-2022" : "spl-token";
  const is2022 = account.owner === TOKEN_2022_PROGRAM_ID;
  const mint = decodeMintAccount(account);
  if (mint) {
    const info: Record<string, unknown> = {
      decimals: mint.decimals,
      freezeAuthority: plain(mint.freezeAuthority),
      isInitialized: mint.isInitialized,
      mintAuthority: plain(mint.mintAuthority),
      supply: mint.supply.toString(),
    };
    if (is2022) info.extensions = parsedExtensions(mintExtensions(mint));
    return { program, parsed: { info, type: "mint" }, space: account.data.length };
  }
  const token = decodeTokenAccount(account);
  if (token) {
    const decimals = (await decimalsOf(token.mint)) ?? 0;
    const isNative = plain(token.isNative);
    const info: Record<string, unknown> = {
      isNative: isNative !== null,
      mint: token.mint,
      owner: token.owner,
      state: token.state === 2 ? "frozen" : "initialized",
      tokenAmount: tokenAmount(token.amount, decimals),
    };
    const delegate = plain(token.delegate);
    if (delegate) {
      info.delegate = delegate;
      info.delegatedAmount = tokenAmount(token.delegatedAmount, decimals);
    }
    const closeAuthority = plain(token.closeAuthority);
    if (closeAuthority) info.closeAuthority = closeAuthority;
    if (isNative !== null) info.rentExemptReserve = tokenAmount(BigInt(String(isNative)), decimals);
    if (is2022) {
      const raw = token.extensions.__option === "Some" ? token.extensions.value : [];
      info.extensions = parsedExtensions(raw);
    }
    return { program, parsed: { info, type: "account" }, space: account.data.length };
  }
  return null;
}

export async function encodeAccount(
  account: AccountSnapshot,
  encoding: AccountEncoding,
  decimalsOf: DecimalsOf,
) {
  let data: unknown;
  if (encoding === "jsonParsed") data = await parseTokenProgramAccount(account, decimalsOf);
  if (data === undefined || data === null) {
    data =
      encoding === "base58"
        ? [bs58.encode(account.data), "base58"]
        : [Buffer.from(account.data).toString("base64"), "base64"];
  }
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.data.length,
  };
}
