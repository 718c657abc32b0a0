import { CreateRewardSchema } from "@shared/schemas/rewards";
import { describe, expect, it } from "vitest";
import type { RewardDraftRequest } from "../engine";
import { repairDraft } from "../providers/rewards";
import { draftRewardsOffline } from "./rewards";

const request = (fans: Partial<RewardDraftRequest["fans"]>, prompt?: string): RewardDraftRequest => ({
  token: { name: "Loop Studio", symbol: "LOOP", description: "", ageDays: 30, supply: "1000000" },
  fans: { count: 40, topQuartileBalance: "12345.6", medianBalance: "987", longestHeldDays: 20, ...fans },
  prompt,
});

const formReady = (d: unknown) =>
  CreateRewardSchema.safeParse({ tokenMint: "x".repeat(44), ...(d as object) }).success;

describe("offline reward drafts", () => {
  it("asks for no more than a tenth of the supply, so a fan can reach it and the draft can be saved", () => {
    for (const supply of ["50", "1000"]) {
      const drafts = draftRewardsOffline({
        ...request({ count: 0 }),
        token: { ...request({}).token, supply },
      });
      for (const d of drafts)
        if (d.unlockCondition.type !== "engagement")
          expect(BigInt(d.unlockCondition.value) * 10n, `${supply}: ${d.title}`).toBeLessThanOrEqual(
            BigInt(supply),
          );
      expect(drafts[0]?.rationale).toContain(`${supply === "50" ? "5" : "100"} LOOP`);
    }
  });

  it("rounds the community's figures down to two significant digits, days within the token's age", () => {
    const [inner, loyal, top, welcome] = draftRewardsOffline(request({}));
    expect(inner?.unlockCondition).toEqual({ type: "holding_amount", value: "12000", days: undefined });
    expect(loyal?.unlockCondition).toEqual({ type: "holding_duration", value: "980", days: 15 });
    expect(top?.unlockCondition.value).toBe("90");
    expect(welcome?.unlockCondition.value).toBe("1");
    expect(inner?.rationale).toContain("40 fans hold LOOP today");
    // Amounts in the text are grouped as the app writes them, the unlock values plain digits.
    expect(inner?.rationale).toContain("so 12,000 LOOP reaches about a quarter of them");
  });

  it("writes the community's balances as the app shows them, grouped, two decimals at most", () => {
    const [inner, loyal] = draftRewardsOffline(
      request({ topQuartileBalance: "4496.646575542", medianBalance: "1234567.5" }),
    );
    expect(inner?.rationale).toContain("the top quarter hold 4,496.64 LOOP or more");
    expect(loyal?.rationale).toContain("Half of them hold 1,234,567.5 LOOP or more");
  });

  it("says one fan holds, and still drafts when nobody holds the token yet", () => {
    const [inner, loyal] = draftRewardsOffline(request({ count: 1 }));
    expect(inner?.rationale).toContain(
      "1 fan holds LOOP today, the most 12,345.6 LOOP: 12,000 LOOP keeps this",
    );
    // No "half of them" or "a quarter of them" for one fan.
    expect(`${inner?.rationale} ${loyal?.rationale}`).not.toMatch(/half of them|quarter of them/i);
    expect(loyal?.description).toContain("at least 980 LOOP for 15 days");
    const none = draftRewardsOffline(request({ count: 0, topQuartileBalance: "0", medianBalance: "0" }));
    expect(none[0]?.rationale).toContain("No fans hold LOOP yet");
    expect(none.every(formReady)).toBe(true);
  });

  it("takes the audience and the lead idea from the creator's words", () => {
    const drafts = draftRewardsOffline(request({}, "A badge for my first readers"));
    expect(drafts[0]?.title).toBe("Early Reader");
    expect(drafts.map((d) => d.rarity)).toEqual(["epic", "legendary", "rare", "common"]);
  });

  it("fits the create form for large and tiny communities", () => {
    for (const count of [0, 1, 3, 10, 999, 1_000_000]) {
      const drafts = draftRewardsOffline(request({ count, topQuartileBalance: "0.5", medianBalance: "7" }));
      expect(drafts.every(formReady), `count ${count}`).toBe(true);
      expect(drafts.every((d) => d.title.length <= 32)).toBe(true);
    }
  });
});

describe("provider draft repair", () => {
  const good = {
    title: "Loop Keeper",
    description: "For fans who kept the loops playing.",
    rarity: "EPIC ",
    totalSupply: "1,000",
    soulbound: true,
    unlockCondition: { type: "holding_duration", value: 2000, days: 7 },
    rationale: "Half the fans hold 2,000 or more.",
  };

  it("repairs case, digits and lengths into a form-ready draft", () => {
    const repaired = repairDraft({ ...good, title: "A very long title that goes on and on forever" });
    expect(repaired).toMatchObject({ rarity: "epic", totalSupply: 1000 });
    expect(repaired?.title.length).toBeLessThanOrEqual(32);
    expect(formReady(repaired)).toBe(true);
  });

  it.each([
    ["an unknown rarity", { rarity: "mythic" }],
    ["a supply past the cap", { totalSupply: 100_001 }],
    ["a duration without days", { unlockCondition: { type: "holding_duration", value: "5" } }],
    ["a percentile over 100", { unlockCondition: { type: "engagement", value: "120" } }],
    ["money language", { description: "Hold now for big returns." }],
  ])("drops a draft with %s", (_name, change) => {
    expect(repairDraft({ ...good, ...change } as typeof good)).toBeNull();
  });
});
