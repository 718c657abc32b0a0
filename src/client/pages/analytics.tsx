import { BarChart3 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { AppShell } from "@/components/layout";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useToken } from "@/features/tokens/api/get-token";
import { useUserTokens } from "@/features/tokens/api/get-user-tokens";
import { TokenFacts } from "@/features/tokens/components/token-facts";
import { useSession } from "@/lib/session";

/** Today's real, chain-read facts for the chosen token; scores arrive with the analytics engine. */
function ChainFacts({ mint }: { mint: string }) {
  const details = useToken(mint);
  if (details.isPending) return <Skeleton className="h-64 rounded-xl" />;
  if (!details.data)
    return <p className="text-sm text-muted-foreground">Could not read this token from the chain.</p>;
  return <TokenFacts details={details.data} />;
}

/** /analytics: honest for now. No sample scores: the engine that computes them comes in a later release. */
export default function AnalyticsPage() {
  const { user, isLoading } = useSession();
  const tokens = useUserTokens(user?.id);
  const [chosen, setChosen] = useState<string>();
  const launched = tokens.data?.filter((t) => t.isLaunched && t.mintAddress) ?? [];
  const selected = launched.find((t) => t.mintAddress === chosen) ?? launched[0];

  return (
    <AppShell className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
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
                <Link href="/auth">Sign in</Link>
              </Button>
            }
          />
        ) : null}
        {user && tokens.isPending ? <Skeleton className="h-20 rounded-xl" /> : null}
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
            <Card>
              <CardHeader>
                <CardTitle as="h2">Trust scores arrive in a coming release</CardTitle>
                <CardDescription>
                  Transparency, community engagement and reputation scores, explained factor by factor and
                  exportable, are being built on your real chain data. We do not show sample figures in the
                  meantime. Below is what the chain already proves about {selected.symbol}.
                </CardDescription>
              </CardHeader>
            </Card>
            <ChainFacts mint={selected.mintAddress} />
          </>
        ) : null}
      </div>
    </AppShell>
  );
}
