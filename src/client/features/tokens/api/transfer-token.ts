import type { TransferRequest } from "@shared/schemas/token";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { walletsQueryKey } from "@/features/wallet/api/get-wallets";
import { apiPost } from "@/lib/api";
import { tokensQueryKey } from "./get-user-tokens";

export interface TransferResult {
  signature: string;
  to: string;
  amount: string;
}

/** POST /api/tokens/{mint}/transfer from the caller's own wallet. */
export function transferToken(mint: string, body: TransferRequest): Promise<TransferResult> {
  return apiPost<TransferResult>(`/api/tokens/${encodeURIComponent(mint)}/transfer`, body);
}

export function useTransferToken(mint: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferRequest) => transferToken(mint, body),
    // Circulating supply and holders change: re-read every token view.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
        // The fee came out of the sender's SOL.
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
      ]),
  });
}
