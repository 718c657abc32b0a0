import { formatSol } from "@shared/market/format";
import type { RewardStats } from "@shared/schemas/rewards";
import { Trophy } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { collectedText } from "../lib/figures";

/** Rank, wallet, "N NFTs collected" (1 NFT), and the value where a market prices the token. */
export function TopCollectors({
  collectors,
  isLoading,
}: {
  collectors: RewardStats["topCollectors"] | undefined;
  isLoading: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Top Collectors</CardTitle>
        <CardDescription>Fans holding the most reward NFTs.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : !collectors?.length ? (
          <EmptyState
            icon={<Trophy />}
            title="No collectors yet"
            description="Claimed rewards show up here."
          />
        ) : (
          <ol className="flex flex-col divide-y divide-border">
            {collectors.map((c, i) => (
              <li key={c.walletAddress} className="flex flex-wrap items-center gap-3 py-3">
                <span className="w-8 text-lg font-bold text-muted-foreground">#{i + 1}</span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-mono text-sm" title={c.walletAddress}>
                    {c.walletAddress}
                  </p>
                  {c.username ? <p className="text-xs text-muted-foreground">@{c.username}</p> : null}
                </div>
                <div className="text-right">
                  <p className="text-sm font-medium">{collectedText(c.nftCount)}</p>
                  {c.totalValue !== null ? (
                    <p
                      className="text-xs text-muted-foreground"
                      title="What this collector holds of these creators' tokens, at their curves' prices"
                    >
                      holds {formatSol(c.totalValue)} in tokens
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
