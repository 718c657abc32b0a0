import { describe, expect, it } from "vitest";
import { conditionText, DAY_MS, engagementSlots, standingOf } from "./reward-conditions";
import { engagementScore, rankByScore } from "./reward-eligibility";
import { engagementBoost } from "./rewards.service";

// The words and figures of conditions, without a database: texts generated from values, what
// is missing, engagement ranks and the Engagement Boost.

const ART = { symbol: "ART", decimals: 9 };
const tokens = (n: bigint) => n * 10n ** 9n;
const now = Date.parse("2026-11-01T12:00:00Z");

describe("reward conditions", () => {
  it("generates the condition text from its values", () => {
    expect(conditionText({ type: "holding_amount", amount: tokens(1000n), days: null }, ART)).toBe(
      "Hold 1,000 ART",
    );
    expect(conditionText({ type: "holding_duration", amount: tokens(1000n), days: 90 }, ART)).toBe(
      "Hold 1,000 ART for 90 days",
    );
    expect(conditionText({ type: "holding_duration", amount: tokens(1n) / 2n, days: 1 }, ART)).toBe(
      "Hold 0.5 ART for 1 day",
    );
    expect(conditionText({ type: "engagement", amount: 85n, days: null }, ART)).toBe("Top 15% by engagement");
  });

  it("says what is missing as balances are shown: two decimals at most, rounded up", () => {
    const amount = { type: "holding_amount" as const, amount: tokens(1000n), days: null };
    // 454.294282477 held of 1,000: 545.705717523 missing reads 545.71 (enough), not 545.70.
    const standing = standingOf(amount, { type: "holding_amount", balance: 454_294_282_477n }, ART, now);
    expect(standing.missing).toBe("Hold 545.71 more ART");
    const dust = standingOf(amount, { type: "holding_amount", balance: tokens(1000n) - 1n }, ART, now);
    expect(dust.missing).toBe("Hold 0.01 more ART");
  });

  it("says what is missing, in words, with progress", () => {
    const amount = { type: "holding_amount" as const, amount: tokens(1000n), days: null };
    expect(standingOf(amount, { type: "holding_amount", balance: tokens(600n) }, ART, now)).toEqual({
      eligible: false,
      missing: "Hold 400 more ART",
      progress: 60,
    });
    expect(standingOf(amount, { type: "holding_amount", balance: tokens(1000n) }, ART, now).eligible).toBe(
      true,
    );

    const duration = { type: "holding_duration" as const, amount: tokens(1000n), days: 90 };
    const short = standingOf(
      duration,
      { type: "holding_duration", balance: tokens(600n), minInWindow: 0n, aboveSince: null },
      ART,
      now,
    );
    expect(short).toEqual({ eligible: false, missing: "Hold 400 more ART for 90 days", progress: 30 });
    const waiting = standingOf(
      duration,
      {
        type: "holding_duration",
        balance: tokens(1000n),
        minInWindow: 0n,
        aboveSince: new Date(now - 78 * DAY_MS),
      },
      ART,
      now,
    );
    expect(waiting).toMatchObject({ eligible: false, missing: "Keep holding 1,000 ART for 12 more days" });
    const held = standingOf(
      duration,
      { type: "holding_duration", balance: tokens(1000n), minInWindow: tokens(1000n), aboveSince: null },
      ART,
      now,
    );
    expect(held).toEqual({ eligible: true, missing: null, progress: 100 });
  });

  it("ranks engagement with shared ranks for ties and admits the top share (at least one)", () => {
    const ranks = rankByScore([
      { owner: "a", score: 10 },
      { owner: "b", score: 30 },
      { owner: "c", score: 10 },
      { owner: "d", score: 1 },
    ]);
    expect(Object.fromEntries(ranks)).toEqual({ b: 1, a: 2, c: 2, d: 4 });
    expect(engagementSlots(85n, 100)).toBe(15);
    expect(engagementSlots(85n, 3)).toBe(1);
    expect(engagementSlots(100n, 3)).toBe(1);
    const top = { type: "engagement" as const, amount: 50n, days: null };
    expect(standingOf(top, { type: "engagement", score: 10, rank: 2, holders: 4 }, ART, now).eligible).toBe(
      true,
    );
    expect(standingOf(top, { type: "engagement", score: 1, rank: 4, holders: 4 }, ART, now)).toEqual({
      eligible: false,
      missing: "Reach the top 50% by engagement: you rank 4 of 4",
      progress: 25,
    });
    expect(standingOf(top, { type: "engagement", score: 0, rank: 1, holders: 1 }, ART, now).eligible).toBe(
      false,
    );
  });

  it("scores activity with chats and days held capped", () => {
    const since = new Date(now - 400 * DAY_MS);
    expect(engagementScore({ chats: 500, trades: 2, changes: 5, heldSince: since }, now)).toBe(
      100 + 6 + 5 + 365,
    );
    expect(
      engagementScore({ chats: 0, trades: 0, changes: 1, heldSince: new Date(now - DAY_MS + 1) }, now),
    ).toBe(1);
  });

  it("Engagement Boost: collectors' activity per holder against the others', null with too few", () => {
    const rows = (collector: boolean, ...activity: number[]) =>
      activity.map((a) => ({ collector, activity: a }));
    expect(engagementBoost([...rows(true, 4, 6), ...rows(false, 2, 4)])).toBe(67);
    expect(engagementBoost([...rows(true, 4), ...rows(false, 2, 4)])).toBeNull();
    expect(engagementBoost([...rows(true, 4, 6), ...rows(false, 0, 0)])).toBeNull();
  });
});
