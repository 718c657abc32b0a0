import type { Reward, RewardStats } from "@shared/schemas/rewards";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { rewardsQueryKey } from "@/lib/query-keys";

const byToken = (tokenMint: string | null) =>
  tokenMint ? `?tokenMint=${encodeURIComponent(tokenMint)}` : "";

/** GET /api/nft-rewards/stats: the Overview's figures, for one token or the whole platform. */
export function useRewardStats(tokenMint: string | null) {
  return useQuery({
    queryKey: [...rewardsQueryKey, "stats", tokenMint ?? "all"],
    queryFn: () => apiGet<RewardStats>(`/api/nft-rewards/stats${byToken(tokenMint)}`),
  });
}

/** GET /api/nft-rewards/active: rewards with the session user's standing on each, so keyed
 * by user (signing in or out shows the right standing). */
export function useActiveRewards(tokenMint: string | null, userId: string | null) {
  return useQuery({
    queryKey: [...rewardsQueryKey, "active", tokenMint ?? "all", userId ?? "anonymous"],
    queryFn: async () =>
      (await apiGet<{ rewards: Reward[] }>(`/api/nft-rewards/active${byToken(tokenMint)}`)).rewards,
  });
}
