import { TEST_AIRDROP_SOL } from "@shared/constants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "@/lib/api";
import { walletsQueryKey } from "@/lib/query-keys";
import type { WalletBalance } from "./get-wallets";

export interface AirdropResult {
  signature: string;
  lamports: string;
  sol: string;
}

/** POST /api/wallet/airdrop: 2 test SOL to one of the caller's own wallets. */
export function requestAirdrop(address: string): Promise<AirdropResult> {
  return apiPost<AirdropResult>("/api/wallet/airdrop", { address, amount: TEST_AIRDROP_SOL });
}

export function useAirdrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAirdrop,
    onSuccess: (result, address) => {
      // The answer carries the new balance: show it without another round trip.
      queryClient.setQueryData<{ wallets: WalletBalance[] }>(walletsQueryKey, (old) =>
        old
          ? {
              wallets: old.wallets.map((w) =>
                w.publicKey === address ? { ...w, lamports: result.lamports, sol: result.sol } : w,
              ),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
    },
  });
}
