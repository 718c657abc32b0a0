import type { RewardStats } from "@shared/schemas/rewards";
import { Gift, Sparkles, TrendingUp, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { figure } from "../lib/figures";

/** The Overview's four figures. Engagement Boost is "+N%", or "–" with the reason when there
 * is too little activity to compare. */
export function StatCards({ stats, isLoading }: { stats: RewardStats | undefined; isLoading: boolean }) {
  const boost = stats?.engagementBoost;
  const items: Array<{ label: string; value: string; icon: ReactNode; note?: string }> = [
    { label: "Total Rewards", value: figure(stats?.totalRewardsCreated), icon: <Gift /> },
    { label: "NFTs Minted", value: figure(stats?.totalNFTsMinted), icon: <Sparkles /> },
    { label: "Unique Holders", value: figure(stats?.uniqueHolders), icon: <Users /> },
    {
      label: "Engagement Boost",
      value: boost === null || boost === undefined ? "–" : `${boost >= 0 ? "+" : ""}${boost}%`,
      icon: <TrendingUp />,
      note: stats?.engagementBoostBasis,
    },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={isLoading}>
      {items.map((item) => (
        <li key={item.label}>
          <Card className="h-full">
            <CardContent className="flex flex-col gap-1 pt-6">
              <div className="flex items-center justify-between text-sm text-muted-foreground">
                <span>{item.label}</span>
                <span aria-hidden="true" className="[&_svg]:size-4">
                  {item.icon}
                </span>
              </div>
              {isLoading ? (
                <Skeleton className="h-8 w-20" />
              ) : (
                <p className="text-2xl font-bold">{item.value}</p>
              )}
              {item.note ? <p className="text-xs text-muted-foreground">{item.note}</p> : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
