import { Gem } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { useCollection } from "../api/get-collection";
import { RarityBadge } from "./rarity";

/** The fan's reward NFTs, read from chain, with their images. */
export function MyCollection({ userId, onViewActive }: { userId: string; onViewActive(): void }) {
  const collection = useCollection(userId);

  if (collection.isPending)
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
        <Skeleton className="aspect-square" />
        <Skeleton className="aspect-square" />
      </div>
    );
  if (collection.isError)
    return (
      <EmptyState
        icon={<Gem />}
        title="Your collection could not be loaded"
        description={errorMessage(collection.error, "Failed to load your NFTs")}
        action={
          <Button variant="outline" onClick={() => collection.refetch()}>
            Try again
          </Button>
        }
      />
    );
  if (collection.data.length === 0)
    return (
      <EmptyState
        headingLevel="h2"
        icon={<Gem />}
        title="No NFTs Yet"
        description="Start engaging with the community to earn your first NFT rewards!"
        action={
          <Button variant="primary" onClick={onViewActive}>
            View Active Rewards
          </Button>
        }
      />
    );
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="My reward NFTs">
      {collection.data.map((nft) => (
        <li key={nft.nftMint}>
          <Card className="overflow-hidden">
            <img
              src={nft.imageUrl}
              alt={nft.title}
              loading="lazy"
              className="aspect-square w-full bg-muted object-cover"
            />
            <CardContent className="flex flex-col gap-1.5 pt-4">
              <h3 className="font-semibold leading-tight">
                {nft.title} <span className="text-muted-foreground">#{nft.number}</span>
              </h3>
              <p className="text-xs text-muted-foreground">${nft.tokenSymbol}</p>
              <div className="flex flex-wrap gap-1.5">
                <RarityBadge rarity={nft.rarity} />
                {nft.soulbound ? <Badge variant="outline">Soulbound</Badge> : null}
              </div>
              <p className="truncate font-mono text-xs text-muted-foreground" title={nft.nftMint}>
                {nft.nftMint}
              </p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
