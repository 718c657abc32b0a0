import { z } from "zod";
import { LIMITS } from "../constants";

// Largest supply whose base units (9 decimals) still fit an SPL u64 amount.
export const MAX_TOTAL_SUPPLY = 18_000_000_000n;

const optionalUrl = z
  .string()
  .trim()
  .refine((v) => v === "" || isHttpUrl(v), "Invalid URL")
  .optional()
  .default("");

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The token form (spec section 5): used by the wizard's review step and the API. */
export const TokenFormSchema = z.object({
  name: z
    .string({ error: "Token name is required" })
    .trim()
    .min(1, "Token name is required")
    .max(LIMITS.nameMax, "Name too long"),
  symbol: z
    .string({ error: "Symbol is required" })
    .trim()
    .min(1, "Symbol is required")
    .max(LIMITS.symbolMax, "Symbol too long")
    .transform((s) => s.toUpperCase()),
  description: z.string().trim().max(LIMITS.descriptionMax, "Description too long").optional().default(""),
  totalSupply: z
    .string({ error: "Supply is required" })
    .trim()
    .min(1, "Supply is required")
    .refine((v) => /^\d+$/.test(v) && BigInt(v) > 0n, "Must be a positive number")
    .refine((v) => !/^\d+$/.test(v) || BigInt(v) <= MAX_TOTAL_SUPPLY, "Supply too large"),
  imageUrl: optionalUrl,
  website: optionalUrl,
  twitter: z.string().trim().max(100).optional().default(""),
  discord: z.string().trim().max(200).optional().default(""),
  tagline: z.string().trim().max(120).optional().default(""),
});
export type TokenForm = z.input<typeof TokenFormSchema>;
export type TokenFormValues = z.output<typeof TokenFormSchema>;

/** POST /api/tokens/create: the form plus who launches it. */
export const CreateTokenSchema = TokenFormSchema.extend({
  userId: z.string().min(1, "User not authenticated"),
  creatorWallet: z.string().min(LIMITS.walletAddressMin, "Invalid wallet address"),
  idempotencyKey: z.string().max(100).optional(),
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

export const CreateTokenResponseSchema = z.object({ token: TokenSchema, mintAddress: z.string() });
export type CreateTokenResponse = z.infer<typeof CreateTokenResponseSchema>;

/** POST /api/tokens/:mint/transfer: to a wallet address or a platform username. */
export const TransferSchema = z.object({
  to: z.string().trim().min(1, "Recipient is required"),
  amount: z
    .string()
    .trim()
    .min(1, "Amount is required")
    .refine((v) => /^\d+(\.\d+)?$/.test(v) && /[1-9]/.test(v), "Must be a positive number"),
  idempotencyKey: z.string().max(100).optional(),
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
export type TokenMetadataOnChain = z.infer<typeof TokenMetadataOnChainSchema>;

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
  /** The largest holders (up to 50), whole-token amounts. */
  holders: z.array(z.object({ owner: z.string(), amount: z.string() })),
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
export type TokenMetadataJson = z.infer<typeof TokenMetadataJsonSchema>;
