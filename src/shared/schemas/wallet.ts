import { z } from "zod";
import { UserSchema } from "./auth";

const WalletKindSchema = z.enum(["embedded", "external"]);

/** One of the session user's wallets with its SOL balance. */
export const WalletBalanceSchema = z.object({
  publicKey: z.string(),
  kind: WalletKindSchema,
  /** Balance in lamports, as a decimal string. */
  lamports: z.string(),
  /** The same balance in SOL, as exact decimal text. */
  sol: z.string(),
});

/** GET /api/wallets */
export const WalletsResponseSchema = z.object({ wallets: z.array(WalletBalanceSchema) });
export type WalletsResponse = z.infer<typeof WalletsResponseSchema>;

/** POST /api/wallet/airdrop: the transaction and the wallet's new balance. */
export const AirdropResultSchema = z.object({ signature: z.string(), lamports: z.string(), sol: z.string() });
export type AirdropResult = z.infer<typeof AirdropResultSchema>;

/** A new embedded wallet. */
export const GeneratedWalletSchema = z.object({
  publicKey: z.string(),
  /** base58 64-byte secret key, shown to its owner exactly once. */
  privateKey: z.string(),
});

/** POST /api/wallet/generate */
export const GenerateWalletResponseSchema = z.object({ wallet: GeneratedWalletSchema, user: UserSchema });
export type GenerateWalletResponse = z.infer<typeof GenerateWalletResponseSchema>;
