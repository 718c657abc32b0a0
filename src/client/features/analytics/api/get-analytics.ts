import type { Analytics } from "@shared/schemas/analytics";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { tokensQueryKey } from "@/lib/query-keys";

export const analyticsUrl = (mint: string) => `/api/analytics/${mint}`;
export const reportCsvUrl = (mint: string) => `${analyticsUrl(mint)}/report.csv`;

/** Under the tokens key: a transfer or a trade (which refresh tokens) refresh these too. */
export const analyticsQueryKey = (mint: string) => [...tokensQueryKey, "analytics", mint] as const;

/** GET /api/analytics/:mint: the creator's full view, or anyone's public part. */
export function useAnalytics(mint: string) {
  return useQuery({
    queryKey: analyticsQueryKey(mint),
    queryFn: () => apiGet<Analytics>(analyticsUrl(mint)),
  });
}
