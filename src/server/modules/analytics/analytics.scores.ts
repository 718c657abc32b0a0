// The analytics cards' formulas (docs/analytics.md), pure so they are tested on their own.

export const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" of a time, in UTC. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function engagementParts(holders: number, activeHolders: number, actions: number) {
  const participation = holders > 0 ? Math.min(1, activeHolders / holders) : 0;
  const activity = Math.min(1, Math.log10(1 + Math.max(0, actions)) / 2);
  return { participation: 60 * participation, activity: 40 * activity };
}

/** Community engagement, 0-100: 60 points for the share of holders who moved tokens in the
 * window (full when every holder did), 40 for the actions taken (agent chats, platform
 * transfers, trades, reward NFTs received, claimed or sent automatically) on a log scale, full at 99 a week. The holders are the
 * fans: the creator's launch wallet is not one (the service leaves it out). */
export function engagementScore(holders: number, activeHolders: number, actions: number): number {
  const parts = engagementParts(holders, activeHolders, actions);
  return Math.round(parts.participation + parts.activity);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The engagement score explained in a sentence (the glass box): its two parts and why. */
export function engagementWhy(fans: number, activeFans: number, actions: number): string {
  const parts = engagementParts(fans, activeFans, actions);
  const activity = `${plural(actions, "action", "actions")} by fans this week (agent chats, transfers, trades, reward NFTs received) give ${Math.round(parts.activity)} of 40 points`;
  if (fans === 0)
    return `No fan holds the token yet (the creator's launch wallet does not count), so participation gives 0 of 60 points; ${activity}.`;
  return `${activeFans} of ${plural(fans, "fan", "fans")} holding it moved tokens this week: ${Math.round(parts.participation)} of 60 points; ${activity}. The creator's launch wallet does not count.`;
}

/** Creator reputation, 0-100: 20 points for the account's age (full at 90 days), 40 for the
 * share of launched tokens kept alive (held by someone besides the creator), 40 for the share
 * of every wallet that ever held one of the creator's tokens still holding. */
export function reputationScore(input: {
  ageDays: number;
  launched: number;
  alive: number;
  retainedBps: number;
}): number {
  const age = Math.min(1, Math.max(0, input.ageDays) / 90);
  const alive = input.launched > 0 ? input.alive / input.launched : 0;
  return Math.round(20 * age + 40 * alive + 40 * (input.retainedBps / 10_000));
}

export interface HolderDay {
  day: string;
  holders: number;
  newHolders: number;
  lostHolders: number;
}

/** Holders at the end of each of `days` UTC days ending today, walked back from the count
 * now through each day's gained and lost holders; and the count before the first day. */
export function holderSeries(
  nowMs: number,
  days: number,
  holdersNow: number,
  events: ReadonlyArray<{ day: string; gained: number; lost: number }>,
): { series: HolderDay[]; atStart: number } {
  const byDay = new Map(events.map((e) => [e.day, e]));
  const series: HolderDay[] = [];
  let atEnd = holdersNow;
  for (let i = 0; i < days; i++) {
    const day = dayOf(nowMs - i * DAY_MS);
    const e = byDay.get(day);
    const gained = e?.gained ?? 0;
    const lost = e?.lost ?? 0;
    series.push({ day, holders: Math.max(0, atEnd), newHolders: gained, lostHolders: lost });
    atEnd = atEnd - gained + lost;
  }
  return { series: series.reverse(), atStart: Math.max(0, atEnd) };
}

/** A daily series from the token's launch day on: the days before it had no token to chart
 * (a token launched a week ago charts 7 days, not 30 with 23 flat ones before it). */
export function sinceLaunch<T extends { day: string }>(series: T[], launchedAtMs: number): T[] {
  const first = dayOf(launchedAtMs);
  return series.filter((d) => d.day >= first);
}

/** The change of a figure against a previous one (null when there is none). */
export function trendOf(now: number | null, previous: number | null, basis = "7 days ago") {
  return {
    previous,
    change: now !== null && previous !== null ? now - previous : null,
    basis,
  };
}
