import type { MarketState, OpenMarketRequest, PreparedOpenMarket } from "@shared/schemas/market";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiPost } from "@/lib/api";
import { useLedger } from "@/lib/network";
import { marketQueryKey, tokensQueryKey, walletsQueryKey } from "@/lib/query-keys";
import { base64ToBytes, bytesToBase64, chainFor, signTransaction, walletFor } from "@/lib/wallet";
import { marketUrl } from "./get-market";

/** POST /api/market/:mint/open: the creator deposits a share of the supply into a new curve
 * (the server signs with the creator's platform wallet). */
export function openMarket(mint: string, body: OpenMarketRequest): Promise<MarketState> {
  return apiPost<MarketState>(`${marketUrl(mint)}/open`, body);
}

/** The same from a browser wallet: POST .../open/prepare, the wallet that holds the tokens
 * signs the opening, POST .../open/submit (the server checks the bytes and sends them). */
export async function openMarketWithWallet(
  mint: string,
  body: OpenMarketRequest,
  cluster: string | undefined,
): Promise<MarketState> {
  const prepared = await apiPost<PreparedOpenMarket>(`${marketUrl(mint)}/open/prepare`, body);
  const { wallet, account } = await walletFor(prepared.wallet);
  const signed = await signTransaction(
    wallet,
    account,
    base64ToBytes(prepared.transaction),
    chainFor(cluster),
  );
  return apiPost<MarketState>(`${marketUrl(mint)}/open/submit`, { transaction: bytesToBase64(signed) });
}

export function useOpenMarket(mint: string) {
  const queryClient = useQueryClient();
  const ledger = useLedger();
  return useMutation({
    mutationFn: async (body: OpenMarketRequest) => {
      try {
        return await openMarket(mint, body);
      } catch (err) {
        // The token's wallet signs in the browser: that wallet signs the opening.
        if (err instanceof ApiError && err.code === "SIGN_WITH_WALLET")
          return openMarketWithWallet(mint, body, ledger.data?.cluster);
        throw err;
      }
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: marketQueryKey(mint) }),
        // The deposit moved tokens out of the creator's wallet and paid a fee.
        queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
      ]),
  });
}
