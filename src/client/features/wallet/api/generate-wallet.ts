import type { GenerateWalletResponse } from "@shared/schemas/wallet";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "@/lib/api";
import { walletsQueryKey } from "@/lib/query-keys";
import { setSessionUser } from "@/lib/session";

/** POST /api/wallet/generate: an embedded wallet for the session user; signed out, it also
 * creates a wallet-only account and session. */
export function generateWallet(): Promise<GenerateWalletResponse> {
  return apiPost<GenerateWalletResponse>("/api/wallet/generate");
}

export function useGenerateWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateWallet,
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
    },
  });
}
