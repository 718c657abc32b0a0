import { GenerateIdentitySchema } from "@shared/schemas/ai";
import { TokenFormSchema } from "@shared/schemas/token";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeLlm, startFakeLlm } from "../../../../tests/support/fake-llm-server";
import { loadConfig } from "../../config";
import type { AgentChatRequest, AiEngine, DraftContext } from "../engine";
import { createAiEngine } from "../index";

// The AI SDK providers against a local server speaking the OpenAI and Gemini protocols.
const KEY = "sk-test-SECRET-0123456789abcdef";
const logs: string[] = [];
const log = {
  warn: (message: string, detail?: Record<string, unknown>) =>
    void logs.push(JSON.stringify({ message, ...detail })),
};
let fake: FakeLlm;

const consoleLines: string[] = [];
beforeAll(async () => {
  fake = await startFakeLlm();
  // Nothing in the AI layer may print to the console (the SDK's default error handler would
  // print request and response bodies).
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation(
      (...args: unknown[]) => void consoleLines.push(args.map(String).join(" ")),
    );
  }
});
afterAll(async () => {
  await fake.close();
  // Whatever happened in this file, the key never reached a log line.
  expect(logs.length).toBeGreaterThan(0);
  expect(consoleLines).toEqual([]);
  vi.restoreAllMocks();
  for (const line of logs) expect(line).not.toContain(KEY);
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.fallback = () => ({ kind: "text", text: "Hello from the fake model." });
});

const free: DraftContext = { takenSymbols: async () => new Set() };
/** A platform where exactly this symbol is in use. */
const takenOnly = (symbol: string): DraftContext => ({
  takenSymbols: async (symbols) => new Set(symbols.filter((s) => s === symbol)),
});
const request = GenerateIdentitySchema.parse({
  userInput: "I'm Maya, I paint watercolor landscapes of the Scottish highlands",
  profession: "artist",
  style: "creative",
});
const good = {
  name: "Highland Watercolors",
  symbol: "HIGHW",
  description: "Maya's watercolor landscapes of the Scottish highlands, owned with her collectors.",
  tagline: "Paint the highlands together.",
  totalSupply: "100000",
  allocation: [
    { label: "Collectors", percent: 50 },
    { label: "Artist", percent: 30 },
    { label: "Reserve", percent: 20 },
  ],
};

function openai(env: Record<string, string> = {}): AiEngine {
  return createAiEngine(
    loadConfig({
      AI_PROVIDER: "openai",
      AI_MODEL: "fake-model",
      AI_BASE_URL: `${fake.url}/v1`,
      OPENAI_API_KEY: KEY,
      AI_TIMEOUT_MS: "10000", // a good answer never misses it, however busy the machine
      ...env,
    }),
    { log },
  );
}
function gemini(env: Record<string, string> = {}): AiEngine {
  return createAiEngine(
    loadConfig({
      AI_PROVIDER: "google",
      AI_MODEL: "gemini-fake",
      AI_BASE_URL: `${fake.url}/v1beta`,
      GOOGLE_GENERATIVE_AI_API_KEY: KEY,
      AI_TIMEOUT_MS: "10000", // a good answer never misses it, however busy the machine
      ...env,
    }),
    { log },
  );
}

function expectValid(profile: Awaited<ReturnType<AiEngine["draftIdentity"]>>) {
  expect(TokenFormSchema.safeParse({ ...profile, totalSupply: profile.tokenomics.totalSupply }).success).toBe(
    true,
  );
  expect(profile.symbol).toMatch(/^[A-Z]{3,6}$/);
  expect(profile.tokenomics.allocation.reduce((s, a) => s + a.percent, 0)).toBe(100);
}

describe("identity drafting through OpenAI chat completions", () => {
  it("uses a good structured answer, sending the key only as a bearer token", async () => {
    fake.enqueue({ kind: "text", text: JSON.stringify(good) });
    const profile = await openai().draftIdentity(request, free);
    expect(profile).toMatchObject({
      name: good.name,
      symbol: "HIGHW",
      engine: { kind: "provider", label: "drafted by openai fake-model" },
    });
    expectValid(profile);
    const sent = fake.requests[0];
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body).toMatchObject({ model: "fake-model", response_format: { type: "json_schema" } });
    expect(JSON.stringify(sent?.body)).toContain("watercolor landscapes");
  });

  it("repairs out-of-range fields instead of failing", async () => {
    fake.enqueue({
      kind: "text",
      text: JSON.stringify({
        ...good,
        name: "N".repeat(80),
        symbol: "hi-gh",
        totalSupply: "1,000,000",
        allocation: [
          { label: "A", percent: 45 },
          { label: "B", percent: 45 },
        ],
      }),
    });
    const profile = await openai().draftIdentity(request, free);
    expect(profile.engine.kind).toBe("provider");
    expect(profile.name.length).toBeLessThanOrEqual(50);
    expect(profile.symbol).toBe("HIGH");
    expect(profile.tokenomics.totalSupply).toBe("1000000");
    expect(profile.tokenomics.allocation).toEqual([
      { label: "A", percent: 50 },
      { label: "B", percent: 50 },
    ]);
    expectValid(profile);
  });

  it("replaces a symbol the platform already uses", async () => {
    fake.enqueue({ kind: "text", text: JSON.stringify(good) });
    const profile = await openai().draftIdentity(request, takenOnly("HIGHW"));
    expect(profile.engine.kind).toBe("provider");
    expect(profile.symbol).not.toBe("HIGHW");
    expectValid(profile);
  });

  it("retries once after malformed JSON", async () => {
    fake.enqueue({ kind: "text", text: "{ this is not json" }, { kind: "text", text: JSON.stringify(good) });
    const profile = await openai().draftIdentity(request, free);
    expect(profile.engine.kind).toBe("provider");
    expect(fake.requests).toHaveLength(2);
  });

  it("falls back to the offline draft after two malformed answers, and says so", async () => {
    fake.enqueue({ kind: "text", text: "nope" }, { kind: "text", text: '{"name": 1}' });
    const profile = await openai().draftIdentity(request, free);
    expect(profile.engine).toEqual({ kind: "offline", label: "drafted offline (provider answer unusable)" });
    expect(fake.requests).toHaveLength(2);
    expectValid(profile);
  });

  it("retries a 500 once, then falls back", async () => {
    fake.enqueue({ kind: "status", status: 500 }, { kind: "text", text: JSON.stringify(good) });
    expect((await openai().draftIdentity(request, free)).engine.kind).toBe("provider");
    fake.requests.length = 0;
    fake.enqueue({ kind: "status", status: 500 }, { kind: "status", status: 503 });
    const profile = await openai().draftIdentity(request, free);
    expect(profile.engine.label).toBe("drafted offline (provider unavailable)");
    expect(fake.requests).toHaveLength(2);
    expectValid(profile);
  });

  it("does not hammer a provider that answers 429", async () => {
    fake.enqueue({ kind: "status", status: 429, message: "Rate limit reached" });
    const profile = await openai().draftIdentity(request, free);
    expect(profile.engine.label).toBe("drafted offline (provider rate-limited)");
    expect(fake.requests).toHaveLength(1);
    expectValid(profile);
  });

  it("gives up within AI_TIMEOUT_MS and drafts offline", async () => {
    // The fake answers long after the test's own timeout: only AI_TIMEOUT_MS can end this,
    // and the label says it did (no wall-clock window to miss on a busy machine).
    fake.enqueue({ kind: "hang", ms: 120_000 });
    const profile = await openai({ AI_TIMEOUT_MS: "300" }).draftIdentity(request, free);
    expect(profile.engine.label).toBe("drafted offline (provider timed out)");
    expectValid(profile);
  });

  it("keeps the key out of logs and answers when the provider echoes it back", async () => {
    fake.enqueue({ kind: "status", status: 401, message: `Incorrect API key provided: ${KEY}` });
    const before = logs.length;
    const profile = await openai().draftIdentity(request, free);
    expect(profile.engine.label).toBe("drafted offline (provider refused the key)");
    expect(JSON.stringify(profile)).not.toContain(KEY);
    const line = logs.slice(before).join("\n");
    expect(line).toContain("[redacted]");
    expect(line).not.toContain(KEY);
  });
});

describe("identity drafting through Gemini", () => {
  it("uses a good answer, with the key in x-goog-api-key", async () => {
    fake.enqueue({ kind: "text", text: JSON.stringify(good) });
    const profile = await gemini().draftIdentity(request, free);
    expect(profile.engine).toEqual({ kind: "provider", label: "drafted by google gemini-fake" });
    expect(fake.requests[0]?.path).toContain("/models/gemini-fake:generateContent");
    expect(fake.requests[0]?.headers["x-goog-api-key"]).toBe(KEY);
    expect(fake.requests[0]?.path).not.toContain(KEY);
  });

  it("falls back on 429 and on a 500 twice", async () => {
    fake.enqueue({ kind: "status", status: 429 });
    expect((await gemini().draftIdentity(request, free)).engine.label).toBe(
      "drafted offline (provider rate-limited)",
    );
    fake.enqueue({ kind: "status", status: 500 }, { kind: "status", status: 500 });
    expect((await gemini().draftIdentity(request, free)).engine.label).toBe(
      "drafted offline (provider unavailable)",
    );
  });
});

describe("identity drafting through an OpenAI-compatible server (Ollama, LM Studio)", () => {
  it("works without a key", async () => {
    fake.enqueue({ kind: "text", text: JSON.stringify(good) });
    const engine = createAiEngine(
      loadConfig({ AI_PROVIDER: "openai-compatible", AI_MODEL: "llama-fake", AI_BASE_URL: `${fake.url}/v1` }),
      { log },
    );
    const profile = await engine.draftIdentity(request, free);
    expect(profile.engine).toEqual({ kind: "provider", label: "drafted by llama-fake" });
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("uses the offline engine when a provider's key is missing, and says why", async () => {
    const before = logs.length;
    const engine = createAiEngine(loadConfig({ AI_PROVIDER: "anthropic" }), { log });
    expect(engine.kind).toBe("offline");
    expect(logs.slice(before).join()).toContain("ANTHROPIC_API_KEY is not set");
  });
});

describe("identity drafting rules for providers", () => {
  const prompt = (i: number) => JSON.stringify(fake.requests[i]?.body);

  it("tells the model the naming, proper-noun and no-investment rules, and the names already shown", async () => {
    fake.enqueue({ kind: "text", text: JSON.stringify(good) });
    await openai().draftIdentity(
      GenerateIdentitySchema.parse({ ...request, attempt: 2, exclude: ["Maya Muse", "Highland Studio"] }),
      free,
    );
    const sent = prompt(0);
    expect(sent).toContain("membership, not a security");
    expect(sent).toContain("Never use investment or profit language");
    expect(sent).toContain("Keep proper nouns and brands exactly as the person wrote them");
    expect(sent).toContain(
      "Names already shown to the person (propose different ones): Maya Muse; Highland Studio",
    );
  });

  it("offers the model's alternatives as candidates, each with a distinct free symbol, none already shown", async () => {
    fake.enqueue({
      kind: "text",
      text: JSON.stringify({
        ...good,
        alternatives: [
          { name: "Maya Muse", symbol: "HIGHW", tagline: "Shown before." },
          { name: "Glen Palette", symbol: "HIGHW", tagline: "Colour of the glens." },
          { name: "Loch Light", symbol: "LOCH", tagline: "Light on the water." },
        ],
      }),
    });
    const profile = await openai().draftIdentity(
      GenerateIdentitySchema.parse({ ...request, exclude: ["maya muse"] }),
      takenOnly("LOCH"),
    );
    expect(profile.candidates.map((c) => c.name)).toEqual([
      "Highland Watercolors",
      "Glen Palette",
      "Loch Light",
    ]);
    const symbols = profile.candidates.map((c) => c.symbol);
    expect(symbols[0]).toBe("HIGHW");
    expect(new Set(symbols).size).toBe(3);
    expect(symbols).not.toContain("LOCH");
    expect(profile.candidates[1]?.tagline).toBe("Colour of the glens.");
  });

  it("drops investment sentences from the description, and asks again when the name or tagline talks money", async () => {
    fake.enqueue(
      {
        kind: "text",
        text: JSON.stringify({
          ...good,
          tagline: "Invest early, profit together.",
          description: "Watercolor landscapes of the highlands. Watch your returns grow!",
        }),
      },
      {
        kind: "text",
        text: JSON.stringify({
          ...good,
          description: "Watercolor landscapes of the highlands. Holders' price goes up as we grow.",
        }),
      },
    );
    const profile = await openai().draftIdentity(request, free);
    expect(profile.engine.kind).toBe("provider");
    expect(profile.tagline).toBe(good.tagline);
    expect(profile.description).toBe("Watercolor landscapes of the highlands.");
    expect(fake.requests).toHaveLength(2);
    expect(prompt(1)).toContain("must not use investment or profit language");
  });

  it("falls back offline when the model keeps talking money", async () => {
    const money = { kind: "text" as const, text: JSON.stringify({ ...good, name: "Profit Palette" }) };
    fake.enqueue(money, money);
    const profile = await openai().draftIdentity(request, free);
    expect(profile.engine).toEqual({ kind: "offline", label: "drafted offline (provider answer unusable)" });
    expect(JSON.stringify(profile)).not.toMatch(/profit/i);
  });
});

const chatRequest: AgentChatRequest = {
  agent: {
    name: "Creative Catalyst",
    specialty: "Creative direction",
    description: "Helps holders find ideas.",
    capabilities: ["Brainstorming"],
    tier: "basic",
    responseStyle: "Inspiring and imaginative",
    knowledgeNotes:
      "Maya mixes her own pigments from highland heather every spring.\n\nShe exhibits in Edinburgh each August.",
  },
  token: { name: "Art Token", symbol: "ART", mint: "Mint111", totalSupply: "1000000", creator: "maya" },
  history: [],
  message: "Where does Maya get her pigments?",
};

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

describe("agent chat through providers", () => {
  it("streams an OpenAI SSE answer chunk by chunk, grounded by the retrieved notes", async () => {
    fake.enqueue({ kind: "text", text: "She grinds heather from the highlands each spring." });
    const reply = await openai().chat(chatRequest);
    expect(reply.engine).toEqual({ kind: "provider", label: "answered by openai fake-model" });
    const chunks = await collect(reply.chunks);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join("")).toBe("She grinds heather from the highlands each spring.");
    expect(fake.requests[0]?.body.stream).toBe(true);
    expect(JSON.stringify(fake.requests[0]?.body)).toContain("pigments from highland heather");
  });

  it("streams a Gemini SSE answer", async () => {
    fake.enqueue({ kind: "text", text: "From heather, every spring." });
    const reply = await gemini().chat(chatRequest);
    expect(reply.engine.kind).toBe("provider");
    expect((await collect(reply.chunks)).join("")).toBe("From heather, every spring.");
    expect(fake.requests[0]?.path).toContain(":streamGenerateContent");
  });

  it("answers offline from the notes when the provider fails or is too slow", async () => {
    fake.enqueue({ kind: "status", status: 500 });
    const failed = await openai().chat(chatRequest);
    expect(failed.engine).toEqual({ kind: "offline", label: "answered offline (provider unavailable)" });
    expect((await collect(failed.chunks)).join("")).toContain("heather");

    fake.enqueue({ kind: "hang", ms: 120_000 });
    const slow = await gemini({ AI_TIMEOUT_MS: "300" }).chat(chatRequest);
    expect(slow.engine.label).toBe("answered offline (provider timed out)");

    fake.enqueue({ kind: "status", status: 429 });
    expect((await gemini().chat(chatRequest)).engine.label).toBe("answered offline (provider rate-limited)");

    fake.enqueue({ kind: "status", status: 401, message: `Incorrect API key provided: ${KEY}` });
    const refused = await openai().chat(chatRequest);
    expect(refused.engine.label).toBe("answered offline (provider refused the key)");
    expect((await collect(refused.chunks)).join("")).not.toContain(KEY);
  });

  it("ends a reply honestly when the provider stalls mid-stream", async () => {
    fake.enqueue({ kind: "text", text: "one two three four", stallAfterChunks: 2 });
    const before = logs.length;
    // The stall ends only by this idle deadline; it leaves the first chunks room to arrive.
    const reply = await openai({ AI_TIMEOUT_MS: "1500" }).chat(chatRequest);
    expect(reply.engine.kind).toBe("provider");
    const text = (await collect(reply.chunks)).join("");
    expect(text).toBe("one two \n\n(The AI provider stopped answering; this reply may be incomplete.)");
    expect(logs.slice(before).join()).toContain("stopped mid-answer");
  });
});
