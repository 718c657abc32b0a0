import { TEST_AIRDROP_SOL } from "@shared/constants";
import type { AirdropResult, WalletsResponse } from "@shared/schemas/wallet";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "@/lib/api";
import { walletsQueryKey } from "@/lib/query-keys";

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
      queryClient.setQueryData<WalletsResponse>(walletsQueryKey, (old) =>
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
