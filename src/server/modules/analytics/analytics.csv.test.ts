import type { Analytics } from "@shared/schemas/analytics";
import { describe, expect, it } from "vitest";
import { analyticsCsv } from "./analytics.csv";

const activity = { activeHolders: 1, agentChats: 0, transfers: 2, trades: 3, rewardsClaimed: 0 };
const trend = { previous: null, change: null, basis: "7 days ago" };
const base: Analytics = {
  mint: "Mint1111111111111111111111111111111111111",
  name: "Test",
  symbol: "TST",
  view: "creator",
  generatedAt: "2026-11-23T00:00:00.000Z",
  cards: {
    transparency: { score: 70, band: "caution", trend, series: [] },
    engagement: { score: 40, fans: 1, why: "", last7Days: activity, last30Days: activity, trend },
    reputation: {
      score: 50,
      creatorAgeDays: 3,
      tokensLaunched: 1,
      tokensAlive: 1,
      holdersRetainedBps: 10_000,
      trend: { previous: 55, change: -5, basis: "7 days ago" },
    },
  },
  overview: {
    holders: 2,
    newHolders7d: 1,
    lostHolders7d: 0,
    retention30dBps: null,
    volume24hLamports: "0",
    volume7dLamports: "0",
    trades7d: 3,
    hasMarket: false,
    priceLamports: null,
    top10ShareBps: 10_000,
  },
  series: { holders: [], market: [], distribution: [{ label: "10% or more", holders: 2 }] },
  trustFactors: [],
  topMembers: [
    {
      rank: 1,
      address: "Addr",
      username: null,
      balance: "1,5",
      shareBps: 1,
      share: "<0.01%",
      heldSince: null,
      heldDays: 0,
      isCreator: true,
    },
  ],
  explore: null,
};

describe("analytics CSV", () => {
  it("writes one figure per row, negative numbers as numbers, empty cells for nulls", () => {
    const lines = analyticsCsv(base).split("\r\n");
    expect(lines[0]).toBe("section,key,value");
    expect(lines).toContain("reputation,change_7d,-5");
    expect(lines).toContain("overview,retention30dBps,");
    expect(lines).toContain("overview,hasMarket,false");
    expect(lines).toContain('top_members,Addr,"1,5"');
    expect(lines.at(-1)).toBe("");
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    const csv = analyticsCsv({ ...base, symbol: "=HYPERLINK(1)" });
    expect(csv).toContain("token,symbol,'=HYPERLINK(1)");
  });
});
