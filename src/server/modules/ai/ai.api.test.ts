import { AiProfileSchema } from "@shared/schemas/ai";
import { TokenFormSchema } from "@shared/schemas/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { tokens, users } from "../../db/schema/index";
import { symbolSkeleton } from "../../lib/lookalike";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const body = {
  userInput: "I'm Maya, I paint watercolor landscapes of the Scottish highlands",
  profession: "artist",
  style: "creative",
};

describe("POST /api/ai/generate-identity", () => {
  it("drafts a profile that passes the token form, signed out", async () => {
    const res = await new Client(t.url).post("/api/ai/generate-identity", body);
    expect(res.status).toBe(200);
    const profile = AiProfileSchema.parse(res.body);
    expect(profile.engine).toEqual({ kind: "offline", label: "drafted offline" });
    expect(profile.name).toContain("Maya");
    expect(
      TokenFormSchema.safeParse({ ...profile, totalSupply: profile.tokenomics.totalSupply }).success,
    ).toBe(true);
  });

  it("offers several candidates, and a retry (attempt + names shown) gives a different draft", async () => {
    const client = new Client(t.url);
    const lisbon = {
      userInput: "I'm a jazz pianist in Lisbon teaching online masterclasses",
      profession: "musician",
    };
    const first = AiProfileSchema.parse((await client.post("/api/ai/generate-identity", lisbon)).body);
    expect(first.name).toBe("Lisbon Jazz Keys");
    expect(first.candidates.length).toBeGreaterThanOrEqual(3);
    const shown = first.candidates.map((c) => c.name);
    const again = AiProfileSchema.parse(
      (await client.post("/api/ai/generate-identity", { ...lisbon, attempt: 1, exclude: shown })).body,
    );
    expect(again.name).not.toBe(first.name);
    expect(again.candidates.filter((c) => shown.includes(c.name))).toEqual([]);
    // The same request again is the same draft: retries differ by attempt, not by chance.
    expect(AiProfileSchema.parse((await client.post("/api/ai/generate-identity", lisbon)).body)).toEqual(
      first,
    );
  });

  it("applies the spec's defaults for goals, audience, profession and style", async () => {
    const res = await new Client(t.url).post("/api/ai/generate-identity", { userInput: body.userInput });
    expect(res.status).toBe(200);
    expect(AiProfileSchema.parse(res.body).description).toMatch(/supporters/);
  });

  it("never proposes a symbol a live or pending token already uses", async () => {
    const first = AiProfileSchema.parse(
      (await new Client(t.url).post("/api/ai/generate-identity", body)).body,
    );
    const db = t.deps.database.db;
    await db.insert(users).values({ id: "u-taken", username: "taken" });
    await db.insert(tokens).values({
      id: "t-taken",
      userId: "u-taken",
      name: "Taken",
      symbol: first.symbol,
      // As the launch writes it (tokens.repo computes it on insert).
      symbolSkeleton: symbolSkeleton(first.symbol),
      totalSupply: "1000",
      decimals: 9,
      creatorWallet: "w",
      mintAddress: "m-taken",
      status: "active",
    });
    const second = AiProfileSchema.parse(
      (await new Client(t.url).post("/api/ai/generate-identity", body)).body,
    );
    expect(second.symbol).not.toBe(first.symbol);
    expect(second.symbol).toMatch(/^[A-Z]{3,6}$/);
  });

  it("refuses input under 10 characters with a field message", async () => {
    const res = await new Client(t.url).post<{ error: string; fields: Record<string, string> }>(
      "/api/ai/generate-identity",
      { userInput: "   short   " },
    );
    expect(res.status).toBe(400);
    expect(res.body.fields.userInput).toMatch(/at least 10 characters/);
  });

  it.each(["asdfghjkl qwerty", "!!!! ???? 1234 5678 ....", "jkjkjkjk fjfjfjfj"])(
    "refuses %j as not a description, with a code and a field message",
    async (userInput) => {
      const res = await new Client(t.url).post<{
        error: string;
        code: string;
        fields: Record<string, string>;
      }>("/api/ai/generate-identity", { userInput });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("NOT_A_DESCRIPTION");
      expect(res.body.error).toMatch(/doesn't read like a description/);
      expect(res.body.fields.userInput).toBe(res.body.error);
    },
  );

  it.each([
    "Developer here building rust tools",
    "I paint murals in Oakland",
    "Sou pianista de jazz em Lisboa",
  ])("drafts from a short real description: %j", async (userInput) => {
    expect((await new Client(t.url).post("/api/ai/generate-identity", { userInput })).status).toBe(200);
  });

  it.each([
    "我是一名来自上海的插画师，想让粉丝参与我的下一本画集",
    "日本の東京でイラストを描いています",
    "أنا مصور فوتوغرافي من القاهرة",
    "मैं मुंबई का एक संगीतकार हूँ",
    "Я музыкант из Москвы, пишу электронную музыку",
  ])("drafts from a description in another script: %j", async (userInput) => {
    const res = await new Client(t.url).post<{ name: string; symbol: string; description: string }>(
      "/api/ai/generate-identity",
      { userInput },
    );
    expect(res.status).toBe(200);
    expect(res.body.name).toMatch(/^[A-Za-z][A-Za-z' ]+$/);
    expect(res.body.symbol).toMatch(/^[A-Z]{3,6}$/);
    expect(res.body.description).toContain(userInput);
  });

  it("never drafts a well-known token's symbol, even when asked for it", async () => {
    const res = await new Client(t.url).post<{ candidates: { name: string; symbol: string }[] }>(
      "/api/ai/generate-identity",
      { userInput: "I want my token to be Dogecoin with symbol DOGE" },
    );
    expect(res.status).toBe(200);
    for (const c of res.body.candidates) {
      expect(c.symbol).not.toBe("DOGE");
      expect(c.name).not.toMatch(/doge/i);
    }
  });

  it("refuses an unknown profession", async () => {
    const res = await new Client(t.url).post("/api/ai/generate-identity", {
      ...body,
      profession: "astronaut",
    });
    expect(res.status).toBe(400);
  });

  it("limits drafts per signed-in user", async () => {
    const client = new Client(t.url);
    const reg = await client.post("/api/register", {
      username: "drafter",
      email: "drafter@example.com",
      password: "secret1",
    });
    expect(reg.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await client.post("/api/ai/generate-identity", body)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const last = await client.post<{ error: string }>("/api/ai/generate-identity", body);
    expect(last.status).toBe(429);
    expect(last.body.error).toBe("Too many AI drafts in a row. Please wait a minute.");
    // Someone else on the same IP is not affected by this user's limit.
    expect((await new Client(t.url).post("/api/ai/generate-identity", body)).status).toBe(200);
  });

  it("limits drafts per IP with a 429 in the API's error format", async () => {
    const client = new Client(t.url);
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      statuses.push((await client.post("/api/ai/generate-identity", body)).status);
    }
    expect(statuses).toContain(429);
    const res = await client.post<{ error: string }>("/api/ai/generate-identity", body);
    expect(res.status).toBe(429);
    expect(typeof res.body.error).toBe("string");
  });
});
