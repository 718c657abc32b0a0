import type { PreparedLaunch } from "@shared/schemas/token";
import { apiPost } from "@/lib/api";
import type { LaunchRequest } from "./create-token";

/** POST /api/tokens/prepare: the launch transaction for an external wallet to sign. */
export function prepareToken(body: LaunchRequest): Promise<PreparedLaunch> {
  return apiPost<PreparedLaunch>("/api/tokens/prepare", body);
}
