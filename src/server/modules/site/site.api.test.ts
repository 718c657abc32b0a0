import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { tokens, users } from "../../db/schema/index";
import { SiteService } from "./site.service";

// GET /api/site: configured links only (unset ones absent), and live counts from the DB.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LINK_DISCORD: "https://discord.example/x", LINK_GITHUB: " " });
});
afterAll(async () => {
  await t?.close();
});

async function addUser() {
  const id = randomUUID();
  await t.deps.database.db.insert(users).values({ id, username: `u${id.slice(0, 8)}` });
  return id;
}

async function addToken(userId: string, status: "pending" | "active" | "failed") {
  const id = randomUUID();
  await t.deps.database.db.insert(tokens).values({
    id,
    userId,
    name: "Test",
    symbol: `T${id.slice(0, 4)}`.toUpperCase(),
    totalSupply: "1000",
    decimals: 9,
    creatorWallet: "wallet",
    mintAddress: `mint-${id}`,
    status,
  });
}

describe("GET /api/site", () => {
  it("returns only the configured links, and counts", async () => {
    const res = await new Client(t.url).get<{
      links: Record<string, string>;
      stats: { tokensLaunched: number; creators: number };
    }>("/api/site");
    expect(res.status).toBe(200);
    expect(res.body.links).toEqual({ discord: "https://discord.example/x" });
    expect(res.body.stats).toEqual({ tokensLaunched: 0, creators: 0 });
  });

  it("counts active tokens and the distinct creators who launched them, cached for a few seconds", async () => {
    const alice = await addUser();
    const bob = await addUser();
    await addToken(alice, "active");
    await addToken(alice, "active");
    await addToken(bob, "pending");
    await addToken(bob, "failed");
    let now = 1_000_000;
    const site = new SiteService({ db: t.deps.database.db, links: {}, now: () => now });
    expect(await site.stats()).toEqual({ tokensLaunched: 2, creators: 1 });
    await addToken(bob, "active");
    now += 1000;
    expect(await site.stats()).toEqual({ tokensLaunched: 2, creators: 1 });
    now += 5000;
    expect(await site.stats()).toEqual({ tokensLaunched: 3, creators: 2 });
  });
});
