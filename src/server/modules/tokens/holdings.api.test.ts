import type { HoldingsResponse } from "@shared/schemas/portfolio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { testWallet } from "../../../../tests/support/keys";
import { signUpWithWallet } from "../../../../tests/support/people";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** A signed-up user with a funded embedded wallet. */
async function member(username: string) {
  const who = await signUpWithWallet(t.url, username);
  await who.c.post("/api/wallet/airdrop", { address: who.wallet, amount: 2 });
  return who;
}

async function launch(who: Awaited<ReturnType<typeof member>>, symbol: string, totalSupply: string) {
  const res = await who.c.post<{ mintAddress: string }>("/api/tokens/create", {
    name: `${symbol} Token`,
    symbol,
    totalSupply,
    userId: who.userId,
    creatorWallet: who.wallet,
  });
  expect(res.status).toBe(201);
  return res.body.mintAddress;
}

describe("GET /api/portfolio/holdings", () => {
  it("lists what a fan holds in every wallet, embedded and external, with share of supply", async () => {
    const artist = await member("hold_artist");
    const coach = await member("hold_coach");
    const art = await launch(artist, "HART", "1000000");
    const biz = await launch(coach, "HBIZ", "3");

    const fan = await member("hold_fan");
    // The fan links a browser wallet too (signing the challenge): both wallets count.
    const ext = await testWallet();
    const { message } = (
      await fan.c.post<{ message: string }>("/api/auth/wallet/challenge", { walletAddress: ext.address })
    ).body;
    const linked = await fan.c.post("/api/wallet/link", {
      walletAddress: ext.address,
      message,
      signature: ext.signMessage(message),
    });
    expect(linked.status).toBe(200);

    expect(
      (await artist.c.post(`/api/tokens/${art}/transfer`, { to: "hold_fan", amount: "1500" })).status,
    ).toBe(200);
    expect(
      (await artist.c.post(`/api/tokens/${art}/transfer`, { to: ext.address, amount: "1000" })).status,
    ).toBe(200);
    expect((await coach.c.post(`/api/tokens/${biz}/transfer`, { to: ext.address, amount: "1" })).status).toBe(
      200,
    );

    const res = await fan.c.get<HoldingsResponse>("/api/portfolio/holdings");
    expect(res.status).toBe(200);
    expect(res.body.holdings).toEqual([
      {
        mint: art,
        name: "HART Token",
        symbol: "HART",
        decimals: 9,
        balance: "2500",
        supply: "1000000",
        share: "0.25%",
        url: `/token/${art}`,
        priceLamports: null,
        valueLamports: null,
        launchedByYou: false,
        wallets: [
          { address: fan.wallet, kind: "embedded", balance: "1500" },
          { address: ext.address, kind: "external", balance: "1000" },
        ],
      },
      {
        mint: biz,
        name: "HBIZ Token",
        symbol: "HBIZ",
        decimals: 9,
        balance: "1",
        supply: "3",
        share: "33.33%",
        url: `/token/${biz}`,
        priceLamports: null,
        valueLamports: null,
        launchedByYou: false,
        wallets: [{ address: ext.address, kind: "external", balance: "1" }],
      },
    ]);

    // 2,500 held, but 1,500 and 1,000 in two wallets: a transfer is sent from one, and says so.
    const spread = await fan.c.post<{ error: string; code: string; fields?: Record<string, string> }>(
      `/api/tokens/${art}/transfer`,
      { to: "hold_artist", amount: "2000" },
    );
    const oneWallet = "A transfer comes from one wallet: your largest holds 1500 HART";
    expect(spread.status).toBe(400);
    expect(spread.body).toMatchObject({
      code: "NOT_ENOUGH_TOKENS",
      error: oneWallet,
      fields: { amount: oneWallet },
    });

    // The creator holds the rest of what they launched.
    const own = await artist.c.get<HoldingsResponse>("/api/portfolio/holdings");
    expect(own.body.holdings).toMatchObject([
      { symbol: "HART", balance: "997500", share: "99.75%", launchedByYou: true },
    ]);

    // No market, no value; once the creator opens one, the holdings are valued at its price
    // (the market rows read for valuing are kept only until the market's next write).
    const opened = await artist.c.post<{ priceLamports: string }>(`/api/market/${art}/open`, {
      curveShareBps: 5000,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const valued = await fan.c.get<HoldingsResponse>("/api/portfolio/holdings");
    expect(valued.body.holdings.find((h) => h.mint === art)).toMatchObject({
      priceLamports: opened.body.priceLamports,
      valueLamports: expect.stringMatching(/^[1-9]\d*$/),
    });
    expect(valued.body.holdings.find((h) => h.mint === biz)).toMatchObject({ valueLamports: null });

    // Nothing held, nothing listed; nobody signed in, no answer.
    const empty = await member("hold_nobody");
    expect((await empty.c.get<HoldingsResponse>("/api/portfolio/holdings")).body).toEqual({ holdings: [] });
    expect((await new Client(t.url).get("/api/portfolio/holdings")).status).toBe(401);
  });
});
