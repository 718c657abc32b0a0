import type { TokenDetails } from "@shared/schemas/token";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { tokenQueryKey } from "@/lib/query-keys";

/** GET /api/tokens/:mint: the public view of one token, read back from the ledger. */
export function getToken(mint: string): Promise<TokenDetails> {
  return apiGet<TokenDetails>(`/api/tokens/${encodeURIComponent(mint)}`);
}

export function useToken(mint: string) {
  return useQuery({ queryKey: tokenQueryKey(mint), queryFn: () => getToken(mint), enabled: mint.length > 0 });
}
