import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  engagementScore,
  holderSeries,
  reputationScore,
  sinceLaunch,
  trendOf,
} from "./analytics.scores";

describe("analytics formulas", () => {
  it("walks holders back from today through each day's gained and lost holders", () => {
    const now = Date.parse("2026-11-23T15:00:00Z");
    const { series, atStart } = holderSeries(now, 3, 10, [
      { day: "2026-11-23", gained: 4, lost: 1 },
      { day: "2026-11-21", gained: 2, lost: 0 },
    ]);
    expect(series).toEqual([
      { day: "2026-11-21", holders: 7, newHolders: 2, lostHolders: 0 },
      { day: "2026-11-22", holders: 7, newHolders: 0, lostHolders: 0 },
      { day: "2026-11-23", holders: 10, newHolders: 4, lostHolders: 1 },
    ]);
    expect(atStart).toBe(5);
    expect(holderSeries(now - DAY_MS, 1, 0, []).series[0]?.day).toBe("2026-11-22");
  });

  it("charts from the launch day on: no days before the token existed", () => {
    const now = Date.parse("2026-11-23T15:00:00Z");
    const { series } = holderSeries(now, 30, 3, [{ day: "2026-11-21", gained: 3, lost: 0 }]);
    const launched = Date.parse("2026-11-21T23:59:00Z");
    expect(sinceLaunch(series, launched).map((d) => d.day)).toEqual([
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
    ]);
    // Launched today: today alone; launched long ago: the whole window.
    expect(sinceLaunch(series, now)).toHaveLength(1);
    expect(sinceLaunch(series, now - 90 * DAY_MS)).toHaveLength(30);
  });

  it("scores engagement from participation (60) and actions on a log scale (40)", () => {
    expect(engagementScore(0, 0, 0)).toBe(0);
    expect(engagementScore(10, 10, 99)).toBe(100);
    expect(engagementScore(10, 5, 0)).toBe(30);
    expect(engagementScore(10, 0, 9)).toBe(20);
    expect(engagementScore(10, 20, 10_000)).toBe(100);
  });

  it("scores reputation from age (20), tokens kept alive (40) and holders retained (40)", () => {
    expect(reputationScore({ ageDays: 0, launched: 1, alive: 0, retainedBps: 0 })).toBe(0);
    expect(reputationScore({ ageDays: 90, launched: 2, alive: 2, retainedBps: 10_000 })).toBe(100);
    expect(reputationScore({ ageDays: 45, launched: 4, alive: 1, retainedBps: 5_000 })).toBe(40);
  });

  it("says when there is no previous figure", () => {
    expect(trendOf(60, 52)).toEqual({ previous: 52, change: 8, basis: "7 days ago" });
    expect(trendOf(60, null).change).toBeNull();
  });
});
