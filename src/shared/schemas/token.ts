import { z } from "zod";
import { LIMITS } from "../constants";
import { WalletAddressSchema } from "./auth";
import { LaunchMarketSchema } from "./market";
import { hasInvisibleOrBidi, nfkc, text } from "./text";

// Largest supply whose base units (9 decimals) still fit an SPL u64 amount.
export const MAX_TOTAL_SUPPLY = 18_000_000_000n;

const SYMBOL_CHARSET_MESSAGE = "Symbols use only the letters A-Z and the digits 0-9";
const NAME_INVISIBLE_MESSAGE = "Names cannot contain invisible or text-direction characters";

const optionalUrl = text()
  .trim()
  .refine((v) => v === "" || isHttpUrl(v), "Invalid URL")
  .optional()
  .default("");

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    // No credentials: the link is shown to everyone who opens the token.
    return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** What is wrong with a supply (trimmed), in words: null when it is a whole, positive number
 * of tokens within range. Leading zeros are fine ("007" is 7). */
function supplyProblem(value: string): string | null {
  if (value === "") return null; // "Supply is required" says it
  if (/^\d+$/.test(value)) {
    const n = BigInt(value);
    if (n === 0n) return "Must be a positive number";
    return n > MAX_TOTAL_SUPPLY ? "Supply too large" : null;
  }
  if (/^(\d+\.\d*|\.\d+)$/.test(value)) return "Whole tokens only (no decimals)";
  // A number written as people (or spreadsheets) write it: say how to type it instead.
  if (/^\d[\d,]*$/.test(value)) return SUPPLY_COMMA_MESSAGE;
  const exponent = /^(\d+)(?:\.(\d*))?e\+?(-?\d{1,3})$/i.exec(value);
  if (exponent) return exponentProblem(exponent[1] ?? "", exponent[2] ?? "", Number(exponent[3]));
  return "Must be a positive number";
}

const SUPPLY_COMMA_MESSAGE = "Type the amount without commas";

/** "2.5e3" as the digits it stands for: "Type the whole number (2500)", or why there is none. */
function exponentProblem(whole: string, fraction: string, exponent: number): string {
  const digits = `${whole}${fraction}`;
  const shift = exponent - fraction.length;
  if (shift < 0 && /[1-9]/.test(digits.slice(shift))) return "Whole tokens only (no decimals)";
  const n = shift < 0 ? BigInt(digits.slice(0, shift) || "0") : BigInt(digits) * 10n ** BigInt(shift);
  if (n === 0n) return "Must be a positive number";
  return n > MAX_TOTAL_SUPPLY ? "Supply too large" : `Type the whole number (${n})`;
}

/** A token's name: NFKC-normalised (fullwidth or mathematical letters become plain ones)
 * and free of characters a reader cannot see, so what is shown is what is compared. */
const TokenNameSchema = text({ error: "Token name is required" })
  .overwrite(nfkc)
  .trim()
  .min(1, "Token name is required")
  .max(LIMITS.nameMax, "Name too long")
  .refine((v) => !hasInvisibleOrBidi(v), NAME_INVISIBLE_MESSAGE)
  // Nothing but combining marks (or spaces between them) names nothing.
  .refine((v) => v === "" || /[\p{L}\p{N}\p{S}]/u.test(v), "Token name is required");

/** A symbol: A-Z and 0-9 once normalised and upper-cased; its length is counted after that
 * ("ß" upper-cases to "SS"). */
const TokenSymbolSchema = text({ error: "Symbol is required" })
  .overwrite((s) => nfkc(s).trim().toUpperCase())
  .min(1, "Symbol is required")
  .max(LIMITS.symbolMax, "Symbol too long")
  .regex(/^[A-Z0-9]*$/, SYMBOL_CHARSET_MESSAGE);

/** The token form (spec section 5): used by the wizard's review step and the API. */
export const TokenFormSchema = z.object({
  name: TokenNameSchema,
  symbol: TokenSymbolSchema,
  description: text({ multiline: true })
    .trim()
    .max(LIMITS.descriptionMax, "Description too long")
    .optional()
    .default(""),
  totalSupply: text({ error: "Supply is required" })
    .trim()
    .min(1, "Supply is required")
    .check((ctx) => {
      const problem = supplyProblem(ctx.value);
      if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
    })
    // Stored and shown without leading zeros.
    .overwrite((v) => (/^\d+$/.test(v) ? BigInt(v).toString() : v)),
  imageUrl: optionalUrl,
  website: optionalUrl,
  twitter: text().trim().max(100).optional().default(""),
  discord: text().trim().max(200).optional().default(""),
  tagline: text().trim().max(120).optional().default(""),
});
export type TokenForm = z.input<typeof TokenFormSchema>;
export type TokenFormValues = z.output<typeof TokenFormSchema>;

/** POST /api/tokens/create: the form plus who launches it. */
export const CreateTokenSchema = TokenFormSchema.extend({
  userId: text().min(1, "User not authenticated").max(64),
  creatorWallet: WalletAddressSchema,
  idempotencyKey: text().max(100).optional(),
  /** Open a bonding-curve market right after the launch (docs/market.md). */
  market: LaunchMarketSchema.optional(),
});
export type CreateTokenRequest = z.input<typeof CreateTokenSchema>;

export const TokenStatusSchema = z.enum(["pending", "active", "failed"]);

/** A token as the API shows it (spec section 3). Amounts are whole-token decimal strings. */
export const TokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  description: z.string(),
  tagline: z.string(),
  totalSupply: z.string(),
  circulatingSupply: z.string(),
  decimals: z.number(),
  createdAt: z.string(),
  mintAddress: z.string().nullable(),
  creatorWallet: z.string(),
  isLaunched: z.boolean(),
  status: TokenStatusSchema,
  website: z.string(),
  imageUrl: z.string(),
  twitter: z.string(),
  discord: z.string(),
  signature: z.string().nullable(),
  explorerUrl: z.string().nullable(),
});
export type Token = z.infer<typeof TokenSchema>;

/** POST /api/tokens/submit: the prepared launch, signed by the creator's wallet. */
export const SubmitTokenSchema = z.object({
  tokenId: text().min(1, "tokenId is required").max(64),
  transaction: text().min(1, "Sign the transaction with your wallet").max(4000),
});

export const CreateTokenResponseSchema = z.object({ token: TokenSchema, mintAddress: z.string() });
export type CreateTokenResponse = z.infer<typeof CreateTokenResponseSchema>;

/** POST /api/tokens/:mint/transfer: to a wallet address or a platform username. */
export const TransferSchema = z.object({
  to: text().trim().min(1, "Recipient is required").max(100, "Recipient is too long"),
  amount: text()
    .trim()
    .min(1, "Amount is required")
    .refine((v) => /^\d+(\.\d+)?$/.test(v) && /[1-9]/.test(v), "Must be a positive number"),
  idempotencyKey: text().max(100).optional(),
});
export type TransferRequest = z.input<typeof TransferSchema>;

export const TokenBalanceSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  balance: z.string(),
  mint: z.string(),
  decimals: z.number(),
});
export type TokenBalance = z.infer<typeof TokenBalanceSchema>;

// Response shapes (appended: the request schemas above are edited elsewhere).

/** GET /api/tokens/user/:id: a creator's tokens, newest first. */
export const TokenListSchema = z.array(TokenSchema);

/** GET /api/user/token-balances: every token the session user's wallets hold. */
export const TokenBalancesSchema = z.array(TokenBalanceSchema);

/** POST /api/tokens/prepare: the launch transaction for an external wallet to sign. */
export const PreparedLaunchSchema = z.object({
  tokenId: z.string(),
  mintAddress: z.string(),
  /** base64 wire transaction, already signed by the new mint key; the wallet adds its signature. */
  transaction: z.string(),
});
export type PreparedLaunch = z.infer<typeof PreparedLaunchSchema>;

/** The Token-2022 metadata extension of a mint, as read from the chain. */
export const TokenMetadataOnChainSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  uri: z.string(),
  additionalMetadata: z.record(z.string(), z.string()),
});

/** GET /api/tokens/:mint: the public token page; `chain` is null until the launch landed. */
export const TokenDetailsSchema = z.object({
  token: TokenSchema,
  creator: z.object({ username: z.string().nullable(), isDemo: z.boolean() }),
  chain: z
    .object({
      supply: z.string(),
      decimals: z.number(),
      mintAuthority: z.string().nullable(),
      freezeAuthority: z.string().nullable(),
      programId: z.string(),
      metadata: TokenMetadataOnChainSchema.nullable(),
    })
    .nullable(),
  /** The largest holders (up to 50), whole-token amounts, each with its share of the supply
   * ("12.50%", as the portfolio shows it). The market's vault and burn addresses are not
   * holders (src/shared/holders.ts). */
  holders: z.array(z.object({ owner: z.string(), amount: z.string(), share: z.string() })),
  /** Every holder, not only those listed. */
  holderCount: z.number().int(),
});
export type TokenDetails = z.infer<typeof TokenDetailsSchema>;

/** GET /api/tokens/:mint/metadata.json: the off-chain metadata the on-chain `uri` names
 * (the Metaplex-style JSON wallets and explorers read). */
export const TokenMetadataJsonSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  description: z.string(),
  image: z.string(),
  external_url: z.string(),
  attributes: z.array(z.object({ trait_type: z.string(), value: z.string() })),
  properties: z.object({
    category: z.string(),
    files: z.array(z.object({ uri: z.string(), type: z.string().optional() })),
  }),
});
