import { counted, formatAmount, groupDigits } from "@shared/amounts";
import type { RewardStanding, UnlockType } from "@shared/schemas/rewards";

// Unlock conditions as people read them, and where a holder stands (docs/rewards.md). Pure:
// the figures come from the indexer (rewards.repo.ts), the clock from the chain.

export const DAY_MS = 86_400_000;

export interface Condition {
  type: UnlockType;
  /** holding_*: base units; engagement: the percentile (1-100). */
  amount: bigint;
  days: number | null;
}

export interface TokenUnits {
  symbol: string;
  decimals: number;
}

const tokens = (units: bigint, t: TokenUnits) =>
  `${groupDigits(formatAmount(units, t.decimals))} ${t.symbol}`;
/** "400 more ART", "545.71 more ART": two decimals at most, as balances are shown, rounded up
 * (holding what it says is always enough). */
const more = (units: bigint, t: TokenUnits) => {
  const step = 10n ** BigInt(Math.max(0, t.decimals - 2));
  const shown = ((units + step - 1n) / step) * step;
  return `${groupDigits(formatAmount(shown, t.decimals))} more ${t.symbol}`;
};

/** The share of holders an engagement percentile admits: percentile 85 = the top 15%. */
export function topShare(percentile: bigint): number {
  return Math.max(1, 100 - Number(percentile));
}

/** "Hold 1,000 ART", "Hold 1,000 ART for 90 days", "Top 15% by engagement". */
export function conditionText(c: Condition, t: TokenUnits): string {
  if (c.type === "holding_amount") return `Hold ${tokens(c.amount, t)}`;
  if (c.type === "holding_duration") return `Hold ${tokens(c.amount, t)} for ${counted(c.days ?? 0, "day")}`;
  return `Top ${topShare(c.amount)}% by engagement`;
}

/** What the indexer says of one wallet, for the condition's type. */
export type Facts =
  | { type: "holding_amount"; balance: bigint }
  | {
      type: "holding_duration";
      balance: bigint;
      /** The lowest balance over [now - days, now]. */
      minInWindow: bigint;
      /** Since when the balance has stayed >= the amount (null when it is below now). */
      aboveSince: Date | null;
    }
  | { type: "engagement"; score: number; rank: number | null; holders: number };

/** How many holders (ranked by score, ties share a rank) the engagement condition admits. */
export function engagementSlots(percentile: bigint, holders: number): number {
  return Math.max(1, Math.ceil((holders * topShare(percentile)) / 100));
}

export function standingOf(
  c: Condition,
  facts: Facts,
  t: TokenUnits,
  now: number,
): Omit<RewardStanding, "claimedMint"> {
  if (facts.type === "holding_amount") {
    const eligible = facts.balance >= c.amount;
    return {
      eligible,
      missing: eligible ? null : `Hold ${more(c.amount - facts.balance, t)}`,
      progress: fraction(facts.balance, c.amount),
    };
  }
  if (facts.type === "holding_duration") {
    const days = c.days ?? 0;
    const eligible = facts.balance >= c.amount && facts.minInWindow >= c.amount;
    if (eligible) return { eligible, missing: null, progress: 100 };
    if (facts.balance < c.amount)
      return {
        eligible,
        missing: `Hold ${more(c.amount - facts.balance, t)} for ${counted(days, "day")}`,
        progress: Math.floor(fraction(facts.balance, c.amount) / 2),
      };
    const heldMs = facts.aboveSince ? Math.max(0, now - facts.aboveSince.getTime()) : 0;
    const leftDays = Math.max(1, Math.ceil((days * DAY_MS - heldMs) / DAY_MS));
    return {
      eligible,
      missing: `Keep holding ${tokens(c.amount, t)} for ${counted(leftDays, "more day")}`,
      progress: 50 + Math.min(49, Math.floor((heldMs * 50) / (days * DAY_MS))),
    };
  }
  const slots = engagementSlots(c.amount, facts.holders);
  const eligible = facts.score > 0 && facts.rank !== null && facts.rank <= slots;
  if (eligible) return { eligible, missing: null, progress: 100 };
  const share = topShare(c.amount);
  return {
    eligible,
    missing:
      facts.rank === null
        ? `Hold ${t.symbol} and take part (agent chats, trades, transfers) to reach the top ${share}%`
        : `Reach the top ${share}% by engagement: you rank ${groupDigits(String(facts.rank))} of ${groupDigits(String(facts.holders))}`,
    progress:
      facts.rank === null || facts.holders === 0
        ? 0
        : Math.min(99, Math.floor((100 * (facts.holders - facts.rank + 1)) / facts.holders)),
  };
}

function fraction(have: bigint, need: bigint): number {
  if (need <= 0n) return 100;
  if (have >= need) return 100;
  return Number((have * 100n) / need);
}
