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
