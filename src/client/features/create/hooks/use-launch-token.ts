import type { User } from "@shared/schemas/auth";
import type { LaunchMarket } from "@shared/schemas/market";
import type { CreateTokenResponse, TokenFormValues } from "@shared/schemas/token";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { createToken } from "@/features/tokens/api/create-token";
import { prepareToken } from "@/features/tokens/api/prepare-token";
import { submitToken } from "@/features/tokens/api/submit-token";
import { ApiError } from "@/lib/api";
import { tokensQueryKey, walletsQueryKey } from "@/lib/query-keys";
import { useAttemptKey } from "@/lib/use-attempt-key";
import { base64ToBytes, bytesToBase64, SOLANA_DEVNET_CHAIN, signTransaction } from "@/lib/wallet";
import type { LaunchWallet } from "./use-create-wizard";

/** Launches from an embedded wallet (server signs) or an external one (browser wallet signs). */
export function useLaunchToken(cluster: string | undefined) {
  const queryClient = useQueryClient();
  const { keyFor, forget } = useAttemptKey();

  return useCallback(
    async (
      values: TokenFormValues,
      user: User,
      wallet: LaunchWallet,
      market?: LaunchMarket,
    ): Promise<CreateTokenResponse> => {
      // `market` only when the creator opens one at launch (the box on the review step).
      const payload = {
        ...values,
        userId: user.id,
        creatorWallet: wallet.publicKey,
        ...(market ? { market } : {}),
      };
      const body = { ...payload, idempotencyKey: keyFor(JSON.stringify(payload)) };
      try {
        let result: CreateTokenResponse;
        if (wallet.kind === "embedded") {
          result = await createToken(body);
        } else {
          const prepared = await prepareToken(body);
          const chain = cluster === "devnet" ? SOLANA_DEVNET_CHAIN : `solana:${cluster ?? "localnet"}`;
          const signed = await signTransaction(
            wallet.wallet,
            wallet.account,
            base64ToBytes(prepared.transaction),
            chain,
          );
          result = await submitToken({ tokenId: prepared.tokenId, transaction: bytesToBase64(signed) });
        }
        forget();
        void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
        // The launch paid rent and fees: the SOL balance shown elsewhere is now stale.
        void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
        return result;
      } catch (err) {
        if (err instanceof ApiError && err.status >= 400 && err.status < 500) forget();
        throw err;
      }
    },
    [cluster, keyFor, forget, queryClient],
  );
}
