import { candlesWithTrade } from "@shared/market/candles";
import { CANDLE_INTERVALS, type Candles, type MarketState } from "@shared/schemas/market";
import type { WalletsResponse } from "@shared/schemas/wallet";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import {
  holdingsQueryKey,
  marketQueryKey,
  postsQueryKey,
  tokenQueryKey,
  walletsQueryKey,
} from "@/lib/query-keys";
import { marketUrl } from "../api/get-market";
import { curveMoved, hasTrade, pagesWithTrade, type Trade, type TradePages } from "../lib/live-updates";

/** After a refusal (too many pages open, the server busy) the stream is opened again this
 * much later; a dropped connection the browser reopens by itself (the server asks 3 s). */
const REOPEN_AFTER_MS = 30_000;

function parse<T>(data: unknown): T | null {
  try {
    return typeof data === "string" ? (JSON.parse(data) as T) : null;
  } catch {
    return null;
  }
}

/** A pushed trade: into the recent trades and every chart interval loaded, once. */
function applyTrade(queryClient: QueryClient, mint: string, trade: Trade): void {
  const tradesKey = [...marketQueryKey(mint), "trades"];
  if (hasTrade(queryClient.getQueryData<TradePages>(tradesKey), trade.signature)) return;
  queryClient.setQueryData<TradePages>(tradesKey, (pages) => (pages ? pagesWithTrade(pages, trade) : pages));
  for (const interval of CANDLE_INTERVALS)
    queryClient.setQueryData<Candles>([...marketQueryKey(mint), "candles", interval], (held) =>
      held ? { ...held, candles: candlesWithTrade(held.candles, trade, interval) } : held,
    );
}

/** The token page's push updates while it is mounted (GET /api/market/:mint/live, an
 * EventSource): the market's state, recent trades and the chart's last candle move with every
 * trade anyone makes, and the holders with every transfer or trade, with no polling. */
export function useMarketLive(mint: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!mint || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const events = new EventSource(`${marketUrl(mint)}/live`);
      source = events;
      // The first state after each (re)connect: trades made while the page was not listening
      // show as a moved curve, and the lists are read again.
      let first = true;
      events.addEventListener("open", () => {
        first = true;
      });
      events.addEventListener("market", (e) => {
        const state = parse<MarketState>(e.data);
        if (!state) return;
        const held = queryClient.getQueryData<MarketState>(marketQueryKey(mint));
        queryClient.setQueryData(marketQueryKey(mint), state);
        if (held?.priceLamports !== state.priceLamports)
          void queryClient.invalidateQueries({ queryKey: [...marketQueryKey(mint), "quote"] });
        if (first && curveMoved(held, state)) {
          void queryClient.invalidateQueries({ queryKey: [...marketQueryKey(mint), "trades"] });
          void queryClient.invalidateQueries({ queryKey: [...marketQueryKey(mint), "candles"] });
        }
        if (first) {
          // Holders a transfer moved before the stream listened (no curve moves): read again.
          void queryClient.invalidateQueries({ queryKey: tokenQueryKey(mint) });
          void queryClient.invalidateQueries({ queryKey: postsQueryKey(mint) });
          void queryClient.invalidateQueries({ queryKey: holdingsQueryKey });
        }
        first = false;
      });
      events.addEventListener("trade", (e) => {
        const trade = parse<Trade>(e.data);
        if (!trade) return;
        applyTrade(queryClient, mint, trade);
        // The reader's own trade from another tab moved their SOL as well as their tokens.
        const wallets = queryClient.getQueryData<WalletsResponse>(walletsQueryKey)?.wallets;
        if (wallets?.some((w) => w.publicKey === trade.trader))
          void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
      });
      // The indexer has new holders of this token: the page reads them again, and the reader's
      // own holdings and the updates for holders (a transfer to or from them moves their
      // balance on the trade panel, and whether the updates are theirs to read).
      events.addEventListener("holders", () => {
        void queryClient.invalidateQueries({ queryKey: tokenQueryKey(mint) });
        void queryClient.invalidateQueries({ queryKey: postsQueryKey(mint) });
        void queryClient.invalidateQueries({ queryKey: holdingsQueryKey });
      });
      events.addEventListener("error", () => {
        // CLOSED: the server refused the stream (it reconnects by itself otherwise).
        if (events.readyState !== EventSource.CLOSED) return;
        events.close();
        reopen = setTimeout(open, REOPEN_AFTER_MS);
      });
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [mint, queryClient]);
}
