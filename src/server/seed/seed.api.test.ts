import type { Agent } from "@shared/schemas/agents";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../tests/support/http";
import { startTestApp, type TestApp } from "../../../tests/support/test-app";
import { agents, tokens } from "../db/schema/index";
import { DEMO_FAN } from "./demo-content";
import { databaseIsEmpty, seedDemo } from "./seed.service";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const seed = () => seedDemo({ db: t.deps.database.db, ledger: t.deps.ledger, services: t.app.services });

describe("demo seed", () => {
  it("launches the four demo tokens on the ledger with the spec's agents, and a fan who unlocks ART and BIZ", async () => {
    expect(await databaseIsEmpty(t.deps.database.db)).toBe(true);
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

async function snapshot() {
  const db = t.deps.database.db;
  const [tokenCount] = await db.select({ n: count() }).from(tokens);
  const [agentCount] = await db.select({ n: count() }).from(agents);
  const fan = new Client(t.url);
  await fan.post("/api/auth/email", { email: DEMO_FAN.email, password: DEMO_FAN.password });
  const balances = await fan.get<Array<{ symbol: string; balance: string }>>("/api/user/token-balances");
  return {
    tokens: tokenCount?.n,
    agents: agentCount?.n,
    balances: balances.body.map((b) => `${b.symbol}:${b.balance}`),
  };
}
