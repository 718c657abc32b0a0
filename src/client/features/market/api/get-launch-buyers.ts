import type { LaunchBuyersPage } from "@shared/schemas/market";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { marketQueryKey } from "@/lib/query-keys";
import { marketUrl } from "./get-market";

/** GET /api/market/:mint/launch-buyers?cursor=: every launch-window buyer, largest first, a page at a time. */
export function getLaunchBuyers(mint: string, cursor: string | null): Promise<LaunchBuyersPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return apiGet<LaunchBuyersPage>(`${marketUrl(mint)}/launch-buyers${query}`);
}

/** Only once asked for (`enabled`): the market's state already lists the largest 10. */
export function useLaunchBuyers(mint: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...marketQueryKey(mint), "launch-buyers"],
    queryFn: ({ pageParam }) => getLaunchBuyers(mint, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
