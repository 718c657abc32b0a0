import { BarChart3 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { PageShell } from "@/components/layout";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useAnalytics } from "@/features/analytics/api/get-analytics";
import { BoostDialog } from "@/features/analytics/components/boost-dialog";
import { CommunityOverview } from "@/features/analytics/components/community-overview";
import { EngageDialog } from "@/features/analytics/components/engage-dialog";
import { ExportReport } from "@/features/analytics/components/export-report";
import { LazyCharts } from "@/features/analytics/components/lazy-charts";
import { ScoreCards } from "@/features/analytics/components/score-cards";
import { TopMembers } from "@/features/analytics/components/top-members";
import { useUserTokens } from "@/features/tokens/api/get-user-tokens";
import { TrustChecklist, TrustPanel } from "@/features/trust";
import { useSignInHere } from "@/lib/return-to";
import { useSession } from "@/lib/session";
import { usePageTitle } from "@/lib/use-page-title";

/** The chosen token's live analytics: every figure read from the chain, the market and the
 * platform (docs/analytics.md). */
function TokenAnalytics({ mint }: { mint: string }) {
  const analytics = useAnalytics(mint);
  if (analytics.isPending)
    return <Skeleton className="h-96 rounded-xl" aria-busy="true" aria-label="Loading analytics" />;
  if (analytics.isError)
    return (
      <EmptyState
        headingLevel="h2"
        icon={<BarChart3 />}
        title="Could not load analytics"
        description={analytics.error.message}
        action={<Button onClick={() => analytics.refetch()}>Try again</Button>}
      />
    );
  const a = analytics.data;
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <ExportReport mint={mint} />
        {a.view === "creator" ? (
          <>
            <EngageDialog mint={mint} symbol={a.symbol} members={a.topMembers ?? []} />
            <BoostDialog ranks={a.explore ?? []} checklist={<TrustChecklist mint={mint} />} />
          </>
        ) : null}
      </div>
      <ScoreCards cards={a.cards} />
      <CommunityOverview overview={a.overview} />
      <LazyCharts series={a.series} />
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <section aria-labelledby="trust-indicators" className="flex flex-col gap-3">
          <h2 id="trust-indicators" className="text-xl font-semibold">
            Trust Indicators
          </h2>
          <TrustPanel mint={mint} />
        </section>
        {a.topMembers ? <TopMembers members={a.topMembers} symbol={a.symbol} /> : null}
      </div>
    </>
  );
}

/** /analytics Live Trust Analytics for the signed-in creator's tokens. */
export default function AnalyticsPage() {
  usePageTitle("Analytics");
  const signInHere = useSignInHere();
  const { user, isLoading } = useSession();
  const tokens = useUserTokens(user?.id);
  const [chosen, setChosen] = useState<string>();
  const launched = tokens.data?.filter((t) => t.isLaunched && t.mintAddress) ?? [];
  const selected = launched.find((t) => t.mintAddress === chosen) ?? launched[0];

  return (
    <PageShell className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <header>
          <h1 className="text-3xl font-bold tracking-tight">Live Trust Analytics</h1>
          <p className="text-muted-foreground">
            Transparency, engagement and reputation, computed from your token's on-chain activity.
          </p>
        </header>
        {!isLoading && !user ? (
          <EmptyState
            headingLevel="h2"
            icon={<BarChart3 />}
            title="Sign in to see your analytics"
            action={
              <Button asChild variant="primary">
                <Link href={signInHere}>Sign in</Link>
              </Button>
            }
          />
        ) : null}
        {user && tokens.isPending ? <Skeleton className="h-20 rounded-xl" /> : null}
        {user && tokens.isError ? <p className="text-sm text-destructive">Failed to fetch tokens</p> : null}
        {user && tokens.data && launched.length === 0 ? (
          <EmptyState
            headingLevel="h2"
            icon={<BarChart3 />}
            title="No live tokens yet"
            description="Analytics read your token's chain data, so they start once a token is live."
            action={
              <Button asChild>
                <Link href="/create">Create a token</Link>
              </Button>
            }
          />
        ) : null}
        {selected?.mintAddress ? (
          <>
            <div className="flex flex-wrap items-end gap-3">
              <Field label="Token" className="min-w-64">
                <Select value={selected.mintAddress} onChange={(e) => setChosen(e.target.value)}>
                  {launched.map((t) => (
                    <option key={t.id} value={t.mintAddress ?? ""}>
                      {t.name} (${t.symbol})
                    </option>
                  ))}
                </Select>
              </Field>
              <Badge variant={selected.status === "active" ? "success" : "warning"} className="mb-2.5">
                {selected.status}
              </Badge>
            </div>
            <TokenAnalytics key={selected.mintAddress} mint={selected.mintAddress} />
          </>
        ) : null}
      </div>
    </PageShell>
  );
}
