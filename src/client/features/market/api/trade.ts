import type { BuyRequest, PreparedTrade, SellRequest, TradeResult } from "@shared/schemas/market";
import { apiPost } from "@/lib/api";
import { marketUrl } from "./get-market";

export type TradeRequest = { side: "buy"; body: BuyRequest } | { side: "sell"; body: SellRequest };

/** POST /api/market/:mint/buy | sell: from the person's platform wallet (the server signs with
 * it, and the vault co-signs). */
export function trade(mint: string, request: TradeRequest): Promise<TradeResult> {
  return apiPost<TradeResult>(`${marketUrl(mint)}/${request.side}`, request.body);
}

/** POST /api/market/:mint/buy/prepare | sell/prepare: the trade for a browser wallet to sign. */
export function prepareTrade(mint: string, request: TradeRequest): Promise<PreparedTrade> {
  return apiPost<PreparedTrade>(`${marketUrl(mint)}/${request.side}/prepare`, request.body);
}

/** POST /api/market/:mint/submit: the wallet's signed copy; the server checks it, the vault
 * co-signs, and it is sent. */
export function submitTrade(
  mint: string,
  body: { tradeId: string; transaction: string },
): Promise<TradeResult> {
  return apiPost<TradeResult>(`${marketUrl(mint)}/submit`, body);
}
