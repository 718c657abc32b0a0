import type { User, WalletLoginRequest } from "@shared/schemas/auth";
import { apiPost } from "@/lib/api";

/** POST /api/wallet/link: attaches an external wallet (proven by a signed challenge) to the session user. */
export function linkWallet(body: WalletLoginRequest): Promise<{ user: User }> {
  return apiPost<{ user: User }>("/api/wallet/link", body);
}
