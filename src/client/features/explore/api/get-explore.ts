import type { ExplorePage, ExploreQuery } from "@shared/schemas/market";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";

export type ExploreSort = ExploreQuery["sort"];

const PAGE_SIZE = 24;

export function getExplorePage(sort: ExploreSort, q: string, cursor: string | null): Promise<ExplorePage> {
  const params = new URLSearchParams({ sort, limit: String(PAGE_SIZE) });
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  return apiGet<ExplorePage>(`/api/explore?${params}`);
}

/** GET /api/explore, page after page (the server's opaque cursor). While a new sort or search
 * loads, the previous cards stay (dimmed by the page) instead of flashing to skeletons. */
export function useExplore(sort: ExploreSort, q: string) {
  return useInfiniteQuery({
    queryKey: ["explore", sort, q] as const,
    queryFn: ({ pageParam }) => getExplorePage(sort, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
