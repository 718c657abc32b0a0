import { apiPost } from "@/lib/api";

export interface WalletChallenge {
  message: string;
  nonce: string;
  expiresAt: string;
}

/** POST /api/auth/wallet/challenge: a single-use Sign-In-With-Solana message to sign. */
export function requestWalletChallenge(walletAddress: string): Promise<WalletChallenge> {
  return apiPost<WalletChallenge>("/api/auth/wallet/challenge", { walletAddress });
}
