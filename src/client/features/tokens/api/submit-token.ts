import type { CreateTokenResponse } from "@shared/schemas/token";
import { apiPost } from "@/lib/api";

/** POST /api/tokens/submit: the server checks the signed bytes are the prepared launch and sends them. */
export function submitToken(body: { tokenId: string; transaction: string }): Promise<CreateTokenResponse> {
  return apiPost<CreateTokenResponse>("/api/tokens/submit", body);
}
