import type { ClaimResult, Reward, RewardStats } from "@shared/schemas/rewards";
import { createSolanaRpc, address as kitAddress } from "@solana/kit";
import {
  getAccount,
  getAssociatedTokenAddressSync,
  getMint,
  getTokenGroupMemberState,
  getTokenGroupState,
  getTokenMetadata,
  TOKEN_2022_PROGRAM_ID,
} from "@solana/spl-token";
import { Connection, PublicKey } from "@solana/web3.js";
import { fetchMint } from "@solana-program/token-2022";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client } from "../../../../tests/support/http";
import { launch, type Member, member } from "../../../../tests/support/market";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { tokenGroupOf } from "../../ledger/reward-transactions";
import { RewardsRepo } from "./rewards.repo";

// NFT rewards through the real server, PGlite, the indexer and LiteSVM with Token-2022. Date
// is faked (only Date: timers and I/O run on) from before the app starts, so the chain's block
// times, the indexer's and the eligibility clock are one clock the test moves.

const SOL = 1_000_000_000n;
const DAY = 86_400_000;
let t: TestApp;
let creator: Member;
let mint: string;
let conn: Connection;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-11-01T12:00:00Z") });
  t = await startTestApp({ RATE_LIMITS: "off" });
  conn = new Connection(`${t.url}/rpc`, "confirmed");
  creator = await member(t.url, t.deps.ledger, "rw_creator", 5n * SOL);
  mint = await launch(creator, "ART", "1000000");
  // Claims only here: the automatic minter has its own test (reward-auto-minter.api.test.ts).
  await services().rewardAutoMinter.stop();
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

const services = () => t.app.services;
/** Moves the one clock (chain, indexer, eligibility) forward by `ms`. */
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

async function send(to: string, amount: string, from: Member = creator) {
  const res = await from.c.post<{ signature: string }>(`/api/tokens/${mint}/transfer`, { to, amount });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await services().indexer.waitForSignature(res.body.signature, 10_000);
  return res.body.signature;
}

async function createReward(body: Record<string, unknown>, who: Member = creator) {
  return who.c.post<Reward & { code?: string; message?: string }>("/api/nft-rewards/create", {
    tokenMint: mint,
    title: "Early Supporter",
    description: "For the first fans",
    rarity: "legendary",
    totalSupply: 2,
    isActive: true,
    ...body,
  });
}

let fanNo = 0;
const fan = () => member(t.url, t.deps.ledger, `rw_fan${++fanNo}`, 0n);

describe("rewards: creation, claims and the chain", () => {
  let reward: Reward;
  let first: ClaimResult;
  let a: Member;

  it("only the token's creator creates a reward; it is a Token-2022 collection capped at its supply", async () => {
    const anonymous = await createReward({ unlockCondition: { type: "holding_amount", value: "1000" } }, {
      c: new Client(t.url),
    } as Member);
    expect(anonymous.status).toBe(401);
    const other = await fan();
    const refused = await createReward({ unlockCondition: { type: "holding_amount", value: "1000" } }, other);
    expect(refused.status).toBe(403);
    const bad = await createReward({ unlockCondition: { type: "holding_amount", value: "0" } });
    expect(bad.status).toBe(400);
    const overSupply = await createReward({
      unlockCondition: { type: "holding_amount", value: "99999999999999999999.123456789" },
    });
    expect(overSupply.status).toBe(400);
    const tooPrecise = await createReward({
      unlockCondition: { type: "holding_amount", value: "1.0000000001" },
    });
    expect(tooPrecise.status).toBe(400);

    const res = await createReward({ unlockCondition: { type: "holding_amount", value: "1000" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    reward = res.body;
    expect(reward.collectionMint).toBeTruthy();
    expect(reward.criteria).toBe("Hold 1,000 ART");
    expect(reward.unlockCondition).toMatchObject({
      type: "holding_amount",
      value: "1000",
      description: "Hold 1,000 ART",
    });
    expect(reward.mintedCount).toBe(0);
    const group = getTokenGroupState(
      await getMint(conn, new PublicKey(reward.collectionMint ?? ""), "confirmed", TOKEN_2022_PROGRAM_ID),
    );
    expect(group?.maxSize).toBe(2n);
    expect(group?.size).toBe(0n);

    const patch = await other.c.patch(`/api/nft-rewards/${reward.id}`, { isActive: true });
    expect(patch.status).toBe(403);
  });

  it("N-1 tokens: 403 with what is missing; N tokens: the NFT, and the same one again on a retry", async () => {
    a = await fan();
    await send(a.wallet, "999");
    const refused = await a.c.post<{ code: string; error: string }>(
      `/api/nft-rewards/${reward.id}/claim`,
      {},
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("NOT_ELIGIBLE");
    expect(refused.body.error).toContain("Hold 1 more ART");
    const standing = (await a.c.get<Reward>(`/api/nft-rewards/${reward.id}`)).body.standing;
    expect(standing).toMatchObject({ eligible: false, progress: 99 });

    await send(a.wallet, "1");
    const claimed = await a.c.post<ClaimResult>(`/api/nft-rewards/${reward.id}/claim`, {});
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    first = claimed.body;
    const again = await a.c.post<ClaimResult>(`/api/nft-rewards/${reward.id}/claim`, {});
    expect(again.body).toEqual(first);
    const read = (await a.c.get<Reward>(`/api/nft-rewards/${reward.id}`)).body;
    expect(read.mintedCount).toBe(1);
    expect(read.standing).toMatchObject({ eligible: true, claimedMint: first.nftMint });
    // The NFT carries the token's symbol; the balances gating reads list the token alone.
    const balances = await a.c.get<Array<{ symbol: string; mint: string }>>("/api/user/token-balances");
    expect(balances.body).toEqual([expect.objectContaining({ symbol: "ART", mint, balance: "1000" })]);

    // The same balance moved to another of the fan's wallets earns no second NFT.
    const second = (await a.c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate")).body.wallet
      .publicKey;
    await t.deps.ledger.airdrop(a.wallet, SOL);
    await send(second, "1000", a);
    const twice = await a.c.post<{ code: string; error: string }>(`/api/nft-rewards/${reward.id}/claim`, {
      wallet: second,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("ALREADY_CLAIMED");
    expect(twice.body.error).toContain("one per person");
    expect((await a.c.get<Reward>(`/api/nft-rewards/${reward.id}`)).body.mintedCount).toBe(1);
  });

  it("the NFT reads back with web3.js + spl-token and with kit: decimals 0, supply 1, no mint authority, member 1", async () => {
    const nft = new PublicKey(first.nftMint);
    const m = await getMint(conn, nft, "confirmed", TOKEN_2022_PROGRAM_ID);
    expect(m.decimals).toBe(0);
    expect(m.supply).toBe(1n);
    expect(m.mintAuthority).toBeNull();
    const member = getTokenGroupMemberState(m);
    expect(member?.group?.toBase58()).toBe(reward.collectionMint);
    expect(member?.memberNumber).toBe(1n);
    const ata = getAssociatedTokenAddressSync(nft, new PublicKey(a.wallet), false, TOKEN_2022_PROGRAM_ID);
    expect((await getAccount(conn, ata, "confirmed", TOKEN_2022_PROGRAM_ID)).amount).toBe(1n);

    const kit = await fetchMint(createSolanaRpc(`${t.url}/rpc`), kitAddress(first.nftMint));
    expect(kit.data.decimals).toBe(0);
    expect(kit.data.supply).toBe(1n);
    expect(kit.data.mintAuthority.__option).toBe("None");
    const extensions = kit.data.extensions.__option === "Some" ? kit.data.extensions.value : [];
    const kitMember = extensions.find((e) => e.__kind === "TokenGroupMember");
    expect(kitMember).toMatchObject({ group: reward.collectionMint, memberNumber: 1n });

    // The metadata JSON at the on-chain uri, over HTTP.
    const metadata = await getTokenMetadata(conn, nft, "confirmed", TOKEN_2022_PROGRAM_ID);
    expect(metadata?.uri).toContain(`/api/nft-rewards/${reward.id}/metadata.json`);
    // PUBLIC_URL is unknown before the test server picks its port: same path, this server.
    const here = (url: string) => `${t.url}${new URL(url).pathname}`;
    const json = (await (await fetch(here(metadata?.uri ?? ""))).json()) as {
      image: string;
      attributes: Array<{ trait_type: string; value: string }>;
    };
    expect(json.attributes).toEqual(
      expect.arrayContaining([
        { trait_type: "reward", value: "Early Supporter" },
        { trait_type: "rarity", value: "legendary" },
        { trait_type: "token", value: "ART" },
        { trait_type: "condition", value: "Hold 1,000 ART" },
      ]),
    );
    const image = await fetch(here(json.image));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toContain("image/svg+xml");

    const collection = await a.c.get<{ nfts: Array<{ nftMint: string; number: number }> }>(
      "/api/nft-rewards/user",
    );
    expect(collection.body.nfts).toEqual([expect.objectContaining({ nftMint: first.nftMint, number: 1 })]);
  });

  it("sold out: 409 SOLD_OUT, and the chain itself refuses one member more", async () => {
    const b = await fan();
    await send(b.wallet, "1000");
    expect((await b.c.post(`/api/nft-rewards/${reward.id}/claim`, {})).status).toBe(200);
    const c = await fan();
    await send(c.wallet, "1000");
    const refused = await c.c.post<{ code: string }>(`/api/nft-rewards/${reward.id}/claim`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("SOLD_OUT");
    // Past the API's check, straight to the chain: the TokenGroup refuses (SizeExceedsMaxSize).
    const row = await services().rewards.get(reward.id, null);
    const direct = await services().rewardMinter.mintOne(await rewardRow(reward.id), "ART", {
      owner: c.wallet,
      userId: c.userId,
      source: "claim",
    });
    expect(direct.status).toBe("failed");
    expect(direct.failureReason).toBe("The reward is sold out");
    const account = await t.deps.ledger.getAccount(reward.collectionMint ?? "");
    expect(tokenGroupOf(account?.data ?? new Uint8Array())).toEqual({ size: 2n, maxSize: 2n });
    expect(row.mintedCount).toBe(2);
  });
});

/** The stored row (with its sealed authority), as the minter takes it. */
async function rewardRow(id: string) {
  const row = await new RewardsRepo(t.deps.database).reward(id);
  if (!row) throw new Error("no such reward");
  return row;
}

describe("rewards: holding duration and engagement", () => {
  it("D days minus one second is not enough, D days is; a dip below N inside the window resets it", async () => {
    const res = await createReward({
      title: "Diamond Hands",
      rarity: "epic",
      totalSupply: 10,
      soulbound: true,
      unlockCondition: { type: "holding_duration", value: "100", days: 3 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id;
    expect(res.body.criteria).toBe("Hold 100 ART for 3 days");
    const d = await fan();
    await send(d.wallet, "100");
    const standing = async (who: Member) => (await who.c.get<Reward>(`/api/nft-rewards/${id}`)).body.standing;

    advance(3 * DAY - 1000);
    expect(await standing(d)).toMatchObject({
      eligible: false,
      missing: "Keep holding 100 ART for 1 more day",
    });
    advance(1000);
    expect(await standing(d)).toMatchObject({ eligible: true, missing: null });

    // A dip: 100 held, 1 sent away and 1 back; the window now has a moment at 99.
    const e = await fan();
    await send(e.wallet, "100");
    advance(DAY);
    await t.deps.ledger.airdrop(e.wallet, SOL);
    await send(creator.wallet, "1", e);
    await send(e.wallet, "1");
    advance(2 * DAY);
    // Held 3 days since first receiving, but the dip was 2 days ago.
    expect(await standing(e)).toMatchObject({
      eligible: false,
      missing: "Keep holding 100 ART for 1 more day",
    });
    const refused = await e.c.post<{ code: string }>(`/api/nft-rewards/${id}/claim`, {});
    expect(refused.body.code).toBe("NOT_ELIGIBLE");
    advance(DAY);
    expect(await standing(e)).toMatchObject({ eligible: true });
    const claimed = await e.c.post<ClaimResult>(`/api/nft-rewards/${id}/claim`, {});
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const m = await getMint(conn, new PublicKey(claimed.body.nftMint), "confirmed", TOKEN_2022_PROGRAM_ID);
    expect(m.tlvData.length).toBeGreaterThan(0);
    const collected = await e.c.get<{ nfts: Array<{ soulbound: boolean }> }>("/api/nft-rewards/user");
    expect(collected.body.nfts[0]?.soulbound).toBe(true);
  });

  it("engagement: ranked among the token's holders by real activity; the top 1% is the most active", async () => {
    const res = await createReward({
      title: "Community Builder",
      rarity: "rare",
      totalSupply: 5,
      unlockCondition: { type: "engagement", value: "99" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.criteria).toBe("Top 1% by engagement");
    // The creator's wallet moved the token in every transfer of this file: rank 1.
    const mine = (await creator.c.get<Reward>(`/api/nft-rewards/${res.body.id}`)).body.standing;
    expect(mine).toMatchObject({ eligible: true, missing: null });
    const quiet = await fan();
    await send(quiet.wallet, "5");
    const theirs = (await quiet.c.get<Reward>(`/api/nft-rewards/${res.body.id}`)).body.standing;
    expect(theirs?.eligible).toBe(false);
    expect(theirs?.missing).toMatch(/^Reach the top 1% by engagement: you rank \d+ of \d+$/);
    const refused = await quiet.c.post<{ code: string }>(`/api/nft-rewards/${res.body.id}/claim`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("NOT_ELIGIBLE");
  });

  it("images: an uploaded PNG is served as uploaded, a non-https link is refused; a reward switched off takes no claims", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const form = {
      title: "Snapshot",
      rarity: "common",
      imageUrl: `data:image/png;base64,${png.toString("base64")}`,
      unlockCondition: { type: "holding_amount", value: "1" },
      idempotencyKey: "snapshot-1",
    };
    const uploaded = await createReward(form);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    // A retry after a lost answer: the same reward, no second collection.
    const retried = await createReward(form);
    expect(retried.body.id).toBe(uploaded.body.id);
    expect(retried.body.collectionMint).toBe(uploaded.body.collectionMint);
    expect(uploaded.body.imageUrl).toMatch(new RegExp(`/api/nft-rewards/${uploaded.body.id}/image$`));
    const image = await fetch(`${t.url}/api/nft-rewards/${uploaded.body.id}/image`);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    for (const imageUrl of [
      "http://example.com/a.png",
      "https://user:pass@example.com/a.png",
      'https://example.com/a.png"><script>',
      "javascript:alert(1)",
      "data:image/svg+xml;base64,PHN2Zz4=",
      // Declared a PNG, but the bytes are "hello"; and a JPEG's bytes declared a PNG.
      "data:image/png;base64,aGVsbG8=",
      `data:image/png;base64,${Buffer.from("ffd8ffe000104a46", "hex").toString("base64")}`,
    ]) {
      const refused = await createReward({
        imageUrl,
        unlockCondition: { type: "holding_amount", value: "1" },
      });
      expect(refused.status, imageUrl).toBe(400);
    }

    const off = await creator.c.patch<Reward>(`/api/nft-rewards/${uploaded.body.id}`, { isActive: false });
    expect(off.body.isActive).toBe(false);
    const listed = await creator.c.get<{ rewards: Reward[] }>(`/api/nft-rewards/active?tokenMint=${mint}`);
    expect(listed.body.rewards.map((r) => r.id)).not.toContain(uploaded.body.id);
    const holder = await fan();
    await send(holder.wallet, "1");
    const refused = await holder.c.post<{ code: string }>(`/api/nft-rewards/${uploaded.body.id}/claim`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("NOT_ELIGIBLE");
  });

  it("a reward id that names none is a 404, blank included", async () => {
    for (const id of ["%20", "nope", "x".repeat(40), "00000000-0000-4000-8000-000000000000"]) {
      expect((await creator.c.get(`/api/nft-rewards/${id}`)).status, id).toBe(404);
      // Pausing one: 404 too (signed out it is 401 first: authorization.api.test.ts).
      expect((await creator.c.patch(`/api/nft-rewards/${id}`, { isActive: false })).status, id).toBe(404);
    }
  });

  it("stats: rewards, NFTs minted, unique holders and top collectors from what was minted", async () => {
    const stats = (await creator.c.get<RewardStats>(`/api/nft-rewards/stats?tokenMint=${mint}`)).body;
    expect(stats.totalRewardsCreated).toBe(4);
    expect(stats.totalNFTsMinted).toBe(3);
    expect(stats.uniqueHolders).toBe(3);
    expect(stats.topCollectors).toHaveLength(3);
    expect(stats.topCollectors[0]?.nftCount).toBe(1);
    expect(stats.engagementBoostBasis).toContain("holders with a reward NFT");
  });

  it("stats: an NFT the chain has but whose confirmation is not yet written counts in every figure alike", async () => {
    const before = (await creator.c.get<RewardStats>(`/api/nft-rewards/stats?tokenMint=${mint}`)).body;
    const owner = before.topCollectors[0]?.walletAddress ?? "";
    // The moment between a wave's execution and its confirmation write.
    const pending = (status: string) =>
      t.deps.database.db.execute(sql`update reward_mints set status = ${status} where owner = ${owner}`);
    await pending("pending");
    try {
      const during = (await creator.c.get<RewardStats>(`/api/nft-rewards/stats?tokenMint=${mint}`)).body;
      expect(during.totalNFTsMinted).toBe(before.totalNFTsMinted);
      expect(during.uniqueHolders).toBe(before.uniqueHolders);
      expect(during.topCollectors.map((c) => c.walletAddress).sort()).toEqual(
        before.topCollectors.map((c) => c.walletAddress).sort(),
      );
    } finally {
      await pending("confirmed");
    }
  });

  it("top collectors with the same count: whoever reached it first leads, then the address", async () => {
    const before = (await creator.c.get<RewardStats>(`/api/nft-rewards/stats?tokenMint=${mint}`)).body;
    const owners = before.topCollectors.map((c) => c.walletAddress).sort();
    expect(owners).toHaveLength(3);
    expect(new Set(before.topCollectors.map((c) => c.nftCount))).toEqual(new Set([1]));
    // Latest NFTs in the reverse of the address order; the last two reached it at one moment.
    const [x, y, z] = owners;
    const at = (owner: string | undefined, time: string) =>
      t.deps.database.db.execute(
        sql`update reward_mints set confirmed_at = ${time}::timestamptz where owner = ${owner ?? ""}`,
      );
    await at(z, "2026-11-02T00:00:00Z");
    await at(y, "2026-11-03T00:00:00Z");
    await at(x, "2026-11-03T00:00:00Z");
    const after = (await creator.c.get<RewardStats>(`/api/nft-rewards/stats?tokenMint=${mint}`)).body;
    expect(after.topCollectors.map((c) => c.walletAddress)).toEqual([z, x, y]);
  });

  it("a title over 32 characters is refused in words, never cut; 32 emoji (128 bytes) land whole on chain", async () => {
    const long = "Early Supporter of the Loops Crew!"; // 34 characters
    const refused = await createReward({
      title: long,
      unlockCondition: { type: "holding_amount", value: "1" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { title: "Title must be 32 characters or fewer" },
    });
    const title = "🎧".repeat(32);
    const res = await createReward({ title, unlockCondition: { type: "holding_amount", value: "1" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.title).toBe(title);
    const metadata = await getTokenMetadata(
      conn,
      new PublicKey(res.body.collectionMint ?? ""),
      "confirmed",
      TOKEN_2022_PROGRAM_ID,
    );
    expect(metadata?.name).toBe(title);
  });
});
