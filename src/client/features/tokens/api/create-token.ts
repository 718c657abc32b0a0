import type { LaunchMarket } from "@shared/schemas/market";
import type { CreateTokenRequest, CreateTokenResponse } from "@shared/schemas/token";
import { apiPost } from "@/lib/api";

/** A launch, with the market to open at launch (optional). */
export type LaunchRequest = CreateTokenRequest & { market?: LaunchMarket };

/** POST /api/tokens/create: launches from one of the user's embedded wallets. */
export function createToken(body: LaunchRequest): Promise<CreateTokenResponse> {
  return apiPost<CreateTokenResponse>("/api/tokens/create", body);
}
