import { formatPriceSol } from "@shared/market/format";
import { CANDLE_INTERVALS, type Candles } from "@shared/schemas/market";
import type { UTCTimestamp } from "lightweight-charts";
import { CandlestickChart } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { type CandleInterval, useCandles } from "../api/get-candles";

/** A price (lamports per whole token, up to 9 decimals) -> SOL, for drawing only (amounts are
 * never computed from it). */
const toSol = (price: string) => Number(price) / 1e9;
/** The axis and crosshair: 4 significant digits, never in exponent form (a sub-lamport price is
 * 0.0000000004106 SOL, not 4.106e-10). */
const solLabel = (sol: number) => `${sol.toLocaleString("en-US", { maximumSignificantDigits: 4 })} SOL`;
/** The smallest step a price takes: a nano-lamport, 1e-18 SOL (given as its inverse, `base`,
 * which floats hold exactly). */
const PRICE_BASE = 1e18;

/** Candles drawn with lightweight-charts, loaded only when a chart is shown (its own chunk). */
function CandleCanvas({ candles, symbol }: { candles: Candles["candles"]; symbol: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let remove: (() => void) | undefined;
    import("lightweight-charts")
      .then(({ createChart, CandlestickSeries }) => {
        if (disposed) return;
        const chart = createChart(element, {
          autoSize: true,
          layout: { background: { color: "transparent" }, textColor: "#71717a", attributionLogo: false },
          grid: {
            vertLines: { color: "rgba(113,113,122,0.15)" },
            horzLines: { color: "rgba(113,113,122,0.15)" },
          },
          timeScale: { timeVisible: true, secondsVisible: false },
          localization: { priceFormatter: solLabel },
        });
        const series = chart.addSeries(CandlestickSeries, {
          upColor: "#16a34a",
          downColor: "#dc2626",
          borderVisible: false,
          wickUpColor: "#16a34a",
          wickDownColor: "#dc2626",
          priceFormat: { type: "custom", formatter: solLabel, minMove: 1 / PRICE_BASE, base: PRICE_BASE },
        });
        series.setData(
          candles.map((c) => ({
            time: c.t as UTCTimestamp,
            open: toSol(c.open),
            high: toSol(c.high),
            low: toSol(c.low),
            close: toSol(c.close),
          })),
        );
        chart.timeScale().fitContent();
        remove = () => chart.remove();
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      remove?.();
    };
  }, [candles]);

  if (failed)
    return <p className="text-sm text-muted-foreground">The chart could not load. Reload the page.</p>;
  const last = candles.at(-1);
  return (
    <figure className="flex flex-col gap-2">
      <div
        ref={container}
        role="img"
        aria-label={`Price of ${symbol} in SOL, ${candles.length} candle${candles.length === 1 ? "" : "s"}${last ? `, last close ${formatPriceSol(last.close)}` : ""}`}
        className="h-72 w-full"
        data-testid="price-chart"
      />
      <figcaption className="text-xs text-muted-foreground">
        Chart by{" "}
        <a
          href="https://www.tradingview.com/lightweight-charts/"
          target="_blank"
          rel="noopener noreferrer"
          className="text-link underline underline-offset-4"
        >
          TradingView Lightweight Charts
        </a>
      </figcaption>
    </figure>
  );
}

/** The price chart: candles from the indexed trades, from 1 minute to 1 day each. */
export function PriceChart({ mint, symbol }: { mint: string; symbol: string }) {
  const [interval, setChosen] = useState<CandleInterval>("5m");
  const candles = useCandles(mint, interval);
  const list = candles.data?.candles ?? [];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle as="h2">Price</CardTitle>
        <fieldset className="flex flex-wrap gap-1">
          <legend className="sr-only">Candle interval</legend>
          {/* Every interval the candles endpoint serves, shortest first. */}
          {CANDLE_INTERVALS.map((value) => (
            <Button
              key={value}
              type="button"
              size="sm"
              variant={interval === value ? "primary" : "outline"}
              aria-pressed={interval === value}
              onClick={() => setChosen(value)}
            >
              {value}
            </Button>
          ))}
        </fieldset>
      </CardHeader>
      <CardContent>
        {candles.isPending ? <Skeleton className="h-72 rounded-lg" /> : null}
        {candles.isError ? (
          <p role="alert" className="text-sm text-destructive-soft-foreground">
            Could not load the chart. Reload the page.
          </p>
        ) : null}
        {candles.isSuccess && list.length === 0 ? (
          <EmptyState
            icon={<CandlestickChart />}
            title="No trades yet"
            description="No trades yet: the first buy sets the chart."
          />
        ) : null}
        {list.length > 0 ? <CandleCanvas candles={list} symbol={symbol} /> : null}
      </CardContent>
    </Card>
  );
}
