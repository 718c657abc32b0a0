import type { MarketState } from "@shared/schemas/market";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { marketQueryKey } from "@/lib/query-keys";

/** GET /api/market/:mint: the token's curve (price, fees earned); null when it has none. The
 * cache entry is the market feature's, so a trade there refreshes the values here. */
export function useTokenMarket(mint: string | null) {
  return useQuery({
    queryKey: marketQueryKey(mint ?? ""),
    queryFn: () => apiGet<MarketState>(`/api/market/${encodeURIComponent(mint ?? "")}`),
    enabled: Boolean(mint),
    select: (m): MarketState | null => (m.status === "none" ? null : m),
  });
}
