import type { Holding, HoldingsResponse } from "@shared/schemas/portfolio";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { holdingsQueryKey } from "@/lib/query-keys";

/** GET /api/portfolio/holdings: what the session user's wallets hold of one token (summed),
 * null when they hold none. The cache entry is the portfolio's: a send refreshes it. */
export function useOwnHolding(mint: string) {
  return useQuery({
    queryKey: holdingsQueryKey,
    queryFn: () => apiGet<HoldingsResponse>("/api/portfolio/holdings"),
    select: (r): Holding | null => r.holdings.find((h) => h.mint === mint) ?? null,
  });
}
