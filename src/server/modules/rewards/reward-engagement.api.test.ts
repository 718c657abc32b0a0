import type { Reward } from "@shared/schemas/rewards";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, type Member, member } from "../../../../tests/support/market";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { RewardsRepo } from "./rewards.repo";

// What engagement rewards and the Engagement Boost read, from real activity: each holder's own
// moves of this token only, and never the market's vault (it is no holder: docs/trust.md).

const SOL = 1_000_000_000n;
let t: TestApp;
let creator: Member;
let here: Member;
let elsewhere: Member;
let mint: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
  await t.app.services.rewardAutoMinter.stop();
  creator = await member(t.url, t.deps.ledger, "eng_creator", 5n * SOL);
  mint = await launch(creator, "ENGA", "1000000", { curveShareBps: 5_000 });
  const other = await launch(creator, "ENGB", "1000000", { curveShareBps: 5_000 });
  here = await member(t.url, t.deps.ledger, "eng_here", 0n);
  elsewhere = await member(t.url, t.deps.ledger, "eng_elsewhere", 2n * SOL);
  for (const to of [here, here, here, elsewhere]) await send(to.wallet);
  // Busy on another token's market: none of it is activity on this one.
  for (const n of [1, 2, 3]) {
    const bought = await elsewhere.c.post<{ signature: string }>(`/api/market/${other}/buy`, {
      solIn: "10000000",
      minTokensOut: "0",
      idempotencyKey: `eng-elsewhere-${n}`,
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await t.app.services.indexer.waitForSignature(bought.body.signature, 10_000);
  }
});
afterAll(async () => t?.close());

async function send(to: string) {
  const res = await creator.c.post<{ signature: string }>(`/api/tokens/${mint}/transfer`, {
    to,
    amount: "10",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await t.app.services.indexer.waitForSignature(res.body.signature, 10_000);
}

async function createReward(title: string, unlockCondition: { type: string; value: string }) {
  const created = await creator.c.post<Reward>("/api/nft-rewards/create", {
    tokenMint: mint,
    title,
    description: `${title}: a reward for this test`,
    rarity: "common",
    totalSupply: 10,
    isActive: true,
    unlockCondition,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created;
}

describe("engagement inputs", () => {
  it("count each holder's trades and balance changes of this token only; the vault is left out", async () => {
    const inputs = await new RewardsRepo(t.deps.database).engagementInputs(mint);
    const byOwner = new Map(inputs.map((i) => [i.owner, i]));
    expect([...byOwner.keys()].sort()).toEqual([creator.wallet, here.wallet, elsewhere.wallet].sort());
    expect(byOwner.get(here.wallet)).toMatchObject({ trades: 0, changes: 3 });
    expect(byOwner.get(elsewhere.wallet)).toMatchObject({ trades: 0, changes: 1 });
  });

  it("rank a fan busy here above one busy elsewhere", async () => {
    const created = await createReward("Most Engaged", { type: "engagement", value: "99" });
    const standing = async (who: Member) =>
      (await who.c.get<Reward>(`/api/nft-rewards/${created.body.id}`)).body.standing?.missing;
    // Three holders (the creator first: the launch, the market's deposit and every transfer).
    expect(await standing(here)).toBe("Reach the top 1% by engagement: you rank 2 of 3");
    expect(await standing(elsewhere)).toBe("Reach the top 1% by engagement: you rank 3 of 3");
  });

  it("the Engagement Boost tells a reward's collectors from the other holders", async () => {
    const created = await createReward("Holder Pass", { type: "holding_amount", value: "1" });
    const claimed = await here.c.post(`/api/nft-rewards/${created.body.id}/claim`, {});
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const rows = await new RewardsRepo(t.deps.database).activityByHolder(mint, new Date(0));
    // here (a collector), elsewhere and the creator (not): the vault is no holder.
    expect(rows.map((r) => r.collector).sort()).toEqual([false, false, true]);
  });
});
