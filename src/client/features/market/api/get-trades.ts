import type { TradesPage } from "@shared/schemas/market";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { marketQueryKey } from "@/lib/query-keys";
import { marketUrl } from "./get-market";

/** GET /api/market/:mint/trades?cursor=: the newest trades first, a page at a time. */
export function getTrades(mint: string, cursor: string | null): Promise<TradesPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return apiGet<TradesPage>(`${marketUrl(mint)}/trades${query}`);
}

export function useTrades(mint: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...marketQueryKey(mint), "trades"],
    queryFn: ({ pageParam }) => getTrades(mint, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
