import type { RewardStanding } from "@shared/schemas/rewards";
import {
  type Condition,
  DAY_MS,
  engagementSlots,
  type Facts,
  standingOf,
  type TokenUnits,
} from "./reward-conditions";
import type { RewardRow, RewardsRepo } from "./rewards.repo";

// Who meets a reward's condition, from the indexer's tables only (balance_changes, holders)
// and the platform's own activity records (docs/rewards.md). `now` is the chain's clock: the
// embedded ledger's block times follow the wall clock, which is what it reads.

/** Points of the engagement score (docs/rewards.md, version 1). */
export const ENGAGEMENT = {
  perChat: 1,
  /** Chats count at most this many: talking alone should not outrank holding and trading. */
  maxChats: 100,
  perTrade: 3,
  perBalanceChange: 1,
  perDayHeld: 1,
  maxDaysHeld: 365,
} as const;

export interface EngagementInputs {
  chats: number;
  trades: number;
  changes: number;
  heldSince: Date | null;
}

export function engagementScore(i: EngagementInputs, now: number): number {
  const days = i.heldSince ? Math.floor(Math.max(0, now - i.heldSince.getTime()) / DAY_MS) : 0;
  return (
    Math.min(i.chats, ENGAGEMENT.maxChats) * ENGAGEMENT.perChat +
    i.trades * ENGAGEMENT.perTrade +
    i.changes * ENGAGEMENT.perBalanceChange +
    Math.min(days, ENGAGEMENT.maxDaysHeld) * ENGAGEMENT.perDayHeld
  );
}

/** Holders ranked by score, best first; ties share the better rank. */
export function rankByScore(scores: Array<{ owner: string; score: number }>): Map<string, number> {
  const sorted = [...scores].sort((a, b) => b.score - a.score || a.owner.localeCompare(b.owner));
  const ranks = new Map<string, number>();
  sorted.forEach((s, i) => {
    const prev = sorted[i - 1];
    ranks.set(s.owner, prev && prev.score === s.score ? (ranks.get(prev.owner) ?? i + 1) : i + 1);
  });
  return ranks;
}

interface Deps {
  repo: RewardsRepo;
  now: () => number;
}

export class RewardEligibility {
  constructor(private deps: Deps) {}

  private windowStart(reward: RewardRow, now: number): Date {
    return new Date(now - (reward.unlockDays ?? 0) * DAY_MS);
  }

  private async engagement(mint: string, now: number) {
    const inputs = await this.deps.repo.engagementInputs(mint);
    const scores = inputs.map((i) => ({ owner: i.owner, score: engagementScore(i, now) }));
    return { scores, ranks: rankByScore(scores) };
  }

  /** Every wallet that meets the condition now (for automatic minting). */
  async eligibleOwners(reward: RewardRow): Promise<string[]> {
    const { repo } = this.deps;
    const now = this.deps.now();
    if (reward.unlockType === "holding_amount")
      return repo.holdersWithAtLeast(reward.tokenMint, reward.unlockAmount);
    if (reward.unlockType === "holding_duration")
      return repo.holdersThroughout(reward.tokenMint, reward.unlockAmount, this.windowStart(reward, now));
    const { scores, ranks } = await this.engagement(reward.tokenMint, now);
    const slots = engagementSlots(reward.unlockAmount, scores.length);
    return scores
      .filter((s) => s.score > 0 && (ranks.get(s.owner) ?? Number.POSITIVE_INFINITY) <= slots)
      .sort((a, b) => (ranks.get(a.owner) ?? 0) - (ranks.get(b.owner) ?? 0))
      .map((s) => s.owner);
  }

  /** Where one wallet stands: eligible, and if not, what is missing, in words. */
  async standing(
    reward: RewardRow,
    owner: string,
    token: TokenUnits,
  ): Promise<Omit<RewardStanding, "claimedMint">> {
    const now = this.deps.now();
    const condition: Condition = {
      type: reward.unlockType,
      amount: reward.unlockAmount,
      days: reward.unlockDays,
    };
    return standingOf(condition, await this.facts(reward, owner, now), token, now);
  }

  private async facts(reward: RewardRow, owner: string, now: number): Promise<Facts> {
    const { repo } = this.deps;
    const mint = reward.tokenMint;
    if (reward.unlockType === "holding_amount")
      return { type: "holding_amount", balance: await repo.balance(mint, owner) };
    if (reward.unlockType === "holding_duration") {
      const since = this.windowStart(reward, now);
      const [balance, window] = await Promise.all([
        repo.balance(mint, owner),
        repo.window(mint, owner, since),
      ]);
      const amount = reward.unlockAmount;
      let minInWindow = window.start;
      // Since when the balance has stayed at or above the amount: the change after its last dip.
      let aboveSince: Date | null = window.start >= amount ? since : null;
      for (const c of window.changes) {
        if (c.balanceAfter < minInWindow) minInWindow = c.balanceAfter;
        if (c.balanceAfter < amount) aboveSince = null;
        else if (aboveSince === null) aboveSince = c.blockTime;
      }
      return {
        type: "holding_duration",
        balance,
        minInWindow,
        aboveSince: balance >= amount ? aboveSince : null,
      };
    }
    const { scores, ranks } = await this.engagement(mint, now);
    const mine = scores.find((s) => s.owner === owner);
    return {
      type: "engagement",
      score: mine?.score ?? 0,
      rank: mine ? (ranks.get(owner) ?? null) : null,
      holders: scores.length,
    };
  }
}
