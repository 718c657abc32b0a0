import { formatPriceSol, formatSol } from "@shared/market/format";
import { CandlestickChart } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useTokenMarket } from "../api/get-market";

/** A launched token's market on its card: the price, the creator's fees earned, and the way
 * to its page to trade. Nothing when the token has no market. */
export function LaunchedMarketFacts({ mint }: { mint: string }) {
  const market = useTokenMarket(mint);
  if (market.isPending) return <Skeleton className="h-12 rounded-md" />;
  if (!market.data) return null;
  const earned = BigInt(market.data.feesCreatorLamports);
  const owed = BigInt(market.data.feesCreatorOwedLamports);
  return (
    <div
      className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm"
      data-testid="market-facts"
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Price</dt>
        {/* A sub-lamport price is long ("0.0000000004106 SOL"): it wraps rather than overflow. */}
        <dd
          className="min-w-0 text-right tabular-nums [overflow-wrap:anywhere]"
          data-testid="market-facts-price"
        >
          {formatPriceSol(market.data.priceLamports)}
        </dd>
        <dt className="text-muted-foreground">Fees earned</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="fees-earned">
          {formatSol(market.data.feesCreatorLamports, 6)}
        </dd>
        {owed > 0n ? (
          <>
            <dt className="text-muted-foreground">Paid to your wallet</dt>
            <dd className="text-right tabular-nums" data-testid="fees-paid">
              {formatSol(earned - owed, 6)}
            </dd>
            <dt className="text-muted-foreground">Owed to you</dt>
            <dd className="text-right tabular-nums" data-testid="fees-owed">
              {formatSol(owed, 6)}
            </dd>
          </>
        ) : null}
      </dl>
      {owed > 0n ? (
        <p className="text-xs text-muted-foreground">
          Your wallet held too little SOL to receive some fees, so the treasury holds them. They are paid to
          your wallet automatically once it can receive them (with Get Test SOL, or as they add up).
        </p>
      ) : null}
      <Button asChild size="sm" variant="outline">
        <Link href={`/token/${mint}`}>
          <CandlestickChart aria-hidden="true" />
          Trade
        </Link>
      </Button>
    </div>
  );
}

/** What a holding is worth at the curve's price now (valued by the server with the holdings),
 * or a dash without a market. */
export function HoldingValue({ valueLamports }: { valueLamports: string | null }) {
  if (valueLamports === null)
    return (
      <span title="No market yet">
        —<span className="sr-only">No market yet</span>
      </span>
    );
  return <>{formatSol(valueLamports)}</>;
}
