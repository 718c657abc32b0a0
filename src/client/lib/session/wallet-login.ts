import type { UserResponse, WalletLoginRequest } from "@shared/schemas/auth";
import { apiPost } from "@/lib/api";

/** POST /api/auth/wallet: proves key ownership with the signed challenge; starts a session. */
export function loginWithWallet(body: WalletLoginRequest): Promise<UserResponse> {
  return apiPost<UserResponse>("/api/auth/wallet", body);
}
