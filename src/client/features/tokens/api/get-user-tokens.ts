import type { Token } from "@shared/schemas/token";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { tokensQueryKey } from "@/lib/query-keys";

export const userTokensQueryKey = (userId: string) => [...tokensQueryKey, "user", userId] as const;

/** GET /api/tokens/user/{id}: the user's tokens, newest first. */
export function getUserTokens(userId: string): Promise<Token[]> {
  return apiGet<Token[]>(`/api/tokens/user/${encodeURIComponent(userId)}`);
}

export function useUserTokens(userId: string | undefined) {
  return useQuery({
    queryKey: userTokensQueryKey(userId ?? ""),
    queryFn: () => getUserTokens(userId ?? ""),
    enabled: Boolean(userId),
  });
}
