import { formatAmount, groupDigits } from "@shared/amounts";
import { formatTokenText } from "@shared/market/format";
import { ExternalLink, Globe } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "wouter";
import { PageShell } from "@/components/layout";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { PublicAnalytics } from "@/features/analytics/components/public-analytics";
import { TokenPosts } from "@/features/analytics/components/token-posts";
import { useMarket } from "@/features/market/api/get-market";
import { MarketSummary } from "@/features/market/components/market-summary";
import { NoMarket } from "@/features/market/components/no-market";
import { PriceChart } from "@/features/market/components/price-chart";
import { RecentTrades } from "@/features/market/components/recent-trades";
import { TradePanel } from "@/features/market/components/trade-panel";
import { useMarketLive } from "@/features/market/hooks/use-market-live";
import { useToken } from "@/features/tokens/api/get-token";
import { HoldersTable } from "@/features/tokens/components/holders-table";
import { TokenFacts } from "@/features/tokens/components/token-facts";
import { TrustChecklist, TrustPanel } from "@/features/trust";
import { GetTestSolButton } from "@/features/wallet/components/get-test-sol-button";
import { WalletSetup } from "@/features/wallet/components/wallet-setup";
import { ApiError } from "@/lib/api";
import { useNetwork } from "@/lib/network";
import { useSession } from "@/lib/session";
import { usePageTitle } from "@/lib/use-page-title";

/** The token's market: summary, trade panel, chart and trades; or the way to open one. */
function MarketSection({
  mint,
  symbol,
  creatorWallet,
}: {
  mint: string;
  symbol: string;
  creatorWallet: string;
}) {
  const market = useMarket(mint);
  // Pushed while the section is shown: anyone's trade moves the price, chart and trades here.
  useMarketLive(mint);
  const { user } = useSession();
  const isCreator = Boolean(user?.wallets.some((w) => w.publicKey === creatorWallet));
  // Opened here just now: the open-market panel is replaced, so focus goes to the market's heading.
  const [opened, setOpened] = useState(false);
  if (market.isPending) return <Skeleton className="h-64 rounded-xl" aria-busy="true" />;
  // No market answers "none"; a 404 here means the same to a reader.
  const none =
    market.data?.status === "none" || (market.error instanceof ApiError && market.error.status === 404);
  if (none)
    return <NoMarket mint={mint} symbol={symbol} isCreator={isCreator} onOpened={() => setOpened(true)} />;
  if (!market.data)
    return (
      <p role="alert" className="text-sm text-destructive-soft-foreground">
        Could not load this token&apos;s market. Reload the page.
      </p>
    );
  return (
    <section aria-label="Market" className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] [&>*]:min-w-0">
        <div className="flex flex-col gap-6">
          <MarketSummary market={market.data} symbol={symbol} focusHeading={opened} />
          <PriceChart mint={mint} symbol={symbol} />
        </div>
        <div className="flex flex-col gap-6">
          <TradePanel
            mint={mint}
            market={market.data}
            symbol={symbol}
            getTestSol={(publicKey) => <GetTestSolButton publicKey={publicKey} />}
            walletSetup={<WalletSetup />}
          />
        </div>
      </div>
      <RecentTrades mint={mint} symbol={symbol} decimals={market.data.decimals} />
    </section>
  );
}

/** The trust score for everyone beside the chain facts it reads (its checklist above them for
 * the token's creator), so the score and what it is computed from are read together. */
function TrustSection({
  mint,
  creatorWallet,
  children,
}: {
  mint: string;
  creatorWallet: string;
  children: ReactNode;
}) {
  const { user } = useSession();
  const isCreator = Boolean(user?.wallets.some((w) => w.publicKey === creatorWallet));
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2 [&>*]:min-w-0">
      <TrustPanel mint={mint} />
      <div className="flex min-w-0 flex-col gap-6">
        {isCreator ? <TrustChecklist mint={mint} /> : null}
        {children}
      </div>
    </div>
  );
}

/** /token/:mint: the public page of one token, read back from the ledger. */
export default function TokenPage() {
  const { mint = "" } = useParams<{ mint: string }>();
  const query = useToken(mint);
  const market = useMarket(mint);
  const network = useNetwork();
  const explorer = network.explorerUrl(mint);
  const details = query.data;
  // The server named the page after the token already; moving here in the app names it too.
  usePageTitle(
    details ? `${details.token.name} ($${details.token.symbol})` : query.isError ? "Token not found" : null,
  );
  const facts = details ? (
    <>
      <TokenFacts details={details} />
      <HoldersTable
        holders={details.holders}
        holderCount={details.holderCount}
        symbol={details.token.symbol}
        creatorWallet={details.token.creatorWallet}
        onCurve={
          market.data?.vault
            ? formatAmount(BigInt(market.data.realTokenReserves), market.data.decimals)
            : null
        }
      />
    </>
  ) : null;

  return (
    <PageShell className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        {query.isPending ? (
          <div className="flex flex-col gap-4" aria-busy="true">
            <Skeleton className="h-24 rounded-xl" />
            <Skeleton className="h-64 rounded-xl" />
          </div>
        ) : null}
        {query.isError ? (
          <EmptyState
            headingLevel="h2"
            title={
              // A mistyped address (400 "Invalid mint address") is as not-found as an unknown one.
              query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)
                ? "Token not found"
                : "Could not load this token"
            }
            description="Check the mint address, or browse your portfolio."
            action={
              <Button asChild variant="outline">
                <Link href="/dashboard">My Token Portfolio</Link>
              </Button>
            }
          />
        ) : null}
        {details ? (
          <>
            <header className="flex flex-wrap items-start gap-4">
              {details.token.imageUrl ? (
                <img src={details.token.imageUrl} alt="" className="size-16 rounded-full object-cover" />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-16 items-center justify-center rounded-full bg-gradient-brand text-2xl font-bold text-white"
                >
                  {details.token.symbol.charAt(0)}
                </span>
              )}
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h1 className="min-w-0 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
                    {details.token.name}
                  </h1>
                  <Badge variant="secondary">${details.token.symbol}</Badge>
                  <Badge variant={details.token.isLaunched ? "success" : "warning"}>
                    {details.token.isLaunched ? "Live" : "Pending"}
                  </Badge>
                  {details.creator.isDemo ? <Badge variant="outline">Demo</Badge> : null}
                </div>
                {details.token.tagline ? (
                  <p className="mt-1 text-lg italic text-muted-foreground [overflow-wrap:anywhere]">
                    {details.token.tagline}
                  </p>
                ) : null}
                <p className="mt-1 text-sm text-muted-foreground">
                  by {details.creator.username ? `@${details.creator.username}` : "a wallet-only creator"} ·{" "}
                  {network.label}
                </p>
              </div>
            </header>
            <p className="max-w-3xl [overflow-wrap:anywhere]">
              {details.token.description || "No description provided"}
            </p>
            <div className="flex flex-wrap items-center gap-2 rounded-lg bg-muted px-3 py-2">
              <span className="text-sm text-muted-foreground">Mint</span>
              <code className="min-w-0 flex-1 break-all font-mono text-xs" data-testid="token-mint">
                {details.token.mintAddress ?? mint}
              </code>
              <CopyButton
                value={details.token.mintAddress ?? mint}
                label="Copy mint address"
                size="icon-sm"
                variant="ghost"
              />
              {explorer ? (
                <Button asChild size="sm" variant="outline">
                  <a href={explorer} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" />
                    Solana Explorer
                  </a>
                </Button>
              ) : null}
            </div>
            <dl className="grid gap-4 sm:grid-cols-3 [&>*]:min-w-0">
              <div className="rounded-xl border border-border p-4">
                <dt className="text-sm text-muted-foreground">Total supply</dt>
                <dd className="text-xl font-semibold tabular-nums">
                  {groupDigits(details.token.totalSupply)}
                </dd>
              </div>
              <div className="rounded-xl border border-border p-4">
                <dt className="text-sm text-muted-foreground">Circulating supply</dt>
                <dd className="text-xl font-semibold tabular-nums">
                  {formatTokenText(details.token.circulatingSupply)}
                </dd>
                <dd className="mt-1 text-xs text-muted-foreground">
                  In fans' hands: the supply less the creator's wallet and the curve's vault.
                </dd>
              </div>
              <div className="rounded-xl border border-border p-4">
                <dt className="text-sm text-muted-foreground">Holders</dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid="holder-count">
                  {/* Counted as /analytics and the trust score count them: the vault is no holder. */}
                  {details.holderCount.toLocaleString("en-US")}
                </dd>
              </div>
            </dl>
            {details.token.isLaunched && details.token.mintAddress ? (
              <div id="market" className="scroll-mt-20">
                <MarketSection
                  mint={details.token.mintAddress}
                  symbol={details.token.symbol}
                  creatorWallet={details.token.creatorWallet}
                />
              </div>
            ) : null}
            {details.token.website ? (
              <a
                href={details.token.website}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-link underline underline-offset-4"
              >
                <Globe aria-hidden="true" className="size-4" />
                {details.token.website.replace(/^https?:\/\//, "")}
              </a>
            ) : null}
            {details.token.isLaunched && details.token.mintAddress ? (
              <>
                <TokenPosts mint={details.token.mintAddress} symbol={details.token.symbol} />
                <TrustSection mint={details.token.mintAddress} creatorWallet={details.token.creatorWallet}>
                  {facts}
                </TrustSection>
                <PublicAnalytics mint={details.token.mintAddress} />
              </>
            ) : (
              <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">{facts}</div>
            )}
          </>
        ) : null}
      </div>
    </PageShell>
  );
}
