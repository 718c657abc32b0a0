import { z } from "zod";
import { LIMITS } from "../constants";
import { text } from "./text";

const email = text({ error: "Invalid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Invalid email address"));
const password = text({ error: "Password must be at least 6 characters" })
  .min(LIMITS.passwordMin, "Password must be at least 6 characters")
  .max(200);

export const LoginSchema = z.object({ email, password });
export type LoginRequest = z.input<typeof LoginSchema>;

export const RegisterSchema = z.object({
  username: text({ error: "Username must be at least 3 characters" })
    .trim()
    .min(LIMITS.usernameMin, "Username must be at least 3 characters")
    .max(30, "Username must be at most 30 characters")
    .regex(/^[A-Za-z0-9_.-]+$/, "Username may use letters, digits, '.', '_' and '-'"),
  email,
  password,
});
export type RegisterRequest = z.input<typeof RegisterSchema>;

export const WalletAddressSchema = text({ error: "Invalid wallet address" })
  .trim()
  .min(LIMITS.walletAddressMin, "Invalid wallet address")
  .max(44, "Invalid wallet address")
  .regex(/^[1-9A-HJ-NP-Za-km-z]+$/, "Invalid wallet address");

export const WalletChallengeSchema = z.object({ walletAddress: WalletAddressSchema });
export const WalletLoginSchema = z.object({
  walletAddress: WalletAddressSchema,
  message: text({ multiline: true }).min(1, "Sign the sign-in message with your wallet").max(2000),
  signature: text().min(1, "Sign the sign-in message with your wallet").max(200),
});
export type WalletLoginRequest = z.input<typeof WalletLoginSchema>;

/** The non-secret user object the browser keeps (the cookie is the credential). */
export const UserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  isDemo: z.boolean(),
  wallets: z.array(z.object({ publicKey: z.string(), kind: z.enum(["embedded", "external"]) })),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const AirdropSchema = z.object({
  address: WalletAddressSchema,
  amount: z.literal(2, "Test airdrops are 2 SOL").default(2),
});

/** POST /api/register, /api/auth/email, /api/auth/wallet, /api/wallet/link. */
export const UserResponseSchema = z.object({ user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

/** GET /api/auth/me: null when signed out (always 200). */
export const MeResponseSchema = z.object({ user: UserSchema.nullable() });
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** POST /api/auth/wallet/challenge: a single-use Sign-In-With-Solana message to sign. */
export const WalletChallengeResponseSchema = z.object({
  message: z.string(),
  nonce: z.string(),
  expiresAt: z.string(),
});
export type WalletChallenge = z.infer<typeof WalletChallengeResponseSchema>;

/** POST /api/auth/logout */
export const LogoutResponseSchema = z.object({ ok: z.literal(true) });
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;
