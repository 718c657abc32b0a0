import type { ApiError } from "@shared/schemas/api-error";
import type { Token } from "@shared/schemas/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testWallet } from "../../../../tests/support/keys";
import { signInWithWallet, signUpWithWallet } from "../../../../tests/support/people";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// Copies of well-known tokens (src/shared/famous-tokens.ts) are refused at launch, with a
// message naming the token they pass for: "DOGE" and "Dogecoin", and look-alikes of them.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
});
afterAll(async () => t?.close());

type Created = { token: Token; mintAddress: string };

async function embeddedCreator(username: string) {
  const { c, userId, wallet } = await signUpWithWallet(t.url, username);
  await t.deps.ledger.airdrop(wallet, 20_000_000_000n);
  return (over: Record<string, string>) =>
    c.post<Created & ApiError>("/api/tokens/create", {
      description: "",
      totalSupply: "1000",
      userId,
      creatorWallet: wallet,
      name: "Harbour Sketchbook",
      symbol: "HBSK",
      ...over,
    });
}

describe("famous tokens at launch", () => {
  let launch: Awaited<ReturnType<typeof embeddedCreator>>;
  beforeAll(async () => {
    launch = await embeddedCreator("famous-copier");
  });

  it("refuses Dogecoin's symbol, naming the token", async () => {
    const res = await launch({ name: "Dogecoin", symbol: "DOGE" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("FAMOUS_TOKEN");
    expect(res.body.error).toBe(
      "DOGE is the symbol of Dogecoin, a well-known token: choose another so fans are not misled.",
    );
    expect(res.body.fields?.symbol).toBe(res.body.error);
  });

  it.each([
    ["BTC", "BTC is the symbol of Bitcoin"],
    ["B0NK", "B0NK looks like BONK, the symbol of Bonk"],
    ["usdc", "USDC is the symbol of USD Coin"],
  ])("refuses the symbol %s", async (symbol, message) => {
    const res = await launch({ symbol });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("FAMOUS_TOKEN");
    expect(res.body.fields?.symbol).toContain(message);
  });

  it.each([["Dogecoin"], ["doge coin"], ["S\u043Elana"], ["BITCOIN"]])(
    "refuses the name %s under another symbol",
    async (name) => {
      const res = await launch({ name, symbol: "HBXQ" });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("FAMOUS_TOKEN");
      expect(res.body.fields?.name).toMatch(/is the name of a well-known token \((DOGE|SOL|BTC)\)/);
    },
  );

  it("refuses a browser wallet's prepare too", async () => {
    const w = await testWallet();
    const { c, userId } = await signInWithWallet(t.url, w);
    await t.deps.ledger.airdrop(w.address, 2_000_000_000n);
    const res = await c.post<ApiError>("/api/tokens/prepare", {
      description: "",
      totalSupply: "1000",
      userId,
      creatorWallet: w.address,
      name: "Ethereum",
      symbol: "ETHX",
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("FAMOUS_TOKEN");
  });

  it("launches a creator's own name and symbol", async () => {
    const res = await launch({ name: "Doge Portraits Studio", symbol: "DGPS" });
    expect(res.status).toBe(201);
  });
});
