import { AiProfileSchema } from "@shared/schemas/ai";
import { TokenFormSchema } from "@shared/schemas/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../../../../tests/support/fake-llm-server";
import { Client } from "../../../../tests/support/http";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// The whole route with a provider configured (an OpenAI-compatible local server): every
// provider failure still ends in a valid profile, labelled with the engine that drafted it.
const KEY = "local-key-SECRET-9876543210";
let t: TestApp;
let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
  t = await startTestApp({
    AI_PROVIDER: "openai-compatible",
    AI_BASE_URL: `${fake.url}/v1`,
    AI_MODEL: "local-fake",
    AI_API_KEY: KEY,
    // Room for a good answer on a busy machine; the hang below only ends by this deadline.
    AI_TIMEOUT_MS: "2000",
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const body = {
  userInput: "I record lo-fi piano loops for study streams",
  profession: "musician",
  style: "casual",
};
const good = {
  name: "Piano Loops",
  symbol: "LOOPS",
  description: "Lo-fi piano loops for study streams.",
  tagline: "Study with me.",
  totalSupply: "1000000",
  allocation: [
    { label: "Listeners", percent: 60 },
    { label: "Artist", percent: 40 },
  ],
};

async function draft() {
  const res = await new Client(t.url).post("/api/ai/generate-identity", body);
  expect(res.status).toBe(200);
  expect(JSON.stringify(res.body)).not.toContain(KEY);
  const profile = AiProfileSchema.parse(res.body);
  expect(TokenFormSchema.safeParse({ ...profile, totalSupply: profile.tokenomics.totalSupply }).success).toBe(
    true,
  );
  return profile;
}

describe("POST /api/ai/generate-identity with a provider", () => {
  it("answers with the provider's draft and says so", async () => {
    fake.enqueue({ kind: "text", text: JSON.stringify(good) });
    expect(await draft()).toMatchObject({
      symbol: "LOOPS",
      engine: { kind: "provider", label: "drafted by local-fake" },
    });
  });

  it.each([
    [
      "malformed JSON twice",
      [
        { kind: "text", text: "{oops" },
        { kind: "text", text: "[]" },
      ],
      "provider answer unusable",
    ],
    ["a 429", [{ kind: "status", status: 429 }], "provider rate-limited"],
    [
      "a 500 twice",
      [
        { kind: "status", status: 500 },
        { kind: "status", status: 500 },
      ],
      "provider unavailable",
    ],
    ["a timeout", [{ kind: "hang", ms: 120_000 }], "provider timed out"],
    [
      "a refused key",
      [{ kind: "status", status: 401, message: `bad key ${KEY}` }],
      "provider refused the key",
    ],
  ] as const)("falls back to a valid offline draft after %s", async (_name, replies, reason) => {
    fake.enqueue(...replies);
    const profile = await draft();
    expect(profile.engine).toEqual({ kind: "offline", label: `drafted offline (${reason})` });
  });
});

/** A creator who holds their token and its agent (the knowledge notes mention 70 to 80 BPM). */
async function creatorWithAgent(username: string, symbol: string) {
  const c = new Client(t.url);
  const reg = await c.post<{ user: { id: string } }>("/api/register", {
    username,
    email: `${username}@example.com`,
    password: "secret1",
  });
  const wallet = (await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate")).body.wallet
    .publicKey;
  await c.post("/api/wallet/airdrop", { address: wallet, amount: 2 });
  const launched = await c.post<{ mintAddress: string }>("/api/tokens/create", {
    name: `Provider Test ${symbol}`,
    symbol,
    totalSupply: "1000",
    userId: reg.body.user.id,
    creatorWallet: wallet,
  });
  const agent = await c.post<{ id: string }>("/api/ai-agents", {
    tokenMint: launched.body.mintAddress,
    name: "Loop Coach",
    specialty: "Piano loops",
    avatar: "🎹",
    tier: "basic",
    tokenRequirement: "1",
    responseStyle: "Friendly",
    knowledgeNotes: "Record loops at 70 to 80 BPM for study streams.",
  });
  expect(agent.status).toBe(201);
  return { c, agent: agent.body };
}

describe("agent chat with a provider", () => {
  it("streams the provider's answer over SSE, labelled, and falls back offline on failure", async () => {
    const { c, agent } = await creatorWithAgent("provmaya", "PROVT");
    const ask = async () => {
      const res = await fetch(`${t.url}/api/ai-agents/chat`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", cookie: c.cookie },
        body: JSON.stringify({ agentId: agent.id, message: "What tempo should loops have?" }),
      });
      expect(res.status).toBe(200);
      return res.text();
    };

    fake.enqueue({ kind: "text", text: "Keep them between 70 and 80 BPM." });
    const streamed = await ask();
    expect(streamed).toContain('"label":"answered by local-fake"');
    expect(streamed.match(/event: delta/g)?.length).toBeGreaterThan(3);
    expect(streamed).toContain("event: done");
    const sent = fake.requests.at(-1);
    expect(sent?.stream).toBe(true);
    expect(JSON.stringify(sent?.body)).toContain("70 to 80 BPM");

    fake.enqueue({ kind: "status", status: 503 });
    const fallback = await ask();
    expect(fallback).toContain('"label":"answered offline (provider unavailable)"');
    expect(fallback).toContain("70 to 80 BPM");
    expect(fallback).not.toContain(KEY);
  });

  it("a resend while the answer streams waits for it, and a listener that left still gets it stored whole: the model is asked once", async () => {
    const { c, agent } = await creatorWithAgent("provresend", "PROVR");
    const text = "Keep loops between seventy and eighty BPM so a study stream stays calm for hours.";
    const message = "How fast should loops be?";
    const body = { agentId: agent.id, message, idempotencyKey: "resend-while-streaming-1" };
    fake.enqueue({ kind: "text", text, chunkDelayMs: 40 });
    const asked = fake.requests.length;

    const leaving = new AbortController();
    const first = await fetch(`${t.url}/api/ai-agents/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", cookie: c.cookie },
      body: JSON.stringify(body),
      signal: leaving.signal,
    });
    expect(first.status).toBe(200);
    const reader = first.body?.getReader();
    const decoder = new TextDecoder();
    let streamed = "";
    while (reader && !streamed.includes("event: delta"))
      streamed += decoder.decode((await reader.read()).value, { stream: true });

    // The same message again while the first answer is still arriving; then the first
    // listener goes away mid-answer (as a dropped connection does).
    const resent = c.post<{ userMessage: { id: string }; reply: { message: string } }>(
      "/api/ai-agents/chat",
      body,
    );
    leaving.abort();
    const again = await resent;
    expect(again.status).toBe(200);
    expect(again.body.reply.message).toBe(text);
    expect(fake.requests.length).toBe(asked + 1);
    const history = (
      await c.get<Array<{ message: string; isUser: boolean }>>(`/api/ai-agents/${agent.id}/messages`)
    ).body;
    expect(history.filter((m) => m.message === message)).toHaveLength(1);
    expect(history.at(-1)).toMatchObject({ isUser: false, message: text });
  });
});
