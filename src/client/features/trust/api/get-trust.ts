import type { TrustChecklist, TrustReport } from "@shared/schemas/trust";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";

export const trustUrl = (mint: string) => `/api/tokens/${encodeURIComponent(mint)}/trust`;
/** The score and, under it, the creator's checklist: a lock refreshes both. */
export const trustQueryKey = (mint: string) => ["trust", mint] as const;

/** GET /api/tokens/:mint/trust: the glass-box score of any mint. */
export function useTrust(mint: string) {
  return useQuery({
    queryKey: trustQueryKey(mint),
    queryFn: () => apiGet<TrustReport>(trustUrl(mint)),
    enabled: mint.length > 0,
    staleTime: 10_000,
  });
}

/** GET /api/tokens/:mint/trust/checklist: the creator's "improve your score". */
export function useTrustChecklist(mint: string) {
  return useQuery({
    queryKey: [...trustQueryKey(mint), "checklist"] as const,
    queryFn: () => apiGet<TrustChecklist>(`${trustUrl(mint)}/checklist`),
    enabled: mint.length > 0,
  });
}
