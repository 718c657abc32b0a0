import { formatBps, formatCountdown, formatSol, formatTokens } from "@shared/market/format";
import { HIGH_IMPACT_BPS } from "@shared/market/trade-input";
import type { Quote } from "@shared/schemas/market";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";

export interface QuoteDetailsProps {
  quote: Quote;
  symbol: string;
  decimals: number;
  /** Milliseconds until the quote expires (<= 0: expired). */
  msLeft: number;
  onRefresh: () => void;
  refreshing: boolean;
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The live quote: what you pay and receive, the fee in SOL and %, the price impact and how
 * long the quote holds. The fee is shown before anything is signed. */
export function QuoteDetails({ quote, symbol, decimals, msLeft, onRefresh, refreshing }: QuoteDetailsProps) {
  const buy = quote.side === "buy";
  const pay = buy
    ? formatSol(quote.solIn ?? "0")
    : `${formatTokens(quote.tokensIn ?? "0", decimals)} ${symbol}`;
  const receive = buy
    ? `${formatTokens(quote.tokensOut ?? "0", decimals)} ${symbol}`
    : formatSol(quote.solOut ?? "0");
  const expired = msLeft <= 0;
  const highImpact = quote.priceImpactBps > HIGH_IMPACT_BPS;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-3 text-sm" data-testid="quote">
      <dl className="flex flex-col gap-1">
        <Row label="You pay" value={pay} testId="quote-pay" />
        <Row label="You receive" value={receive} testId="quote-receive" />
        <Row
          label={buy ? "Fee (included above)" : "Fee (taken from the SOL)"}
          value={`${formatSol(quote.fee, 6)} (${formatBps(quote.feeBps)})`}
          testId="quote-fee"
        />
        <Row label="Price impact" value={formatBps(quote.priceImpactBps)} testId="quote-impact" />
      </dl>
      {highImpact ? (
        <p
          role="alert"
          className="flex gap-2 rounded-md bg-warning-soft p-2 text-warning-soft-foreground"
          data-testid="impact-warning"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          This trade moves the price by {formatBps(quote.priceImpactBps)}: a smaller amount gets a better
          price.
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        {/* Not a live region while counting: a reader would hear every second. */}
        {expired ? (
          <span role="status">Quote expired</span>
        ) : (
          <span>Quote holds for {formatCountdown(msLeft)}</span>
        )}
        <Button type="button" size="sm" variant="ghost" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw aria-hidden="true" className={refreshing ? "animate-spin" : undefined} />
          Refresh quote
        </Button>
      </div>
    </div>
  );
}
