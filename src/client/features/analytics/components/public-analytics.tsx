import { Skeleton } from "@/components/ui/skeleton";
import { useAnalytics } from "../api/get-analytics";
import { CommunityOverview } from "./community-overview";
import { LazyCharts } from "./lazy-charts";
import { ScoreCards } from "./score-cards";

/** The public part of a token's analytics (scores, overview, charts), for its token page. */
export function PublicAnalytics({ mint }: { mint: string }) {
  const analytics = useAnalytics(mint);
  if (analytics.isPending) return <Skeleton className="h-64 rounded-xl" aria-busy="true" />;
  if (analytics.isError)
    return <p className="text-sm text-muted-foreground">Could not load this token's analytics right now.</p>;
  return (
    <section aria-labelledby="token-analytics" className="flex flex-col gap-4">
      <h2 id="token-analytics" className="text-xl font-semibold">
        Community analytics
      </h2>
      <ScoreCards cards={analytics.data.cards} />
      <CommunityOverview overview={analytics.data.overview} />
      <LazyCharts series={analytics.data.series} />
    </section>
  );
}
