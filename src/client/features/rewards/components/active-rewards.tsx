import type { Reward } from "@shared/schemas/rewards";
import { Gift } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useActiveRewards } from "../api/get-rewards";
import { useClaimReward, useMyRewards } from "../api/manage-rewards";
import { usePauseReward } from "../hooks/use-pause-reward";
import { RewardCard, rewardTitleId } from "./reward-card";

/** The Active Rewards grid, for one token or all of them. A fan claims from a card. */
export function ActiveRewards({
  tokenMint,
  userId,
  ownMints,
  focusRewardId = null,
  onFocused,
}: {
  tokenMint: string | null;
  userId: string | null;
  /** Mints of the tokens the viewer created. */
  ownMints: ReadonlySet<string>;
  /** A reward just created: its card's heading takes focus and scrolls into view once listed. */
  focusRewardId?: string | null;
  onFocused?(): void;
}) {
  const rewards = useActiveRewards(tokenMint, userId);
  const claim = useClaimReward();
  const pause = usePauseReward();
  // A creator's paused rewards stay in their view, badged Paused, to be resumed where they
  // were paused (fans no longer see them).
  const mine = useMyRewards(userId ?? "", userId !== null && ownMints.size > 0);
  const listed = useMemo(() => {
    const active = rewards.data ?? [];
    const shown = new Set(active.map((r) => r.id));
    const paused = (mine.data ?? []).filter(
      (r) =>
        !r.isActive &&
        r.status === "active" &&
        !shown.has(r.id) &&
        ownMints.has(r.tokenMint) &&
        (tokenMint === null || r.tokenMint === tokenMint),
    );
    return [...active, ...paused].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, [rewards.data, mine.data, ownMints, tokenMint]);

  // The form that had focus is gone (the view switched here): focus goes to the new card
  // rather than falling to <body>, and the card is brought to the middle of the screen, clear
  // of the sticky header.
  useEffect(() => {
    if (!focusRewardId || !rewards.data) return;
    const heading = document.getElementById(rewardTitleId(focusRewardId));
    if (!heading && rewards.isFetching) return;
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({ block: "center" });
    onFocused?.();
  }, [focusRewardId, rewards.data, rewards.isFetching, onFocused]);

  if (rewards.isPending)
    return (
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    );
  if (rewards.isError)
    return (
      <EmptyState
        icon={<Gift />}
        title="Rewards could not be loaded"
        description={errorMessage(rewards.error, "Failed to load rewards")}
        action={
          <Button variant="outline" onClick={() => rewards.refetch()}>
            Try again
          </Button>
        }
      />
    );
  if (listed.length === 0)
    return (
      <EmptyState
        icon={<Gift />}
        title="No active rewards yet"
        description="When a creator sets up a reward, it shows here with what it takes to earn it."
      />
    );

  const onClaim = (reward: Reward) =>
    claim.mutate(reward.id, {
      onSuccess: () =>
        toast({
          title: "Reward Claimed",
          description: `${reward.title} is in your collection.`,
          variant: "success",
        }),
      onError: (err) =>
        toast({
          title: "Claim failed",
          description: errorMessage(err, "Failed to claim reward"),
          variant: "destructive",
        }),
    });

  return (
    <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {listed.map((reward) => (
        <li key={reward.id}>
          <RewardCard
            reward={reward}
            signedIn={userId !== null}
            ownToken={ownMints.has(reward.tokenMint)}
            claiming={claim.isPending && claim.variables === reward.id}
            onClaim={onClaim}
            pausing={pause.pending(reward)}
            onTogglePause={pause.toggle}
          />
        </li>
      ))}
    </ul>
  );
}
