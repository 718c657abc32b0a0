import type { UserResponse, WalletLoginRequest } from "@shared/schemas/auth";
import { apiPost } from "@/lib/api";

/** POST /api/wallet/link: attaches an external wallet (proven by a signed challenge) to the session user. */
export function linkWallet(body: WalletLoginRequest): Promise<UserResponse> {
  return apiPost<UserResponse>("/api/wallet/link", body);
}
