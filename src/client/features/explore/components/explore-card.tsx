import { groupDigits } from "@shared/amounts";
import { formatPriceSol, formatShare, formatSol } from "@shared/market/format";
import type { ExploreToken } from "@shared/schemas/market";
import { BAND_LABELS } from "@shared/trust/score";
import { useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Progress } from "@/components/ui/progress";
import { shortAddress } from "@/lib/wallet";
import { formatChangeBps } from "../lib/format";
import { Sparkline } from "./sparkline";

function Change({ bps }: { bps: number | null }) {
  if (bps === null) return <span className="text-sm text-muted-foreground">No trades yet</span>;
  return (
    <span
      className={cn(
        "text-sm font-semibold tabular-nums",
        bps > 0 ? "text-success" : bps < 0 ? "text-destructive" : "text-muted-foreground",
      )}
    >
      {formatChangeBps(bps)}
      <span className="sr-only"> in 24 hours</span>
    </span>
  );
}

const BAND_VARIANTS = { good: "success", caution: "warning", high_risk: "destructive" } as const;

/** The trust score (docs/trust.md): a number and its band, or that it is still computed. */
function TrustBadge({ token }: { token: ExploreToken }) {
  if (token.trustScore === null || token.trustBand === null)
    return (
      <Badge variant="outline" data-testid="explore-trust">
        Trust: scoring…
      </Badge>
    );
  return (
    <Badge variant={BAND_VARIANTS[token.trustBand]} data-testid="explore-trust">
      Trust {token.trustScore}
      <span className="sr-only"> out of 100, {BAND_LABELS[token.trustBand]}</span>
    </Badge>
  );
}

function MarketState({ token }: { token: ExploreToken }) {
  if (token.marketStatus === "none") return <p className="text-sm text-muted-foreground">No market yet</p>;
  if (token.marketStatus === "completed")
    return <p className="text-sm font-medium text-success">Curve complete</p>;
  // Written as the token page writes it (2.8%, not 3%).
  const progress = token.progress ?? 0;
  return (
    <div className="flex items-center gap-2">
      <Progress
        value={Math.round(progress * 1000) / 10}
        label={`${token.symbol} bonding curve progress`}
        className="flex-1"
      />
      <span className="w-12 text-right text-xs tabular-nums text-muted-foreground">
        {formatShare(progress)}
      </span>
    </div>
  );
}

/** One token on Explore. The name is the link; it stretches over the whole card. */
export function ExploreCard({ token }: { token: ExploreToken }) {
  const fallback = `/api/tokens/${token.mint}/image.svg`;
  const [src, setSrc] = useState(token.imageUrl);
  const creator = token.creator.username ? `@${token.creator.username}` : shortAddress(token.creator.wallet);
  const rising = (token.change24hBps ?? 0) >= 0;
  return (
    <Card
      className="relative flex w-full min-w-0 flex-col gap-4 p-4 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
      data-testid="explore-card"
      data-symbol={token.symbol}
    >
      <div className="flex items-start gap-3">
        <img
          src={src}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="size-12 shrink-0 rounded-full bg-muted object-cover"
          onError={() => setSrc(fallback)}
        />
        <div className="min-w-0 flex-1">
          {/* Two lines at most, the whole name in its title: cards in a row stay alike. */}
          <h3 className="line-clamp-2 font-semibold leading-snug [overflow-wrap:anywhere]" title={token.name}>
            <Link
              href={`/token/${token.mint}`}
              className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
            >
              {token.name}
            </Link>
          </h3>
          <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
            <span className="font-mono">${token.symbol}</span>
            <span className="min-w-0 max-w-full truncate" title={creator}>
              by {creator}
            </span>
          </p>
        </div>
        <TrustBadge token={token} />
      </div>

      <div className="flex items-end justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground">Price</p>
          <p className="font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid="explore-price">
            {token.priceLamports === null ? "—" : formatPriceSol(token.priceLamports)}
          </p>
          {token.marketStatus === "none" ? null : <Change bps={token.change24hBps} />}
        </div>
        <Sparkline points={token.sparkline} rising={rising} label={`${token.symbol} price, last 24 hours`} />
      </div>

      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Holders</dt>
          <dd className="font-medium tabular-nums">{groupDigits(String(token.holders))}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Market cap</dt>
          <dd className="font-medium tabular-nums [overflow-wrap:anywhere]">
            {token.marketCapLamports === null ? "—" : formatSol(token.marketCapLamports, 2)}
          </dd>
        </div>
      </dl>

      <MarketState token={token} />
    </Card>
  );
}

export function ExploreCardSkeleton() {
  return (
    <Card className="flex w-full flex-col gap-4 p-4">
      <div className="flex items-center gap-3">
        <div aria-hidden="true" className="size-12 animate-pulse rounded-full bg-muted" />
        <div className="flex flex-1 flex-col gap-2">
          <div aria-hidden="true" className="h-4 w-2/3 animate-pulse rounded bg-muted" />
          <div aria-hidden="true" className="h-3 w-1/3 animate-pulse rounded bg-muted" />
        </div>
      </div>
      <div aria-hidden="true" className="h-10 animate-pulse rounded bg-muted" />
      <div aria-hidden="true" className="h-8 animate-pulse rounded bg-muted" />
    </Card>
  );
}
