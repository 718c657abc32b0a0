import type { MarketState, TradesPage } from "@shared/schemas/market";
import type { InfiniteData } from "@tanstack/react-query";

// How a pushed event (GET /api/market/:mint/live) changes what the token page holds. Pure, so
// the cache updates are tested without a browser; use-market-live.ts applies them.

export type Trade = TradesPage["trades"][number];
export type TradePages = InfiniteData<TradesPage, string | null>;

export function hasTrade(pages: TradePages | undefined, signature: string): boolean {
  return Boolean(pages?.pages.some((p) => p.trades.some((t) => t.signature === signature)));
}

/** The recent trades with a pushed one: on the first page, in its place (newest first). A
 * trade the list already holds changes nothing. */
export function pagesWithTrade(pages: TradePages, trade: Trade): TradePages {
  if (hasTrade(pages, trade.signature)) return pages;
  const [first, ...rest] = pages.pages;
  const trades = [trade, ...(first?.trades ?? [])].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { ...pages, pages: [{ trades, nextCursor: first ? first.nextCursor : null }, ...rest] };
}

/** Whether trades happened that the page has not seen: the curve's reserves moved between the
 * state it holds and the one a (re)connected stream starts with. */
export function curveMoved(held: MarketState | undefined, now: MarketState): boolean {
  if (!held) return false;
  return (
    held.status !== now.status ||
    held.realSolReserves !== now.realSolReserves ||
    held.realTokenReserves !== now.realTokenReserves
  );
}
