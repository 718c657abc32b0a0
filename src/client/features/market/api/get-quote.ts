import { quoteParams, type TradeAsk } from "@shared/market/trade-input";
import type { Quote } from "@shared/schemas/market";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { marketQueryKey } from "@/lib/query-keys";
import { marketUrl } from "./get-market";

/** GET /api/market/:mint/quote?side=…: what a trade would cost or yield now, with its expiry. */
export function getQuote(mint: string, ask: TradeAsk): Promise<Quote> {
  return apiGet<Quote>(`${marketUrl(mint)}/quote?${quoteParams(ask)}`);
}

/** The quote for the (debounced) ask; null asks nothing, and `live` false keeps the quote shown
 * without asking again. A quote is a price at a moment: it is fetched again whenever it is
 * shown anew, never served stale from the cache. */
export function useQuote(mint: string, ask: TradeAsk | null, live = true) {
  return useQuery({
    queryKey: [...marketQueryKey(mint), "quote", ask ? quoteParams(ask) : ""],
    queryFn: () => getQuote(mint, ask as TradeAsk),
    enabled: ask !== null && live,
    staleTime: 0,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });
}
