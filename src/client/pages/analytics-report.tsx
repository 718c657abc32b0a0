import { Printer } from "lucide-react";
import { useParams } from "wouter";
import { PageShell } from "@/components/layout";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useAnalytics } from "@/features/analytics/api/get-analytics";
import { CommunityOverview } from "@/features/analytics/components/community-overview";
import { LazyCharts } from "@/features/analytics/components/lazy-charts";
import { ScoreCards } from "@/features/analytics/components/score-cards";
import { TopMembers } from "@/features/analytics/components/top-members";
import { TrustPanel } from "@/features/trust";
import { usePageTitle } from "@/lib/use-page-title";

/** /analytics/:mint/report: the analytics as one print-friendly page, charts included. */
export default function AnalyticsReportPage() {
  const { mint = "" } = useParams<{ mint: string }>();
  const analytics = useAnalytics(mint);
  const a = analytics.data;
  usePageTitle(a ? `Analytics report: ${a.name} ($${a.symbol})` : "Analytics report");
  return (
    <PageShell className="px-4 py-8 print:p-0">
      <div className="mx-auto flex max-w-5xl flex-col gap-6 [&>*]:min-w-0">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
              Analytics Report{a ? `: ${a.name} ($${a.symbol})` : ""}
            </h1>
            {a ? (
              <p className="text-muted-foreground">
                Generated {new Date(a.generatedAt).toLocaleString()} ·{" "}
                {a.view === "creator" ? "Creator's view" : "Public view"}
              </p>
            ) : null}
          </div>
          <Button variant="outline" className="print:hidden" onClick={() => window.print()} disabled={!a}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        </header>
        {analytics.isPending ? (
          <Skeleton className="h-96 rounded-xl" aria-busy="true" aria-label="Loading report" />
        ) : null}
        {analytics.isError ? <p className="text-destructive">{analytics.error.message}</p> : null}
        {a ? (
          <>
            <ScoreCards cards={a.cards} />
            <CommunityOverview overview={a.overview} />
            <LazyCharts series={a.series} />
            <TrustPanel mint={mint} />
            {a.topMembers ? <TopMembers members={a.topMembers} symbol={a.symbol} /> : null}
          </>
        ) : null}
      </div>
    </PageShell>
  );
}
