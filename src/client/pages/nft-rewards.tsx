import { Rocket, TriangleAlert } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Link } from "wouter";
import { PageShell } from "@/components/layout";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import {
  ActiveRewards,
  CreateReward,
  MyCollection,
  MyRewards,
  SignInNeeded,
  StatCards,
  TopCollectors,
  useActiveRewards,
  useRewardStats,
} from "@/features/rewards";
import { useUserTokens } from "@/features/tokens/api/get-user-tokens";
import { errorMessage } from "@/lib/api";
import { useSession } from "@/lib/session";
import { usePageTitle } from "@/lib/use-page-title";

type Tab = "overview" | "active" | "collection" | "create";
const ALL = "all";

/** /nft-rewards (spec section 2): Overview, Active Rewards, My Collection, Create Reward.
 * Everything is live: rewards are Token-2022 collections, NFTs are read from chain. */
export default function NftRewardsPage() {
  usePageTitle("NFT Rewards");
  const { user, isLoading: sessionLoading } = useSession();
  const userId = user?.id ?? null;
  const [tab, setTab] = useState<Tab>("overview");
  const [filter, setFilter] = useState<string>(ALL);
  // The reward just created: Active Rewards focuses its card.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const clearCreated = useCallback(() => setCreatedId(null), []);
  const tokenMint = filter === ALL ? null : filter;
  const stats = useRewardStats(tokenMint);
  // The filter offers the tokens that have rewards (from the unfiltered list).
  const everything = useActiveRewards(null, userId);
  const rewardTokens = useMemo(() => {
    const seen = new Map<string, string>();
    for (const r of everything.data ?? []) seen.set(r.tokenMint, `${r.tokenName} ($${r.tokenSymbol})`);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [everything.data]);
  const tokens = useUserTokens(user?.id);
  const live = (tokens.data ?? [])
    .filter((t) => t.status === "active" && t.mintAddress)
    .map((t) => ({ mint: t.mintAddress ?? "", symbol: t.symbol, name: t.name }));
  const ownMints = new Set(live.map((t) => t.mint));

  const tokenFilter = (
    <Field label="Token" className="w-full sm:w-72">
      <Select
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        options={[{ value: ALL, label: "All tokens" }, ...rewardTokens]}
      />
    </Field>
  );

  return (
    <PageShell className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <header>
          <h1 className="text-3xl font-bold tracking-tight">NFT Rewards Engine</h1>
          <p className="text-muted-foreground">Automatically reward your most loyal community members</p>
        </header>
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <TabsList aria-label="NFT rewards" className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="active">Active Rewards</TabsTrigger>
            <TabsTrigger value="collection">My Collection</TabsTrigger>
            <TabsTrigger value="create">Create Reward</TabsTrigger>
          </TabsList>
          <TabsContent value="overview" className="flex flex-col gap-6">
            {tokenFilter}
            {stats.isError ? (
              <EmptyState
                headingLevel="h2"
                icon={<TriangleAlert />}
                title="The reward figures could not be loaded"
                description={errorMessage(stats.error, "Failed to load reward figures")}
                action={
                  <Button variant="outline" onClick={() => stats.refetch()}>
                    Try again
                  </Button>
                }
              />
            ) : (
              <>
                <StatCards stats={stats.data} isLoading={stats.isPending} />
                <TopCollectors collectors={stats.data?.topCollectors} isLoading={stats.isPending} />
              </>
            )}
          </TabsContent>
          <TabsContent value="active" className="flex flex-col gap-6">
            {tokenFilter}
            <ActiveRewards
              tokenMint={tokenMint}
              userId={userId}
              ownMints={ownMints}
              focusRewardId={createdId}
              onFocused={clearCreated}
            />
          </TabsContent>
          <TabsContent value="collection">
            {sessionLoading ? (
              <Spinner label="Loading" />
            ) : userId ? (
              <MyCollection userId={userId} onViewActive={() => setTab("active")} />
            ) : (
              <SignInNeeded what="see the reward NFTs you hold" />
            )}
          </TabsContent>
          <TabsContent value="create">
            {sessionLoading || (userId && tokens.isPending) ? (
              <Spinner label="Loading" />
            ) : !userId ? (
              <SignInNeeded what="create rewards for your token's holders" />
            ) : live.length === 0 ? (
              <EmptyState
                headingLevel="h2"
                icon={<Rocket />}
                title="Launch a token first"
                description="Rewards go to the holders of a token you launched."
                action={
                  <Button asChild variant="primary">
                    <Link href="/create">Create a token</Link>
                  </Button>
                }
              />
            ) : (
              <div className="flex flex-col gap-6">
                <CreateReward
                  tokens={live}
                  onCreated={(reward) => {
                    setCreatedId(reward.id);
                    setTab("active");
                  }}
                />
                <MyRewards userId={userId} />
              </div>
            )}
          </TabsContent>
        </Tabs>
      </div>
    </PageShell>
  );
}
