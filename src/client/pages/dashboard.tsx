import { Coins, Home, LogIn, Plus } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { PageShell } from "@/components/layout";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useHoldings } from "@/features/tokens/api/get-holdings";
import { useUserTokens } from "@/features/tokens/api/get-user-tokens";
import { HoldingsList } from "@/features/tokens/components/holdings-list";
import { HoldingsSummary } from "@/features/tokens/components/holdings-summary";
import { PortfolioSummary } from "@/features/tokens/components/portfolio-summary";
import { TokenCard } from "@/features/tokens/components/token-card";
import { WalletsPanel } from "@/features/wallet/components/wallets-panel";
import { useLedger } from "@/lib/network";
import { useSignInHere } from "@/lib/return-to";
import { useSession } from "@/lib/session";
import { usePageTitle } from "@/lib/use-page-title";

function SignedOut() {
  const signInHere = useSignInHere();
  return (
    <EmptyState
      headingLevel="h2"
      icon={<LogIn />}
      title="Sign in to see your portfolio"
      description="Your tokens, balances and transfers live behind your account."
      action={
        <>
          <Button asChild variant="primary">
            <Link href={signInHere}>Sign in</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/create">Create a token</Link>
          </Button>
        </>
      }
    />
  );
}

function CardsSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-72 rounded-xl" />
      ))}
    </div>
  );
}

/** /dashboard: the session user's tokens (never a fixed id): what they launched (with the
 * summary) and what they hold, launched by anyone, plus wallets and transfers. */
export default function DashboardPage() {
  usePageTitle("Dashboard");
  const { user, isLoading } = useSession();
  const tokens = useUserTokens(user?.id);
  const holdings = useHoldings(Boolean(user));
  const ledger = useLedger();
  const failed = tokens.isError || holdings.isError;
  const launched = tokens.data;
  const held = holdings.data?.holdings;
  const nothing = launched?.length === 0 && held?.length === 0;
  // A fan who launched nothing sees what they hold, not three zeros about launches.
  const fanOnly = launched?.length === 0 && Boolean(held?.length);

  useEffect(() => {
    if (failed)
      toast({
        title: "Failed to fetch tokens",
        description: "Please reload the page.",
        variant: "destructive",
      });
  }, [failed]);

  return (
    <PageShell className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-6xl flex-col gap-8">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">My Token Portfolio</h1>
            <p className="text-muted-foreground">
              The tokens you launched and the tokens you hold, read from {ledger.data?.label ?? "the chain"}.
            </p>
          </div>
          <div className="flex gap-2">
            <Button asChild variant="ghost">
              <Link href="/">
                <Home aria-hidden="true" />
                Home
              </Link>
            </Button>
            <Button asChild>
              <Link href="/create">
                <Plus aria-hidden="true" />
                Create Token
              </Link>
            </Button>
          </div>
        </header>

        {isLoading ? <Skeleton className="h-28 rounded-xl" /> : null}
        {!isLoading && !user ? <SignedOut /> : null}
        {user ? (
          <>
            {fanOnly ? null : <PortfolioSummary tokens={tokens.data} />}
            {held && held.length > 0 ? <HoldingsSummary holdings={held} /> : null}
            {tokens.isPending || holdings.isPending ? <CardsSkeleton /> : null}
            {nothing ? (
              <EmptyState
                icon={<Coins />}
                title="No Tokens Yet"
                description="Launch your first creator token: the AI drafts it, you review it, it is live in about a minute."
                action={
                  <Button asChild>
                    <Link href="/create">Create Your First Token</Link>
                  </Button>
                }
              />
            ) : null}
            {launched && launched.length > 0 ? (
              <section aria-labelledby="launched-heading" className="flex flex-col gap-4">
                <h2 id="launched-heading" className="text-xl font-semibold">
                  Launched
                </h2>
                <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                  {launched.map((token) => (
                    <TokenCard key={token.id} token={token} />
                  ))}
                </div>
              </section>
            ) : null}
            {held && held.length > 0 ? (
              <section aria-labelledby="holding-heading" className="flex flex-col gap-4">
                <h2 id="holding-heading" className="text-xl font-semibold">
                  Holding
                </h2>
                <HoldingsList holdings={held} />
              </section>
            ) : null}
            <WalletsPanel />
          </>
        ) : null}
      </div>
    </PageShell>
  );
}
