import type { WalletChallenge } from "@shared/schemas/auth";
import { apiPost } from "@/lib/api";

/** POST /api/auth/wallet/challenge: a single-use Sign-In-With-Solana message to sign. */
export function requestWalletChallenge(walletAddress: string): Promise<WalletChallenge> {
  return apiPost<WalletChallenge>("/api/auth/wallet/challenge", { walletAddress });
}
