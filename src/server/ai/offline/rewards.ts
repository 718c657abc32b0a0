import { counted } from "@shared/amounts";
import { formatTokenText } from "@shared/market/format";
import type { RewardDraft } from "@shared/schemas/rewards";
import type { RewardDraftRequest } from "../engine";
import { tokenize } from "./text";

export const OFFLINE_REWARDS_LABEL = "drafted offline";

/** What a prompt's words say the fans are called ("something for my early listeners"). */
const AUDIENCES: ReadonlyArray<[RegExp, string]> = [
  [/^(listen|music|song|album|track|beat|fan)/, "Listener"],
  [/^(read|book|novel|writ|poem|newsletter)/, "Reader"],
  [/^(watch|stream|video|viewer|channel)/, "Viewer"],
  [/^(student|learn|course|class|lesson|teach)/, "Student"],
  [/^(player|game|gaming)/, "Player"],
  [/^(collector|art|paint|print)/, "Collector"],
];
const EARLY = /^(early|first|founding|og|original|day1|launch)/;

/** Reward ideas from the community's own figures: a holding amount near the top quartile's
 * balance, a holding time within the token's age, an engagement percentile, and a welcome
 * badge. The creator's prompt picks the audience's name and which idea leads. */
export function draftRewardsOffline(request: RewardDraftRequest): RewardDraft[] {
  const { token, fans } = request;
  const words = tokenize(request.prompt ?? "");
  const audience = AUDIENCES.find(([pattern]) => words.some((w) => pattern.test(w)))?.[1] ?? "Supporter";
  const early = words.some((w) => EARLY.test(w));
  const sym = token.symbol;
  const known = fans.count > 0;
  // Within reach: never more than a tenth of the supply (a token of 50 has no holder of 1,000,
  // and one of 1,000 whose creator holds it all has no fan who can hold all of it).
  const reach = niceFloor((BigInt(token.supply) / 10n).toString());
  const reachable = (amount: string) => (BigInt(amount) > BigInt(reach) ? reach : amount);
  const topAmount = reachable(niceFloor(known ? fans.topQuartileBalance : "1000"));
  const medianAmount = reachable(niceFloor(known ? fans.medianBalance : "100"));
  // Within the token's age, so the longest-standing fans can already be close to it.
  const days = clamp(Math.floor(Math.max(token.ageDays, fans.longestHeldDays) / 2), 1, 90);
  const percentile = fans.count >= 10 ? 90 : 75;
  const community = known
    ? `${counted(fans.count, "fan")} ${fans.count === 1 ? "holds" : "hold"} ${sym} today`
    : `No fans hold ${sym} yet, so these are starting points`;
  // Amounts in the text as the app writes them (grouped); the unlock values stay plain digits.
  const topText = `${formatTokenText(topAmount)} ${sym}`;
  const medianText = `${formatTokenText(medianAmount)} ${sym}`;
  // A quarter or a half of fewer than four fans says nothing: name the biggest holding instead.
  const few = fans.count < 4;

  const inner: RewardDraft = {
    title: `Inner Circle ${audience}`,
    description: `For the ${audience.toLowerCase()}s who hold the most ${sym}. A numbered collectible that says you were in the inner circle.`,
    rarity: "legendary",
    totalSupply: roundUp(Math.max(10, Math.ceil(fans.count / 4) * 2), 10),
    soulbound: false,
    unlockCondition: { type: "holding_amount", value: topAmount, days: undefined },
    rationale: !known
      ? `${community}: ${topText} marks a committed holder.`
      : few
        ? `${community}, the most ${formatTokenText(fans.topQuartileBalance)} ${sym}: ${topText} keeps this for the biggest holders as more fans arrive.`
        : `${community}; the top quarter hold ${formatTokenText(fans.topQuartileBalance)} ${sym} or more, so ${topText} reaches about a quarter of them.`,
  };
  const loyal: RewardDraft = {
    title: early ? `Early ${audience}` : `Diamond Hands ${audience}`,
    description: `A badge for holding at least ${medianText} for ${counted(days, "day")} in a row. It stays with the wallet that earned it.`,
    rarity: "epic",
    totalSupply: roundUp(Math.max(25, fans.count * 2), 25),
    soulbound: true,
    unlockCondition: { type: "holding_duration", value: medianAmount, days },
    rationale: !known
      ? `${community}: ${counted(days, "day")} rewards the first fans for staying.`
      : few
        ? `${community}, and the longest-standing has held for ${counted(fans.longestHeldDays, "day")}: ${medianText} for ${counted(days, "day")} rewards staying, not buying late.`
        : `Half of them hold ${formatTokenText(fans.medianBalance)} ${sym} or more, and the longest-standing has held for ${counted(fans.longestHeldDays, "day")}: ${counted(days, "day")} rewards staying, not buying late.`,
  };
  const top: RewardDraft = {
    title: `Top ${100 - percentile}% ${audience}`,
    description: `For the most engaged ${audience.toLowerCase()}s of ${token.name}: the top ${100 - percentile}% by time and amount held.`,
    rarity: "rare",
    totalSupply: roundUp(Math.max(10, Math.ceil((fans.count * (100 - percentile)) / 100) * 3), 10),
    soulbound: true,
    unlockCondition: { type: "engagement", value: String(percentile), days: undefined },
    rationale: `${community}; the ${ordinal(percentile)} percentile keeps it to the top ${100 - percentile}% as the community grows.`,
  };
  const welcome: RewardDraft = {
    title: `Welcome ${audience}`,
    description: `A first collectible for everyone who holds ${sym}, to show you joined ${token.name}.`,
    rarity: "common",
    totalSupply: roundUp(Math.max(100, fans.count * 4), 100),
    soulbound: false,
    unlockCondition: { type: "holding_amount", value: "1", days: undefined },
    rationale: `${community}; holding 1 ${sym} is enough, so every fan can start a collection.`,
  };
  return early ? [loyal, inner, top, welcome] : [inner, loyal, top, welcome];
}

/** Rounded down to two significant digits ("12345.6" -> "12000"), at least 1 token. */
function niceFloor(wholeTokens: string): string {
  const digits = wholeTokens.split(".")[0]?.replace(/^0+/, "") ?? "";
  if (!digits) return "1";
  return digits.length <= 2 ? digits : digits.slice(0, 2) + "0".repeat(digits.length - 2);
}

function roundUp(value: number, step: number): number {
  return Math.min(100_000, Math.ceil(value / step) * step);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function ordinal(n: number): string {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${tail}`;
}
