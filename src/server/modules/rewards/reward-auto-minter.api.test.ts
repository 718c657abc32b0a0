import { holdingValueLamports, priceNanoOf } from "@shared/market/price";
import type { MarketState } from "@shared/schemas/market";
import type { ClaimResult, Reward, RewardStats } from "@shared/schemas/rewards";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { launch, type Member, member } from "../../../../tests/support/market";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { generateSigner } from "../../ledger/keys";
import { RewardsRepo } from "./rewards.repo";

// The automatic minter through the real server, indexer and LiteSVM: holders who become
// eligible get their NFT without asking, once each, up to the reward's supply; the creator
// and the curve's vault never do; a fan's claim afterwards answers the NFT already sent.

const SOL = 1_000_000_000n;
let t: TestApp;
let creator: Member;
let mint: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
  creator = await member(t.url, t.deps.ledger, "auto_creator", 5n * SOL);
  mint = await launch(creator, "AUTO", "1000000", { curveShareBps: 5000 });
});
afterAll(async () => t?.close());

const services = () => t.app.services;

async function send(to: string, amount: string) {
  const res = await creator.c.post<{ signature: string }>(`/api/tokens/${mint}/transfer`, { to, amount });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await services().indexer.waitForSignature(res.body.signature, 10_000);
}

describe("automatic reward minting", () => {
  it("mints to every newly eligible holder once, stops at the supply, skips creator and vault", async () => {
    const fan = await member(t.url, t.deps.ledger, "auto_fan", 0n);
    const others = Array.from({ length: 4 }, () => generateSigner().address);
    await send(fan.wallet, "50");
    for (const o of others.slice(0, 2)) await send(o, "50");
    await send(others[2] ?? "", "49");

    const created = await creator.c.post<Reward>("/api/nft-rewards/create", {
      tokenMint: mint,
      title: "Community Builder",
      rarity: "rare",
      totalSupply: 4,
      unlockCondition: { type: "holding_amount", value: "50" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const repo = new RewardsRepo(t.deps.database);
    const served = async () => [...(await repo.servedOwners(id))].sort();

    // Creating the reward wakes the minter: the three holders of >= 50 get theirs.
    await vi.waitFor(async () => expect(await served()).toHaveLength(3), { timeout: 20_000, interval: 50 });
    expect(await served()).toEqual([fan.wallet, others[0], others[1]].sort());
    await services().rewardAutoMinter.idle();

    // A new holder, woken by the indexer's holder change: the fourth and last NFT.
    await send(others[3] ?? "", "60");
    await vi.waitFor(async () => expect(await served()).toContain(others[3]), {
      timeout: 20_000,
      interval: 50,
    });
    await services().rewardAutoMinter.idle();
    // Sold out now: one more eligible holder gets nothing, and nothing failed on the way.
    await send(others[2] ?? "", "1");
    await services().rewardAutoMinter.idle();
    const reward = (await creator.c.get<Reward>(`/api/nft-rewards/${id}`)).body;
    expect(reward.mintedCount).toBe(4);
    expect(await served()).not.toContain(others[2]);
    expect(await served()).not.toContain(creator.wallet);

    // The fan's claim answers the NFT the minter sent.
    const mine = await repo.liveMint(id, fan.wallet);
    const claim = await fan.c.post<ClaimResult>(`/api/nft-rewards/${id}/claim`, {});
    expect(claim.status).toBe(200);
    expect(claim.body.nftMint).toBe(mine?.nftMint);
    expect(mine?.status).toBe("confirmed");
    expect(mine?.source).toBe("auto");
    const numbers = await Promise.all(
      (await served()).map(async (o) => (await repo.liveMint(id, o))?.memberNumber),
    );
    expect(numbers.sort()).toEqual([1, 2, 3, 4]);

    // Top Collectors value a collector's stake in the token at its curve's price.
    const stats = (await fan.c.get<RewardStats>(`/api/nft-rewards/stats?tokenMint=${mint}`)).body;
    const row = stats.topCollectors.find((c) => c.walletAddress === fan.wallet);
    expect(row?.nftCount).toBe(1);
    const price = priceNanoOf((await fan.c.get<MarketState>(`/api/market/${mint}`)).body.priceLamports);
    const balance = (await services().indexer.balancesOf(fan.wallet)).get(mint) ?? 0n;
    const { decimals } = await services().tokens.getByMint(mint);
    expect(balance).toBeGreaterThan(0n);
    expect(row?.totalValue).toBe(holdingValueLamports(balance, decimals, price).toString());
  });

  it("leaves a reward alone when its creator chose claims only; the creator cannot claim it", async () => {
    const fan = await member(t.url, t.deps.ledger, "claim_fan", 0n);
    await send(fan.wallet, "70");
    const created = await creator.c.post<Reward>("/api/nft-rewards/create", {
      tokenMint: mint,
      title: "Claim It",
      rarity: "epic",
      totalSupply: 3,
      autoMint: false,
      unlockCondition: { type: "holding_amount", value: "70" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.autoMint).toBe(false);
    const id = created.body.id;
    // A sweep and a holder change later, nobody has been sent one.
    services().rewardAutoMinter.noteHoldersChanged(["*"]);
    await services().rewardAutoMinter.idle();
    await send(generateSigner().address, "80");
    await services().rewardAutoMinter.idle();
    const repo = new RewardsRepo(t.deps.database);
    expect([...(await repo.servedOwners(id))]).toEqual([]);
    const standing = (await fan.c.get<Reward>(`/api/nft-rewards/${id}`)).body.standing;
    expect(standing).toMatchObject({ eligible: true, claimedMint: null });

    const own = await creator.c.post<{ code: string }>(`/api/nft-rewards/${id}/claim`, {});
    expect(own.status).toBe(403);
    expect(own.body.code).toBe("NOT_ELIGIBLE");
    const claim = await fan.c.post<ClaimResult>(`/api/nft-rewards/${id}/claim`, {});
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    expect((await repo.liveMint(id, fan.wallet))?.source).toBe("claim");
  });

  it("a paused reward mints nothing further, even in a wave that read it before the pause; resumed, it sends", async () => {
    const holders = [generateSigner().address, generateSigner().address];
    for (const h of holders) await send(h, "90");
    // Created paused: the minter leaves it alone.
    const created = await creator.c.post<Reward>("/api/nft-rewards/create", {
      tokenMint: mint,
      title: "Paused Pass",
      rarity: "common",
      totalSupply: 5,
      isActive: false,
      unlockCondition: { type: "holding_amount", value: "90" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.isActive).toBe(false);
    const id = created.body.id;
    const repo = new RewardsRepo(t.deps.database);
    services().rewardAutoMinter.noteHoldersChanged(["*"]);
    await services().rewardAutoMinter.idle();
    expect((await repo.servedOwners(id)).size).toBe(0);
    // A wave whose reward was read while it was on, the pause landing before its first chunk:
    // it looks again before minting, and mints nothing.
    const readBefore = { ...((await repo.reward(id)) ?? expect.fail("no reward")), isActive: true };
    const targets = holders.map((owner) => ({ owner, userId: null, source: "auto" as const }));
    expect(await services().rewardMinter.mintWave(readBefore, "AUTO", targets)).toBe(0);
    expect((await repo.servedOwners(id)).size).toBe(0);
    expect((await creator.c.get<Reward>(`/api/nft-rewards/${id}`)).body.mintedCount).toBe(0);

    const resumed = await creator.c.patch<Reward>(`/api/nft-rewards/${id}`, { isActive: true });
    expect(resumed.body.isActive).toBe(true);
    await vi.waitFor(async () => expect((await repo.servedOwners(id)).size).toBe(2), {
      timeout: 20_000,
      interval: 50,
    });
  });
});
