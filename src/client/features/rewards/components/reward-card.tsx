import type { Reward } from "@shared/schemas/rewards";
import { Check, Lock } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { useSignInHere } from "@/lib/return-to";
import { pauseLabel } from "../hooks/use-pause-reward";
import { mintedOfSupply } from "../lib/figures";
import { RarityBadge, RarityIcon } from "./rarity";

/** The id of a reward card's heading (the card is labelled by it; focus goes to it). */
export const rewardTitleId = (rewardId: string) => `reward-${rewardId}-title`;

/** One reward: icon by rarity, title, RARITY and Active (or Paused) badges, description,
 * Minted Progress (minted / total supply), the unlock condition; for a signed-in fan where
 * they stand, for its creator Pause or Resume. */
export function RewardCard({
  reward,
  signedIn,
  ownToken,
  claiming,
  onClaim,
  pausing = false,
  onTogglePause,
}: {
  reward: Reward;
  signedIn: boolean;
  /** The viewer created the token: its rewards are for the fans, not for them. */
  ownToken: boolean;
  claiming: boolean;
  onClaim(reward: Reward): void;
  /** The creator's pause or resume of this reward is on its way. */
  pausing?: boolean;
  /** The creator pauses or resumes it (shown on their own token's rewards). */
  onTogglePause?(reward: Reward): void;
}) {
  const percent = reward.totalSupply > 0 ? Math.round((reward.mintedCount / reward.totalSupply) * 100) : 0;
  const titleId = rewardTitleId(reward.id);
  return (
    <Card className="flex h-full flex-col" aria-labelledby={titleId} role="article">
      <CardContent className="flex flex-1 flex-col gap-4 pt-6">
        <div className="flex items-start gap-3">
          <RarityIcon rarity={reward.rarity} />
          <div className="min-w-0 flex-1">
            <h3 id={titleId} tabIndex={-1} className="font-semibold leading-tight focus-visible:outline-none">
              {reward.title}
            </h3>
            <p className="text-xs text-muted-foreground">
              {reward.tokenName} (${reward.tokenSymbol})
            </p>
            <div className="mt-1 flex flex-wrap gap-1.5">
              <RarityBadge rarity={reward.rarity} />
              {reward.isActive ? (
                <Badge variant="success">Active</Badge>
              ) : (
                <Badge variant="warning">Paused</Badge>
              )}
              {reward.status === "pending" ? <Badge variant="outline">Being created on chain</Badge> : null}
              {reward.soulbound ? <Badge variant="outline">Soulbound</Badge> : null}
            </div>
          </div>
        </div>
        {reward.description ? <p className="text-sm text-muted-foreground">{reward.description}</p> : null}
        <div className="flex flex-col gap-1.5">
          <div className="flex justify-between text-sm">
            <span>Minted Progress</span>
            <span className="text-muted-foreground">
              {mintedOfSupply(reward.mintedCount, reward.totalSupply)} ({percent}%)
            </span>
          </div>
          <Progress
            value={reward.mintedCount}
            max={reward.totalSupply}
            label={`${reward.title} minted progress`}
          />
        </div>
        <p className="text-sm">
          <span className="font-medium">Unlock: </span>
          {reward.unlockCondition.description}
        </p>
        <div className="mt-auto">
          {ownToken ? (
            <div className="flex flex-col gap-2">
              <p className="text-sm text-muted-foreground">
                {reward.isActive
                  ? "Your token's reward: it goes to your fans."
                  : "Paused: no claims and no NFTs sent until you resume it."}
              </p>
              {onTogglePause && reward.status === "active" ? (
                <Button
                  variant="outline"
                  className="w-fit"
                  aria-label={`${pauseLabel(reward)}: ${reward.title}`}
                  disabled={pausing}
                  onClick={() => onTogglePause(reward)}
                >
                  {pausing ? <Spinner className="size-4" /> : null}
                  {pauseLabel(reward)}
                </Button>
              ) : null}
            </div>
          ) : (
            <Standing reward={reward} signedIn={signedIn} claiming={claiming} onClaim={onClaim} />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Standing({
  reward,
  signedIn,
  claiming,
  onClaim,
}: {
  reward: Reward;
  signedIn: boolean;
  claiming: boolean;
  onClaim(reward: Reward): void;
}) {
  const signInHere = useSignInHere();
  const standing = reward.standing;
  if (signedIn && standing?.claimedMint)
    return (
      <p className="flex items-center gap-1.5 text-sm font-medium text-success-soft-foreground">
        <Check aria-hidden="true" className="size-4" /> You hold this reward
      </p>
    );
  // Sold out is the answer for everyone else, whether they qualify or not, signed in or not:
  // no progress towards it and no invitation to sign in for it.
  if (reward.mintedCount >= reward.totalSupply)
    return (
      <p className="rounded-md bg-muted p-3 text-sm font-medium">
        Sold out: every NFT of this reward has been minted.
      </p>
    );
  if (!signedIn)
    return (
      <p className="text-sm text-muted-foreground">
        <Link href={signInHere} className="text-link underline-offset-4 hover:underline">
          Sign in
        </Link>{" "}
        to see whether you qualify.
      </p>
    );
  if (!standing) return null;
  if (standing.eligible) {
    const ready = reward.isActive && reward.status === "active";
    return (
      <div className="flex flex-col gap-2">
        <p className="flex items-center gap-1.5 text-sm font-medium text-success-soft-foreground">
          <Check aria-hidden="true" className="size-4" /> You qualify
        </p>
        <Button variant="primary" disabled={!ready || claiming} onClick={() => onClaim(reward)}>
          {claiming ? <Spinner className="size-4" /> : null}
          {`Claim ${reward.title}`}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1.5 rounded-md bg-muted p-3">
      <p className="flex items-center gap-1.5 text-sm font-medium">
        <Lock aria-hidden="true" className="size-4" /> Not yet: {standing.missing}
      </p>
      <Progress value={standing.progress} label={`Your progress towards ${reward.title}`} />
    </div>
  );
}
