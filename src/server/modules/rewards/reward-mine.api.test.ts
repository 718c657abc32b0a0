import type { Reward } from "@shared/schemas/rewards";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// GET /api/nft-rewards/mine: where a creator finds the rewards they switched off (the
// Active Rewards list shows only the switched-on ones) to switch them back on.
let t: TestApp;
let creator: { c: Client; userId: string; wallet: string };
let fan: Client;
let mint = "";

async function person(name: string) {
  const c = new Client(t.url);
  const reg = await c.post<{ user: { id: string } }>("/api/register", {
    username: name,
    email: `${name}@example.com`,
    password: "secret1",
  });
  const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
  await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
  return { c, userId: reg.body.user.id, wallet: gen.body.wallet.publicKey };
}

beforeAll(async () => {
  t = await startTestApp();
  creator = await person("minecreator");
  fan = (await person("minefan")).c;
  const launched = await creator.c.post<{ mintAddress: string }>("/api/tokens/create", {
    name: "Mine Test",
    symbol: "MINET",
    totalSupply: "1000000",
    userId: creator.userId,
    creatorWallet: creator.wallet,
  });
  expect(launched.status).toBe(201);
  mint = launched.body.mintAddress;
});
afterAll(async () => t?.close());

const titles = async (c: Client, path: string) =>
  (await c.get<{ rewards: Reward[] }>(path)).body.rewards.map((r) => `${r.title}:${r.isActive}`);

describe("GET /api/nft-rewards/mine", () => {
  it("lists the creator's rewards, switched off ones too, and only theirs", async () => {
    const created = await creator.c.post<Reward>("/api/nft-rewards/create", {
      tokenMint: mint,
      title: "Quiet Badge",
      rarity: "rare",
      totalSupply: 5,
      unlockCondition: { type: "holding_amount", value: "10" },
      isActive: false,
    });
    expect(created.status).toBe(201);
    expect(await titles(creator.c, `/api/nft-rewards/active?tokenMint=${mint}`)).toEqual([]);
    expect(await titles(creator.c, "/api/nft-rewards/mine")).toEqual(["Quiet Badge:false"]);
    expect(await titles(fan, "/api/nft-rewards/mine")).toEqual([]);

    const on = await creator.c.patch<Reward>(`/api/nft-rewards/${created.body.id}`, { isActive: true });
    expect(on.status).toBe(200);
    expect(await titles(creator.c, "/api/nft-rewards/mine")).toEqual(["Quiet Badge:true"]);
    expect(await titles(fan, `/api/nft-rewards/active?tokenMint=${mint}`)).toEqual(["Quiet Badge:true"]);
  });
});
