import type { MarketState } from "@shared/schemas/market";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { marketQueryKey } from "@/lib/query-keys";

export const marketUrl = (mint: string) => `/api/market/${encodeURIComponent(mint)}`;

/** GET /api/market/:mint: the curve's state (status "none" when the token has no market). */
export function getMarket(mint: string): Promise<MarketState> {
  return apiGet<MarketState>(marketUrl(mint));
}

export function useMarket(mint: string) {
  return useQuery({
    queryKey: marketQueryKey(mint),
    queryFn: () => getMarket(mint),
    enabled: mint.length > 0,
  });
}
