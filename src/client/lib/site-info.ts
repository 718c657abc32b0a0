import type { SiteInfo } from "@shared/schemas/site";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";

export const siteQueryOptions = queryOptions({
  queryKey: ["site"] as const,
  queryFn: () => apiGet<SiteInfo>("/api/site"),
});

/** Configured external links and live platform counts. While loading (or if the call
 * fails) links are empty, so nothing links to a place we do not know. */
export function useSiteInfo() {
  const query = useQuery(siteQueryOptions);
  return { links: query.data?.links ?? {}, stats: query.data?.stats, isLoading: query.isPending };
}
