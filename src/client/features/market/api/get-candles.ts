import type { CANDLE_INTERVALS, Candles } from "@shared/schemas/market";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { marketQueryKey } from "@/lib/query-keys";
import { marketUrl } from "./get-market";

export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/** GET /api/market/:mint/candles?interval=: OHLC of the indexed trades, oldest first. */
export function getCandles(mint: string, interval: CandleInterval): Promise<Candles> {
  return apiGet<Candles>(`${marketUrl(mint)}/candles?interval=${interval}`);
}

export function useCandles(mint: string, interval: CandleInterval, enabled = true) {
  return useQuery({
    queryKey: [...marketQueryKey(mint), "candles", interval],
    queryFn: () => getCandles(mint, interval),
    enabled,
  });
}
