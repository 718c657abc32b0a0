import type { AirdropRequest, AirdropResult } from "@shared/schemas/analytics";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "@/lib/api";
import { tokensQueryKey, walletsQueryKey } from "@/lib/query-keys";

/** POST /api/tokens/:mint/airdrop: one recorded transfer per member (a retry pays once). */
export function useAirdrop(mint: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AirdropRequest) => apiPost<AirdropResult>(`/api/tokens/${mint}/airdrop`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
      ]),
  });
}
