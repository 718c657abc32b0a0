import type { CreateTokenRequest } from "@shared/schemas/token";
import { apiPost } from "@/lib/api";

export interface PreparedLaunch {
  tokenId: string;
  mintAddress: string;
  /** base64 wire transaction, already signed by the new mint key; the wallet adds its signature. */
  transaction: string;
}

/** POST /api/tokens/prepare: the launch transaction for an external wallet to sign. */
export function prepareToken(body: CreateTokenRequest): Promise<PreparedLaunch> {
  return apiPost<PreparedLaunch>("/api/tokens/prepare", body);
}
