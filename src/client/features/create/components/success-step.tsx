import { groupDigits } from "@shared/amounts";
import type { CreateTokenResponse } from "@shared/schemas/token";
import { CheckCircle2, Coins, ExternalLink, LayoutDashboard, Plus } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Spinner } from "@/components/ui/spinner";
import type { LaunchState } from "../hooks/use-create-wizard";

export interface SuccessStepProps {
  launch: Exclude<LaunchState, { status: "idle" }>;
  networkLabel: string;
  /** The devnet explorer on devnet, our own token page on the embedded ledger. */
  explorerUrl: (result: CreateTokenResponse) => string;
  onCreateAnother: () => void;
}

/** Step 4: the launch in progress, then the live token with its addresses and next steps. */
export function SuccessStep({ launch, networkLabel, explorerUrl, onCreateAnother }: SuccessStepProps) {
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
          </p>
        </CardContent>
      </Card>
    );
  }

  const { token, mintAddress } = launch.result;
  const explorer = explorerUrl(launch.result);
  const external = /^https?:\/\//.test(explorer);
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
        <CardTitle as="h2" className="text-2xl">
          {token.name} is live!
        </CardTitle>
        <CardDescription>Your token exists on chain and the whole supply is in your wallet.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
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
            </dd>
          </div>
        </dl>
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
          <Button asChild variant="outline">
            {external ? (
              <a href={explorer} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                View on Explorer
              </a>
            ) : (
              // No public explorer sees the embedded ledger: say where the link really goes.
              <Link href={explorer}>
                <Coins aria-hidden="true" />
                View Token Page
              </Link>
            )}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
