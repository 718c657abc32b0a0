import type { MeResponse } from "@shared/schemas/auth";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";

export const sessionQueryKey = ["session"] as const;

/** GET /api/auth/me: the session user, or null when signed out (always 200). */
export function getMe(): Promise<MeResponse> {
  return apiGet<MeResponse>("/api/auth/me");
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getMe,
});
