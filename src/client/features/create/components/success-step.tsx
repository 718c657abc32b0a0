import { groupDigits } from "@shared/amounts";
import { CheckCircle2, Coins, ExternalLink, LayoutDashboard, Plus } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Spinner } from "@/components/ui/spinner";
import { useTokenMarket } from "@/features/tokens/api/get-market";
import { supplySummary } from "../hooks/launch-summary";
import type { LaunchState } from "../hooks/use-create-wizard";

export interface SuccessStepProps {
  launch: Exclude<LaunchState, { status: "idle" }>;
  networkLabel: string;
  /** The share of supply asked for on the curve at launch; null without a market. */
  curveSharePct: number | null;
  /** The devnet explorer's page for an address; null on the embedded ledger, which no public
   * explorer sees (the token page is the place to look, and is named for what it is). */
  explorerUrl: (address: string) => string | null;
  onCreateAnother: () => void;
}

/** Step 4: the launch in progress, then the live token with its addresses and next steps. */
export function SuccessStep({
  launch,
  networkLabel,
  curveSharePct,
  explorerUrl,
  onCreateAnother,
}: SuccessStepProps) {
  // Read back rather than assumed: the opening can fail, or wait for a browser wallet.
  const market = useTokenMarket(
    launch.status === "success" && curveSharePct !== null ? launch.result.mintAddress : null,
  );
  if (launch.status === "pending") {
    return (
      <Card aria-busy="true">
        <CardContent className="flex flex-col items-center gap-4 py-16 text-center">
          <Spinner className="size-10 text-primary" label="Launching" />
          <h2 className="text-xl font-semibold">
            Launching {launch.name} (${launch.symbol})…
          </h2>
          <p className="max-w-md text-sm text-muted-foreground">
            One transaction on {networkLabel}: it creates the Token-2022 mint with on-chain metadata, mints
            the whole supply to your wallet and revokes the mint authority so the supply stays fixed.
            {curveSharePct !== null
              ? ` Then the market opens: ${curveSharePct}% of the supply moves into its vault.`
              : null}
          </p>
        </CardContent>
      </Card>
    );
  }

  const { token, mintAddress } = launch.result;
  const explorer = explorerUrl(mintAddress);
  const summary = supplySummary({ symbol: token.symbol, curveSharePct, market: market.data });
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
        <CardTitle as="h2" className="text-2xl">
          {token.name} is live!
        </CardTitle>
        <CardDescription aria-live="polite" data-testid="supply-summary">
          {summary}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {/* What to do next comes first, in view on a phone without scrolling and above the
            corner where the launch toast shows for five seconds. */}
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild variant="primary">
            <Link href="/dashboard">
              <LayoutDashboard aria-hidden="true" />
              View My Portfolio
            </Link>
          </Button>
          <Button type="button" variant="outline" onClick={onCreateAnother}>
            <Plus aria-hidden="true" />
            Create Another Token
          </Button>
          {explorer ? (
            <Button asChild variant="outline">
              <a href={explorer} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                View on Explorer
              </a>
            </Button>
          ) : null}
          {/* Beside the explorer a secondary way in; without one (embedded ledger) the place to
              look the mint up, named for where it really goes. */}
          <Button asChild variant={explorer ? "ghost" : "outline"}>
            <Link href={`/token/${mintAddress}`}>
              <Coins aria-hidden="true" />
              View Token Page
            </Link>
          </Button>
        </div>
        {explorer ? null : (
          <p className="text-center text-xs text-muted-foreground" data-testid="no-explorer-note">
            Public explorers do not see {networkLabel}: the token page reads this mint from it.
          </p>
        )}
        <dl className="grid gap-3 rounded-lg bg-muted p-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Name</dt>
            <dd className="font-semibold" data-testid="success-name">
              {token.name}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Symbol</dt>
            <dd className="font-mono font-semibold" data-testid="success-symbol">
              ${token.symbol}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Total supply</dt>
            <dd className="font-semibold tabular-nums">{groupDigits(token.totalSupply)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Network</dt>
            <dd>
              <Badge variant="success">{networkLabel}</Badge>
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">Mint address</dt>
            <dd className="flex items-center gap-2">
              <code className="min-w-0 break-all font-mono text-xs" data-testid="mint-address">
                {mintAddress}
              </code>
              <CopyButton value={mintAddress} label="Copy mint address" size="icon-sm" variant="ghost" />
              {explorer ? (
                <Button asChild size="icon-sm" variant="ghost">
                  <a
                    href={explorer}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label="View on Solana Explorer"
                  >
                    <ExternalLink aria-hidden="true" />
                  </a>
                </Button>
              ) : null}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
