import { type TradeBody, tradeIntent } from "@shared/market/trade-input";
import type { User } from "@shared/schemas/auth";
import type { TradeResult } from "@shared/schemas/market";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { ApiError } from "@/lib/api";
import { useLedger } from "@/lib/network";
import { marketQueryKey, tokensQueryKey, walletsQueryKey } from "@/lib/query-keys";
import { useAttemptKey } from "@/lib/use-attempt-key";
import {
  base64ToBytes,
  bytesToBase64,
  chainFor,
  signTransaction,
  transactionSigners,
  walletFor,
} from "@/lib/wallet";
import { prepareTrade, submitTrade, type TradeRequest, trade } from "../api/trade";
import type { TradingWallet } from "./trading-wallet";

/** Where a trade is: "confirming" covers the server sending it and the chain accepting it. */
export type TradePhase = "idle" | "signing" | "confirming" | "done" | "failed";

/** Buys and sells from the person's wallet: a platform wallet through the server, a browser
 * wallet by prepare -> sign in the wallet -> submit. Refreshes everything a trade moves. */
export function useTrade(mint: string, user: User | null, wallet: TradingWallet | null) {
  const queryClient = useQueryClient();
  const ledger = useLedger();
  const { keyFor, forget } = useAttemptKey();
  const [phase, setPhase] = useState<TradePhase>("idle");

  const withBrowserWallet = async (request: TradeRequest): Promise<TradeResult> => {
    setPhase("confirming");
    const prepared = await prepareTrade(mint, request);
    const bytes = base64ToBytes(prepared.transaction);
    // The prepared trade names no wallet: the signer the server asked for is one of the person's.
    const own = new Set(user?.wallets.filter((w) => w.kind === "external").map((w) => w.publicKey));
    const signer = transactionSigners(bytes).find((address) => own.has(address)) ?? wallet?.publicKey;
    if (!signer) throw new Error("Connect a wallet to trade.");
    setPhase("signing");
    const { wallet: browserWallet, account } = await walletFor(signer);
    const signed = await signTransaction(browserWallet, account, bytes, chainFor(ledger.data?.cluster));
    setPhase("confirming");
    return submitTrade(mint, { tradeId: prepared.tradeId, transaction: bytesToBase64(signed) });
  };

  const mutation = useMutation({
    mutationFn: async (body: TradeBody): Promise<TradeResult> => {
      const idempotencyKey = keyFor(tradeIntent(body));
      const request = { side: body.side, body: { ...body.body, idempotencyKey } } as TradeRequest;
      if (wallet?.kind === "external") return withBrowserWallet(request);
      setPhase("confirming");
      try {
        return await trade(mint, request);
      } catch (err) {
        // The server knows best which wallet holds the SOL or tokens: it may name a browser one.
        if (err instanceof ApiError && err.code === "SIGN_WITH_WALLET") return withBrowserWallet(request);
        throw err;
      }
    },
    onSuccess: () => {
      forget();
      setPhase("done");
    },
    onError: (err) => {
      // A refusal (4xx) moved nothing: the next press is a new trade. A timeout or a 5xx keeps
      // the key, so pressing again for the same amount cannot trade twice (tradeIntent).
      if (err instanceof ApiError && err.status < 500) forget();
      setPhase("failed");
    },
    onSettled: (result) =>
      Promise.all([
        // Reserves, price, trades and candles; balances, holdings and holders; SOL. Quotes too
        // after a failure (the price moved); after a trade the amount box is cleared, and the
        // amount just traded is not quoted again.
        queryClient.invalidateQueries({
          queryKey: marketQueryKey(mint),
          predicate: (query) => !(result && query.queryKey.includes("quote")),
        }),
        queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
      ]),
  });

  const reset = useCallback(() => {
    mutation.reset();
    setPhase("idle");
  }, [mutation.reset]);

  return { ...mutation, phase, reset };
}
