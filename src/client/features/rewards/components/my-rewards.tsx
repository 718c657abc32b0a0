import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { useMyRewards } from "../api/manage-rewards";
import { pauseLabel, usePauseReward } from "../hooks/use-pause-reward";
import { mintedOfSupply } from "../lib/figures";
import { RarityBadge, RarityIcon } from "./rarity";

/** The rewards the creator made, where they pause and resume them (a paused reward leaves
 * fans' Active Rewards and is neither claimed nor minted automatically). */
export function MyRewards({ userId }: { userId: string }) {
  const mine = useMyRewards(userId);
  const pause = usePauseReward();

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your rewards</CardTitle>
        <CardDescription>Pause a reward to stop its claims and NFTs; resume it at any time.</CardDescription>
      </CardHeader>
      <CardContent>
        {mine.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : mine.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-destructive-soft-foreground">
              {errorMessage(mine.error, "Failed to load your rewards")}
            </p>
            <Button size="sm" variant="outline" onClick={() => mine.refetch()}>
              Try again
            </Button>
          </div>
        ) : mine.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No rewards yet. Create your first one above.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {mine.data.map((reward) => (
              <li key={reward.id} className="flex flex-wrap items-center gap-3 py-3">
                <RarityIcon rarity={reward.rarity} className="size-10" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {reward.title}{" "}
                    <span className="text-sm text-muted-foreground">
                      · ${reward.tokenSymbol} · {mintedOfSupply(reward.mintedCount, reward.totalSupply)}{" "}
                      minted
                    </span>
                  </p>
                  <div className="mt-1 flex flex-wrap gap-1.5">
                    <RarityBadge rarity={reward.rarity} />
                    {reward.isActive ? (
                      <Badge variant="success">Active</Badge>
                    ) : (
                      <Badge variant="warning">Paused</Badge>
                    )}
                  </div>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`${pauseLabel(reward)}: ${reward.title}`}
                  disabled={pause.busy}
                  onClick={() => pause.toggle(reward)}
                >
                  {pauseLabel(reward)}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
