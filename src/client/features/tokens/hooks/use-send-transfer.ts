import { parseAmount } from "@shared/amounts";
import type { Holding } from "@shared/schemas/portfolio";
import type { TransferRequest } from "@shared/schemas/token";
import type { TransferResult } from "@shared/schemas/transfer";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api";
import { useLedger } from "@/lib/network";
import { tokensQueryKey, walletsQueryKey } from "@/lib/query-keys";
import { base64ToBytes, bytesToBase64, chainFor, signTransaction, walletFor } from "@/lib/wallet";
import { prepareTransfer, submitTransfer, transferToken } from "../api/transfer-token";

/** The server signs when one of the person's platform wallets holds enough; otherwise the
 * browser wallet holding it must sign. With nothing enough anywhere the server explains. */
function signsInBrowser(holding: Holding | undefined, amount: string): boolean {
  if (!holding) return false;
  const units = parseAmount(amount, holding.decimals);
  if (units === null) return false;
  const enough = holding.wallets.filter((w) => (parseAmount(w.balance, holding.decimals) ?? 0n) >= units);
  return enough.length > 0 && enough.every((w) => w.kind === "external");
}

/** Sends a token from whichever of the person's wallets holds it: an embedded wallet through
 * the server, a browser wallet by prepare -> sign in the wallet -> submit. */
export function useSendTransfer(mint: string, holding: Holding | undefined) {
  const queryClient = useQueryClient();
  const ledger = useLedger();

  const withWallet = async (body: TransferRequest): Promise<TransferResult> => {
    const prepared = await prepareTransfer(mint, body);
    const { wallet, account } = await walletFor(prepared.from);
    const signed = await signTransaction(
      wallet,
      account,
      base64ToBytes(prepared.transaction),
      chainFor(ledger.data?.cluster),
    );
    return submitTransfer(mint, { transferId: prepared.transferId, transaction: bytesToBase64(signed) });
  };

  return useMutation({
    mutationFn: async (body: TransferRequest): Promise<TransferResult> => {
      if (signsInBrowser(holding, body.amount)) return withWallet(body);
      try {
        return await transferToken(mint, body);
      } catch (err) {
        // Holdings not loaded yet, or changed meanwhile: the server names the wallet that signs.
        if (err instanceof ApiError && err.code === "SIGN_WITH_WALLET") return withWallet(body);
        throw err;
      }
    },
    onSuccess: () =>
      Promise.all([
        // Balances, holdings, circulating supply and holders changed.
        queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
        // The fee came out of the sender's SOL.
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
      ]),
  });
}
