import type { CreateTokenRequest, PreparedLaunch } from "@shared/schemas/token";
import { apiPost } from "@/lib/api";

/** POST /api/tokens/prepare: the launch transaction for an external wallet to sign. */
export function prepareToken(body: CreateTokenRequest): Promise<PreparedLaunch> {
  return apiPost<PreparedLaunch>("/api/tokens/prepare", body);
}
