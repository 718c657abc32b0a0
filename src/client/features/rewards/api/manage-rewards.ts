import type { ClaimResult, CreateRewardRequest, Reward, RewardDraft } from "@shared/schemas/rewards";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiGet, apiPatch, apiPost } from "@/lib/api";
import { rewardsQueryKey, walletsQueryKey } from "@/lib/query-keys";

/** POST /api/nft-rewards/create (the token's creator): refreshes every rewards query. */
export function useCreateReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRewardRequest) => apiPost<Reward>("/api/nft-rewards/create", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardsQueryKey }),
  });
}

/** POST /api/nft-rewards/:id/claim: mints the fan's NFT; the lists, the stats, the
 * collection and the wallet balances (the fee) refresh. A refusal (4xx: switched off, sold
 * out, no longer qualifying) refreshes the lists too, so the card stops offering the claim. */
export function useClaimReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rewardId: string) =>
      apiPost<ClaimResult>(`/api/nft-rewards/${encodeURIComponent(rewardId)}/claim`, {}),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardsQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
      ]),
    onError: (err) => {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500)
        void queryClient.invalidateQueries({ queryKey: rewardsQueryKey });
    },
  });
}

/** POST /api/nft-rewards/draft: Create with AI, drafts for the creator to edit. */
export function useDraftRewards() {
  return useMutation({
    mutationFn: (body: { tokenMint: string; prompt?: string }) =>
      apiPost<{ drafts: RewardDraft[]; engine: string }>("/api/nft-rewards/draft", body),
  });
}

/** GET /api/nft-rewards/mine: the rewards the user created, paused ones too (not asked for
 * while `enabled` is false: a fan who created no token). */
export function useMyRewards(userId: string, enabled = true) {
  return useQuery({
    queryKey: [...rewardsQueryKey, "mine", userId],
    queryFn: async () => (await apiGet<{ rewards: Reward[] }>("/api/nft-rewards/mine")).rewards,
    enabled,
  });
}

/** PATCH /api/nft-rewards/:id (the token's creator): pause a reward or resume it. */
export function useSetRewardActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiPatch<Reward>(`/api/nft-rewards/${encodeURIComponent(id)}`, { isActive }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardsQueryKey }),
  });
}
