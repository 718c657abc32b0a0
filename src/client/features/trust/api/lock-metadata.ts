import type { MetadataLock, PreparedMetadataLock } from "@shared/schemas/trust";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiPost } from "@/lib/api";
import { useLedger } from "@/lib/network";
import { tokensQueryKey, walletsQueryKey } from "@/lib/query-keys";
import { base64ToBytes, bytesToBase64, chainFor, signTransaction, walletFor } from "@/lib/wallet";
import { trustQueryKey } from "./get-trust";

const lockUrl = (mint: string) => `/api/tokens/${encodeURIComponent(mint)}/metadata/lock`;

/** Makes the token's metadata immutable: the server signs with the creator's platform wallet;
 * when the update authority is a browser wallet, that wallet signs the prepared lock. */
export function useLockMetadata(mint: string) {
  const queryClient = useQueryClient();
  const ledger = useLedger();

  const withWallet = async (): Promise<MetadataLock> => {
    const prepared = await apiPost<PreparedMetadataLock>(`${lockUrl(mint)}/prepare`);
    const { wallet, account } = await walletFor(prepared.authority);
    const signed = await signTransaction(
      wallet,
      account,
      base64ToBytes(prepared.transaction),
      chainFor(ledger.data?.cluster),
    );
    return apiPost<MetadataLock>(`${lockUrl(mint)}/submit`, {
      lockId: prepared.lockId,
      transaction: bytesToBase64(signed),
    });
  };

  return useMutation({
    mutationFn: async (): Promise<MetadataLock> => {
      try {
        return await apiPost<MetadataLock>(lockUrl(mint));
      } catch (err) {
        if (err instanceof ApiError && err.code === "SIGN_WITH_WALLET") return withWallet();
        throw err;
      }
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trustQueryKey(mint) }),
        // The chain facts on the token page changed, and the fee came out of the wallet.
        queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
      ]),
  });
}
