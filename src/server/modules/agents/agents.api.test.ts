import type { Agent, ChatMessage, ChatResponse, ManagedAgent } from "@shared/schemas/agents";
import type { ApiError } from "@shared/schemas/api-error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
type ErrorBody = ApiError;

async function person(name: string) {
  const c = new Client(t.url);
  const reg = await c.post<{ user: { id: string } }>("/api/register", {
    username: name,
    email: `${name}@example.com`,
    password: "secret1",
  });
  const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
  await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
  return { c, userId: reg.body.user.id, wallet: gen.body.wallet.publicKey, name };
}

const NOTES = `# Pigments
Maya mixes her own pigments from highland heather every spring and grinds them by hand.

# Exhibitions
She exhibits in Edinburgh each August at the Fringe art market.`;

let creator: Awaited<ReturnType<typeof person>>;
let fan: Awaited<ReturnType<typeof person>>;
let other: Awaited<ReturnType<typeof person>>;
let mint: string;
let agent: ManagedAgent;

const agentFields = {
  name: "Creative Catalyst",
  specialty: "Creative direction",
  description: "Sparks ideas for your next piece.",
  avatar: "🎨",
  capabilities: ["Brainstorming", "Color palettes"],
  tier: "basic",
  tokenRequirement: "1000",
  responseStyle: "Inspiring and imaginative",
  knowledgeNotes: NOTES,
};

const chat = (who: { c: Client }, message: string, agentId = agent.id) =>
  who.c.post<ChatResponse & ErrorBody>("/api/ai-agents/chat", { agentId, message });
const transfer = (from: { c: Client }, to: string, amount: string) =>
  from.c.post(`/api/tokens/${mint}/transfer`, { to, amount });

beforeAll(async () => {
  t = await startTestApp();
  [creator, fan, other] = [await person("maya"), await person("fan1"), await person("other1")];
  const launched = await creator.c.post<{ mintAddress: string }>("/api/tokens/create", {
    name: "Maya Art",
    symbol: "MART",
    description: "",
    totalSupply: "1000000",
    imageUrl: "",
    website: "",
    twitter: "",
    discord: "",
    userId: creator.userId,
    creatorWallet: creator.wallet,
  });
  expect(launched.status).toBe(201);
  mint = launched.body.mintAddress;
  const created = await creator.c.post<ManagedAgent>("/api/ai-agents", { tokenMint: mint, ...agentFields });
  expect(created.status).toBe(201);
  agent = created.body;
});
afterAll(async () => t?.close());

describe("managing agents", () => {
  it("stores the creator's agent with its requirement in whole tokens", () => {
    expect(agent).toMatchObject({
      name: "Creative Catalyst",
      tokenSymbol: "MART",
      tokenMint: mint,
      tokenRequirement: "1000",
      isOwner: true,
      isActive: true,
      knowledgeNotes: NOTES,
    });
  });

  it("refuses anyone but the token's creator (403) and signed-out callers (401)", async () => {
    const create = await other.c.post<ErrorBody>("/api/ai-agents", { tokenMint: mint, ...agentFields });
    expect(create.status).toBe(403);
    expect(create.body.error).toBe("Only the token's creator can manage its agents");
    const edit = await other.c.patch<ErrorBody>(`/api/ai-agents/${agent.id}`, { name: "Hijacked" });
    expect(edit.status).toBe(403);
    expect((await new Client(t.url).patch(`/api/ai-agents/${agent.id}`, { name: "Anon" })).status).toBe(401);
    const list = await new Client(t.url).get<Agent[]>("/api/ai-agents");
    expect(list.body.find((a) => a.id === agent.id)?.name).toBe("Creative Catalyst");
  });

  it("validates the requirement against the token", async () => {
    const tooMuch = await creator.c.patch<ErrorBody>(`/api/ai-agents/${agent.id}`, {
      tokenRequirement: "1000001",
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields?.tokenRequirement).toBe("Requirement exceeds the token's total supply");
    const bad = await creator.c.patch<ErrorBody>(`/api/ai-agents/${agent.id}`, { tokenRequirement: "lots" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.tokenRequirement).toBe("Must be a number of tokens");
    // Finer than the token: said so, in the transfer form's words.
    const fine = await creator.c.patch<ErrorBody>(`/api/ai-agents/${agent.id}`, {
      tokenRequirement: "0.0000000001",
    });
    expect(fine.status).toBe(400);
    expect(fine.body.fields?.tokenRequirement).toBe("MART has at most 9 decimals");
    // The same capability twice (in any case) is refused: the list shows each once.
    const twice = await creator.c.patch<ErrorBody>(`/api/ai-agents/${agent.id}`, {
      capabilities: ["Color palettes", "color palettes"],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fields?.capabilities).toBe("List each capability once");
  });

  it("changes only the fields a PATCH names", async () => {
    const created = await creator.c.post<ManagedAgent>("/api/ai-agents", {
      tokenMint: mint,
      ...agentFields,
      name: "Kept",
    });
    const off = await creator.c.patch<ManagedAgent>(`/api/ai-agents/${created.body.id}`, { isActive: false });
    expect(off.body).toMatchObject({
      isActive: false,
      knowledgeNotes: NOTES,
      description: agentFields.description,
      capabilities: agentFields.capabilities,
    });
    const renamed = await creator.c.patch<ManagedAgent>(`/api/ai-agents/${created.body.id}`, {
      name: "Renamed",
    });
    expect(renamed.body).toMatchObject({ name: "Renamed", isActive: false, knowledgeNotes: NOTES });
  });

  it("hides a deactivated agent and refuses chat with it", async () => {
    const created = await creator.c.post<ManagedAgent>("/api/ai-agents", {
      tokenMint: mint,
      ...agentFields,
      name: "Retired",
      tokenRequirement: "1",
    });
    const off = await creator.c.patch<ManagedAgent>(`/api/ai-agents/${created.body.id}`, { isActive: false });
    expect(off.body.isActive).toBe(false);
    expect((await creator.c.get<Agent[]>("/api/ai-agents")).body.map((a) => a.id)).not.toContain(
      created.body.id,
    );
    expect((await creator.c.get<ManagedAgent[]>("/api/ai-agents/mine")).body.map((a) => a.id)).toContain(
      created.body.id,
    );
    expect((await chat(creator, "hello", created.body.id)).status).toBe(404);
  });
});

describe("gating on the on-chain balance", () => {
  it("is locked when signed out and with no tokens", async () => {
    const anon = await new Client(t.url).get<Agent[]>("/api/ai-agents");
    expect(anon.body.find((a) => a.id === agent.id)).toMatchObject({ isUnlocked: false, heldAmount: null });
    expect((await fan.c.get<Agent[]>("/api/ai-agents")).body.find((a) => a.id === agent.id)?.heldAmount).toBe(
      "0",
    );
    expect((await fan.c.get<Agent[]>("/api/ai-agents")).body.find((a) => a.id === agent.id)?.isUnlocked).toBe(
      false,
    );
    expect(
      (await new Client(t.url).post("/api/ai-agents/chat", { agentId: agent.id, message: "hi" })).status,
    ).toBe(401);
  });

  it("refuses at requirement − 1 and accepts at the requirement", async () => {
    expect((await transfer(creator, fan.wallet, "999")).status).toBe(200);
    const refused = await chat(fan, "Where do the pigments come from?");
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("You need 1000 MART tokens to use this agent.");
    // Locked, with what the fan holds: the page says "You hold 999 of 1,000 MART".
    expect((await fan.c.get<Agent[]>("/api/ai-agents")).body.find((a) => a.id === agent.id)).toMatchObject({
      isUnlocked: false,
      heldAmount: "999",
    });

    expect((await transfer(creator, "fan1", "1")).status).toBe(200);
    expect((await fan.c.get<Agent[]>("/api/ai-agents")).body.find((a) => a.id === agent.id)?.isUnlocked).toBe(
      true,
    );
    const ok = await chat(fan, "Where do the pigments come from?");
    expect(ok.status).toBe(200);
    expect(ok.body.engine).toEqual({ kind: "offline", label: "answered offline" });
    expect(ok.body.reply.message).toContain("highland heather");
    expect(ok.body.reply.isUser).toBe(false);
  });

  it("refuses the next message once a transfer drops the balance below the requirement", async () => {
    expect((await chat(fan, "When is the exhibition?")).status).toBe(200);
    expect((await transfer(fan, other.wallet, "0.000000001")).status).toBe(200);
    const refused = await chat(fan, "When is the exhibition?");
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("You need 1000 MART tokens to use this agent.");
    // Back to exactly the requirement.
    expect((await transfer(creator, fan.wallet, "0.000000001")).status).toBe(200);
    expect((await chat(fan, "When is the exhibition?")).status).toBe(200);
  });
});

describe("chat", () => {
  it("streams server-sent events whose deltas make up the stored reply", async () => {
    const res = await fetch(`${t.url}/api/ai-agents/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", cookie: fan.c.cookie },
      body: JSON.stringify({ agentId: agent.id, message: "Tell me about the Edinburgh exhibitions" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = parseSse(await res.text());
    expect(events[0]?.event).toBe("meta");
    const deltas = events.filter((e) => e.event === "delta").map((e) => (e.data as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(5);
    const done = events.at(-1);
    expect(done?.event).toBe("done");
    const reply = (done?.data as { reply: ChatMessage } | undefined)?.reply as ChatMessage;
    expect(deltas.join("")).toBe(reply.message);
    expect(reply.message).toContain("Edinburgh");
  });

  it("says plainly when the notes do not cover a question", async () => {
    const res = await chat(fan, "What is the best pizza topping in Naples?");
    expect(res.body.reply.message).toMatch(/notes don't cover that/);
  });

  it("keeps each person's history to themselves, in order", async () => {
    await transfer(creator, other.wallet, "1000");
    await chat(other, "Where are the pigments from? (other)");
    const mine = await fan.c.get<ChatMessage[]>(`/api/ai-agents/${agent.id}/messages`);
    expect(mine.status).toBe(200);
    expect(mine.body.some((m) => m.message.includes("(other)"))).toBe(false);
    expect(mine.body[0]).toMatchObject({ isUser: true, message: "Where do the pigments come from?" });
    expect(mine.body[1]?.isUser).toBe(false);
    const theirs = await other.c.get<ChatMessage[]>(`/api/ai-agents/${agent.id}/messages`);
    expect(theirs.body.map((m) => m.message)[0]).toBe("Where are the pigments from? (other)");
    expect(theirs.body).toHaveLength(2);
    expect((await new Client(t.url).get(`/api/ai-agents/${agent.id}/messages`)).status).toBe(401);
  });

  it("answers a resend under the same idempotency key with the stored exchange, stored once", async () => {
    const body = {
      agentId: agent.id,
      message: "Which pigments travel best?",
      idempotencyKey: "chat-once-0001",
    };
    const first = await fan.c.post<{ userMessage: ChatMessage; reply: ChatMessage }>(
      "/api/ai-agents/chat",
      body,
    );
    const again = await fan.c.post<{ userMessage: ChatMessage; reply: ChatMessage }>(
      "/api/ai-agents/chat",
      body,
    );
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.userMessage.id).toBe(first.body.userMessage.id);
    expect(again.body.reply).toEqual(first.body.reply);
    const history = (await fan.c.get<ChatMessage[]>(`/api/ai-agents/${agent.id}/messages`)).body;
    expect(history.filter((m) => m.message === body.message)).toHaveLength(1);
    // Another person's request under the same key is their own exchange.
    const theirs = await other.c.post<{ userMessage: ChatMessage }>("/api/ai-agents/chat", body);
    expect(theirs.body.userMessage.id).not.toBe(first.body.userMessage.id);
  });

  it("validates the message", async () => {
    const blank = await fan.c.post<ErrorBody>("/api/ai-agents/chat", { agentId: agent.id, message: "   " });
    expect(blank.status).toBe(400);
    expect((await chat(fan, "hi", "no-such-agent")).status).toBe(404);
  });
});

describe("rate limit", () => {
  it("limits chat per user, not per neighbour", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await chat(other, `question ${i}`)).status);
    const limited = await chat(other, "one more");
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("Too many messages in a row. Please wait a minute.");
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(30);
    expect((await chat(fan, "Where do the pigments come from?")).status).toBe(200);
  });
});

function parseSse(text: string): Array<{ event: string; data: unknown }> {
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? "null";
      return { event, data: JSON.parse(data) as unknown };
    });
}
