import type { Agent } from "@shared/schemas/agents";
import type { MarketState } from "@shared/schemas/market";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../tests/support/http";
import { startTestApp, type TestApp } from "../../../tests/support/test-app";
import { loadConfig } from "../config";
import { agents, tokens, users } from "../db/schema/index";
import { DEMO_FAN } from "./demo-content";
import { demoSeedWanted, seedDemo } from "./seed.service";
import { seedOnStart } from "./seed-on-start";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const seed = () => seedDemo({ db: t.deps.database.db, ledger: t.deps.ledger, services: t.app.services });

describe("demo seed", () => {
  it("launches the four demo tokens on the ledger with the spec's agents, and a fan who unlocks ART and BIZ", async () => {
    expect(await demoSeedWanted(t.deps.database.db)).toBe(true);
    const result = await seed();
    expect(result.tokens.map((x) => [x.symbol, x.agent])).toEqual([
      ["ART", "Creative Catalyst"],
      ["CODE", "Code Mentor"],
      ["BEAT", "Music Producer AI"],
      ["BIZ", "Business Strategist"],
    ]);
    for (const token of result.tokens) {
      const mint = await t.deps.ledger.getMint(token.mint);
      expect(mint?.metadata?.symbol).toBe(token.symbol);
      expect(mint?.mintAuthority).toBeNull();
      // A market a fan can buy on: 80% of the million on the curve, in the vault on chain.
      const market = await new Client(t.url).get<MarketState>(`/api/market/${token.mint}`);
      expect(market.body.status).toBe("open");
      expect(market.body.realTokenReserves).toBe((800_000n * 10n ** 9n).toString());
      const vaultHeld = (await t.deps.ledger.getTokenAccountsByOwner(market.body.vault ?? "")).find(
        (h) => h.mint === token.mint,
      );
      expect(vaultHeld?.amount).toBe(800_000n * 10n ** 9n);
    }

    const fan = new Client(t.url);
    const login = await fan.post<{ user: { isDemo: boolean } }>("/api/auth/email", {
      email: DEMO_FAN.email,
      password: DEMO_FAN.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.user.isDemo).toBe(true);
    const list = await fan.get<Agent[]>("/api/ai-agents");
    expect(list.body.map((a) => [a.name, a.tokenRequirement, a.tokenSymbol, a.tier, a.isUnlocked])).toEqual([
      ["Creative Catalyst", "1000", "ART", "basic", true],
      ["Code Mentor", "5000", "CODE", "premium", false],
      ["Music Producer AI", "10000", "BEAT", "elite", false],
      ["Business Strategist", "2500", "BIZ", "premium", true],
    ]);
    const reply = await fan.post<{ reply: { message: string } }>("/api/ai-agents/chat", {
      agentId: list.body[0]?.id,
      message: "How do I pick a color palette?",
    });
    expect(reply.status).toBe(200);
    expect(reply.body.reply.message).toMatch(/dominant color/);
  });

  it("changes nothing when run again", async () => {
    const before = await snapshot();
    const again = await seed();
    expect(again.tokens.every((x) => !x.created)).toBe(true);
    expect(await snapshot()).toEqual(before);
  });
});

describe("demo seed at start-up (SEED_DEMO)", () => {
  it("seeds nothing on a public site unless asked, and leaves an install used without demo alone", async () => {
    const site = await startTestApp({ PUBLIC_URL: "https://launchpad.example" });
    try {
      const { config, database, ledger } = site.deps;
      expect(config.SEED_DEMO).toBe("ask");
      await seedOnStart(site.app, { config, database, ledger });
      expect(await database.db.select().from(users)).toHaveLength(0);

      // A real account and no demo one: "ask" would not seed even on a local site.
      await new Client(site.url).post("/api/register", {
        username: "real_person",
        email: "real@example.com",
        password: "secret1",
      });
      expect(await demoSeedWanted(database.db)).toBe(false);
    } finally {
      await site.close();
    }
  });

  it("counts a site as local only with no PUBLIC_URL or one on this machine", () => {
    const local = (PUBLIC_URL?: string) => loadConfig(PUBLIC_URL ? { PUBLIC_URL } : {}).siteIsLocal;
    expect(local()).toBe(true);
    expect(local("http://localhost:5000")).toBe(true);
    expect(local("http://127.0.0.1:8080/")).toBe(true);
    expect(local("http://[::1]:5000")).toBe(true);
    expect(local("https://launchpad.example")).toBe(false);
    expect(local("http://localhost.evil.example")).toBe(false);
    expect(local("http://192.168.1.10:5000")).toBe(false);
  });
});

async function snapshot() {
  const db = t.deps.database.db;
  const [tokenCount] = await db.select({ n: count() }).from(tokens);
  const [agentCount] = await db.select({ n: count() }).from(agents);
  const fan = new Client(t.url);
  await fan.post("/api/auth/email", { email: DEMO_FAN.email, password: DEMO_FAN.password });
  const balances = await fan.get<Array<{ symbol: string; balance: string }>>("/api/user/token-balances");
  const markets = await Promise.all(
    (await db.select({ mint: tokens.mintAddress }).from(tokens)).map(
      async ({ mint }) =>
        (await new Client(t.url).get<MarketState>(`/api/market/${mint}`)).body.realTokenReserves,
    ),
  );
  return {
    markets,
    tokens: tokenCount?.n,
    agents: agentCount?.n,
    balances: balances.body.map((b) => `${b.symbol}:${b.balance}`),
  };
}
