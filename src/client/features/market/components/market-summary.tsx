import { BPS, feeBpsAt, MARKET } from "@shared/market/curve";
import { formatBps, formatPriceSol, formatShare, formatSol, formatTokens } from "@shared/market/format";
import type { MarketState } from "@shared/schemas/market";
import { Landmark } from "lucide-react";
import { useEffect, useRef } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { useNow } from "../hooks/use-now";
import { LaunchBuyers, LaunchWindowBanner } from "./launch-window";

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The fee now: the launch fee decays by the second, so it is worked out here from the same
 * rule the server uses, not read once from a cached answer. */
function useFeeNow(market: MarketState): number {
  const endsAt = market.launchWindowEndsAt ? Date.parse(market.launchWindowEndsAt) : 0;
  const now = useNow(endsAt > Date.now());
  if (!(endsAt > now)) return Math.min(market.feeBps, Number(MARKET.feeBps));
  return Number(feeBpsAt(now - (endsAt - MARKET.launchWindowMs)));
}

const openedDate = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** What the creator bought when the market opened, or that they bought nothing (true of a
 * market opened at launch and of one opened later alike). */
function creatorBuyText(market: MarketState, symbol: string, creatorBuy: bigint, share: number): string {
  if (creatorBuy > 0n)
    return `At launch the creator bought ${formatTokens(creatorBuy, market.decimals)} ${symbol} (${formatShare(share)} of the supply).`;
  return market.openedAt
    ? `Opened by the creator on ${openedDate.format(new Date(market.openedAt))}, with no creator buy.`
    : "The creator made no buy.";
}

/** The market at a glance: prices, cap, progress to the curve's end, the fee, who operates
 * the vault, and what the creator kept and bought. `focusHeading`: take focus on its heading
 * when shown (the creator just opened the market: the panel they were in is gone). */
export function MarketSummary({
  market,
  symbol,
  focusHeading = false,
}: {
  market: MarketState;
  symbol: string;
  focusHeading?: boolean;
}) {
  const feeNow = useFeeNow(market);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  const creatorShareBps = Number(BPS) - market.curveShareBps;
  const creatorBuy = BigInt(market.creatorBuyTokens);
  const creatorBuyShare =
    BigInt(market.supply) > 0n ? Number((creatorBuy * 10_000n) / BigInt(market.supply)) / 10_000 : 0;
  return (
    <Card data-testid="market-summary">
      <CardHeader>
        <CardTitle
          as="h2"
          ref={heading}
          tabIndex={-1}
          className="focus-visible:outline-2 focus-visible:outline-ring"
        >
          Market
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <LaunchWindowBanner market={market} symbol={symbol} />
        <dl className="grid grid-cols-2 gap-3">
          <Stat label="Price now" value={formatPriceSol(market.priceLamports)} testId="market-price" />
          <Stat label="Start price" value={formatPriceSol(market.startPriceLamports)} />
          <Stat label="Market cap" value={formatSol(market.marketCapLamports, 2)} testId="market-cap" />
          <Stat label="Fee" value={formatBps(feeNow)} testId="market-fee" />
        </dl>
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <span>
              <span className="font-semibold tabular-nums" data-testid="market-raised">
                {formatSol(market.realSolReserves)}
              </span>{" "}
              raised
            </span>
            <span className="text-muted-foreground tabular-nums">
              {formatShare(market.progress)} of the curve sold
            </span>
          </div>
          <Progress value={Math.round(market.progress * 1000) / 10} label="Progress to the curve's end" />
          <p className="text-xs text-muted-foreground">
            The curve ends when its last token is sold.{" "}
            {feeNow > Number(MARKET.feeBps) ? "Once the launch window closes, each" : "Each"} trade pays a{" "}
            {formatBps(MARKET.feeBps)} fee, shared between the creator and the platform.
          </p>
        </div>
        <div className="flex gap-3 rounded-lg bg-muted p-3 text-sm">
          <Landmark aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="flex flex-col gap-1">
            <p data-testid="vault-statement">
              The platform operates this curve&apos;s vault: it signs each trade together with you.
            </p>
            <p>
              {market.curveShareBps >= Number(BPS)
                ? "The whole supply went on the curve: the creator kept none off it."
                : `The creator keeps ${formatBps(creatorShareBps)} of the supply off the curve.`}{" "}
              {creatorBuyText(market, symbol, creatorBuy, creatorBuyShare)}
            </p>
          </div>
        </div>
        <LaunchBuyers market={market} symbol={symbol} />
      </CardContent>
    </Card>
  );
}
