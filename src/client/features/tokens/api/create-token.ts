import type { CreateTokenRequest, CreateTokenResponse } from "@shared/schemas/token";
import { apiPost } from "@/lib/api";

/** POST /api/tokens/create: launches from one of the user's embedded wallets. */
export function createToken(body: CreateTokenRequest): Promise<CreateTokenResponse> {
  return apiPost<CreateTokenResponse>("/api/tokens/create", body);
}
