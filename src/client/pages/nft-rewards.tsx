import { Gift } from "lucide-react";
import { Link } from "wouter";
import { AppShell } from "@/components/layout";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** /nft-rewards: honest for now. Real Token-2022 NFT rewards come in a later release; no sample data. */
export default function NftRewardsPage() {
  return (
    <AppShell className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <header>
          <h1 className="text-3xl font-bold tracking-tight">NFT Rewards Engine</h1>
          <p className="text-muted-foreground">Automatically reward your most loyal community members</p>
        </header>
        <EmptyState
          headingLevel="h2"
          icon={<Gift />}
          title="Rewards arrive in a coming release"
          description="You will set unlock conditions (holding amount, holding time, engagement) and fans who meet them receive real NFTs on chain. Until then there is nothing to show, and we will not show made-up figures."
          action={
            <>
              <Button asChild variant="primary">
                <Link href="/dashboard">My Token Portfolio</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href="/create">Create a token</Link>
              </Button>
            </>
          }
        />
      </div>
    </AppShell>
  );
}
