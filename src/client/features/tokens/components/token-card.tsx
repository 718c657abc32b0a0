import { groupDigits } from "@shared/amounts";
import { formatTokenText } from "@shared/market/format";
import type { Token } from "@shared/schemas/token";
import { ArrowRightLeft, ExternalLink, Eye, Globe } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { useNetwork } from "@/lib/network";
import { shortAddress } from "@/lib/wallet";
import { LaunchedMarketFacts } from "./market-facts";
import { TransferDialog } from "./transfer-dialog";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** Devnet: the public explorer's page. The embedded ledger has no public explorer, so the
 * link is named for what it opens: our own token page. */
function MintLink({ mint, explorerUrl }: { mint: string; explorerUrl: string | null }) {
  return (
    <Button asChild size="icon-sm" variant="ghost">
      {explorerUrl ? (
        <a href={explorerUrl} target="_blank" rel="noopener noreferrer" aria-label="View on Solana Explorer">
          <ExternalLink aria-hidden="true" />
        </a>
      ) : (
        <Link href={`/token/${mint}`} aria-label="View token page">
          <Eye aria-hidden="true" />
        </Link>
      )}
    </Button>
  );
}

/** One token in the portfolio (spec section 2, /dashboard). */
export function TokenCard({ token }: { token: Token }) {
  const [transferOpen, setTransferOpen] = useState(false);
  const network = useNetwork();
  const live = token.isLaunched;

  return (
    <Card className="flex min-w-0 flex-col" data-testid="token-card" data-symbol={token.symbol}>
      <CardHeader className="flex-row items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-gradient-brand text-lg font-bold text-white"
        >
          {token.symbol.charAt(0)}
        </span>
        <div className="min-w-0 flex-1">
          {/* A name may be 50 characters without a space: it wraps rather than widen the card. */}
          <CardTitle as="h3" className="[overflow-wrap:anywhere]">
            {token.name}
          </CardTitle>
          <p className="font-mono text-sm text-muted-foreground">${token.symbol}</p>
        </div>
        <Badge
          variant={live ? "success" : "warning"}
          title={token.status === "failed" ? "The launch did not complete" : undefined}
        >
          {live ? "Live" : "Pending"}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p className="line-clamp-3 text-sm text-muted-foreground">
          {token.description || "No description provided"}
        </p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Total Supply</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="total-supply">
            {groupDigits(token.totalSupply)}
          </dd>
          <dt className="text-muted-foreground">Circulating</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="circulating-supply">
            {formatTokenText(token.circulatingSupply)}
          </dd>
          <dt className="text-muted-foreground">Created</dt>
          <dd className="text-right">{dateFormat.format(new Date(token.createdAt))}</dd>
        </dl>
        {token.mintAddress ? (
          <div className="flex items-center gap-1 rounded-md bg-muted px-3 py-1.5">
            <span className="text-xs text-muted-foreground">Mint</span>
            <code className="flex-1 truncate font-mono text-xs" title={token.mintAddress}>
              {shortAddress(token.mintAddress, 6)}
            </code>
            <CopyButton value={token.mintAddress} label="Copy mint address" size="icon-sm" variant="ghost" />
            <MintLink mint={token.mintAddress} explorerUrl={network.explorerUrl(token.mintAddress)} />
          </div>
        ) : null}
        {live && token.mintAddress ? <LaunchedMarketFacts mint={token.mintAddress} /> : null}
        {token.website ? (
          <a
            href={token.website}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm text-link underline underline-offset-4"
          >
            <Globe aria-hidden="true" className="size-4" />
            {token.website.replace(/^https?:\/\//, "")}
          </a>
        ) : null}
      </CardContent>
      <CardFooter className="gap-2">
        {live && token.mintAddress ? (
          <Button asChild size="sm" variant="outline" className="flex-1">
            <Link href={`/token/${token.mintAddress}`}>
              <Eye aria-hidden="true" />
              View Details
            </Link>
          </Button>
        ) : (
          <Button type="button" size="sm" variant="outline" className="flex-1" disabled>
            <Eye aria-hidden="true" />
            View Details
          </Button>
        )}
        <Button
          type="button"
          size="sm"
          variant="primary"
          className="flex-1"
          disabled={!live}
          onClick={() => setTransferOpen(true)}
        >
          <ArrowRightLeft aria-hidden="true" />
          Transfer
        </Button>
      </CardFooter>
      {live && token.mintAddress ? (
        <TransferDialog
          token={{ ...token, mintAddress: token.mintAddress }}
          open={transferOpen}
          onOpenChange={setTransferOpen}
        />
      ) : null}
    </Card>
  );
}
