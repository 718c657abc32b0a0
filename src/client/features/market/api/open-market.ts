import type { MarketState, OpenMarketRequest } from "@shared/schemas/market";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "@/lib/api";
import { marketQueryKey, tokensQueryKey, walletsQueryKey } from "@/lib/query-keys";
import { marketUrl } from "./get-market";

/** POST /api/market/:mint/open: the creator deposits a share of the supply into a new curve. */
export function openMarket(mint: string, body: OpenMarketRequest): Promise<MarketState> {
  return apiPost<MarketState>(`${marketUrl(mint)}/open`, body);
}

export function useOpenMarket(mint: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenMarketRequest) => openMarket(mint, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: marketQueryKey(mint) }),
        // The deposit moved tokens out of the creator's wallet and paid a fee.
        queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
      ]),
  });
}
