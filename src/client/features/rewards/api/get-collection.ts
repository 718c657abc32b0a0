import type { CollectedNft } from "@shared/schemas/rewards";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { rewardsQueryKey } from "@/lib/query-keys";

/** GET /api/nft-rewards/user: the reward NFTs the session user's wallets hold, read from chain. */
export function useCollection(userId: string | null) {
  return useQuery({
    queryKey: [...rewardsQueryKey, "collection", userId ?? "anonymous"],
    queryFn: async () => (await apiGet<{ nfts: CollectedNft[] }>("/api/nft-rewards/user")).nfts,
    enabled: userId !== null,
  });
}
