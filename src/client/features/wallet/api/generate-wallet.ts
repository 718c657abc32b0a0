import type { User } from "@shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "@/lib/api";
import { walletsQueryKey } from "@/lib/query-keys";
import { setSessionUser } from "@/lib/session";

export interface GeneratedWallet {
  publicKey: string;
  /** base58 64-byte secret key, shown to its owner exactly once. */
  privateKey: string;
}

/** POST /api/wallet/generate: an embedded wallet for the session user; signed out, it also
 * creates a wallet-only account and session. */
export function generateWallet(): Promise<{ wallet: GeneratedWallet; user: User }> {
  return apiPost<{ wallet: GeneratedWallet; user: User }>("/api/wallet/generate");
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
