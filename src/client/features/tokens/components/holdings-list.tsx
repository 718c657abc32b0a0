import { formatTokenText } from "@shared/market/format";
import type { Holding } from "@shared/schemas/portfolio";
import { ArrowRightLeft, Eye } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { HoldingValue } from "./market-facts";
import { TransferDialog } from "./transfer-dialog";

function HoldingRow({ holding }: { holding: Holding }) {
  const [transferOpen, setTransferOpen] = useState(false);
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border py-3 last:border-b-0"
      data-testid="holding"
      data-symbol={holding.symbol}
    >
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-brand font-bold text-white"
      >
        {holding.symbol.charAt(0)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold [overflow-wrap:anywhere]">
          <Link href={holding.url} className="underline-offset-4 hover:underline">
            {holding.name}
          </Link>
          {holding.launchedByYou ? (
            <Badge variant="secondary" className="ml-2">
              Launched by you
            </Badge>
          ) : null}
        </p>
        <p className="font-mono text-sm text-muted-foreground">${holding.symbol}</p>
      </div>
      <dl className="flex gap-6 text-sm sm:text-right">
        <div>
          <dt className="text-muted-foreground">Balance</dt>
          <dd className="font-semibold tabular-nums" data-testid="holding-balance" title={holding.balance}>
            {formatTokenText(holding.balance)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Value</dt>
          <dd className="tabular-nums" data-testid="holding-value">
            <HoldingValue valueLamports={holding.valueLamports} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Share of supply</dt>
          <dd className="tabular-nums" data-testid="holding-share">
            {holding.share}
          </dd>
        </div>
      </dl>
      <div className="flex gap-2">
        <Button asChild size="sm" variant="outline">
          <Link href={holding.url} aria-label={`View ${holding.symbol}`}>
            <Eye aria-hidden="true" />
            View
          </Link>
        </Button>
        <Button
          type="button"
          size="sm"
          variant="primary"
          aria-label={`Transfer ${holding.symbol}`}
          onClick={() => setTransferOpen(true)}
        >
          <ArrowRightLeft aria-hidden="true" />
          Transfer
        </Button>
      </div>
      <TransferDialog
        token={{ mintAddress: holding.mint, name: holding.name, symbol: holding.symbol }}
        open={transferOpen}
        onOpenChange={setTransferOpen}
      />
    </li>
  );
}

/** What the person holds, launched by anyone: balance, share of supply, the token's page. */
export function HoldingsList({ holdings }: { holdings: readonly Holding[] }) {
  return (
    <Card>
      <CardContent className="pt-3">
        <ul>
          {holdings.map((h) => (
            <HoldingRow key={h.mint} holding={h} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
