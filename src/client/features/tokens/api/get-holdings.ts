import type { HoldingsResponse } from "@shared/schemas/portfolio";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { holdingsQueryKey } from "@/lib/query-keys";

/** GET /api/portfolio/holdings: every platform token the session user's wallets hold. */
export function getHoldings(): Promise<HoldingsResponse> {
  return apiGet<HoldingsResponse>("/api/portfolio/holdings");
}

export function useHoldings(enabled = true) {
  return useQuery({ queryKey: holdingsQueryKey, queryFn: getHoldings, enabled });
}
