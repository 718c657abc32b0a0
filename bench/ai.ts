// AI benchmarks (issue 4). Exported for `npm run bench`; also runs alone:
//   node --import tsx bench/ai.ts
// Offline identity drafting p99 (goal < 20 ms), offline chat time to first answer byte
// (goal < 50 ms), gated chat with the on-chain balance check at 20 concurrent users.
import autocannon from "autocannon";
import { draftIdentityOffline } from "../src/server/ai/offline/identity";
import { GenerateIdentitySchema } from "../src/shared/schemas/ai";
import { startServer } from "../tests/e2e/fixtures";
import { Client } from "../tests/support/http";
import { fmt, percentile, verdict } from "./stats";

const TEXTS = [
  "I'm Maya, I paint watercolor landscapes of the Scottish highlands and teach online.",
  "Building open source tools for indie game makers and sharing weekly devlogs.",
  "I make lo-fi hip hop beats and stream production sessions every Friday.",
  "Fitness coaching for busy parents who want strength training at home.",
  "Writing a fantasy novel series about sky pirates, chapter by chapter, with readers.",
];
const PROFESSIONS = ["creator", "artist", "musician", "writer", "coach", "developer"] as const;
const STYLES = ["professional", "creative", "casual", "technical"] as const;

/** The offline engine in process (symbol lookups answered from memory): the engine's own cost. */
export async function benchIdentityEngine(iterations = 2000) {
  const taken = new Set(["MAYA", "BEATS", "FITN"]);
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const request = GenerateIdentitySchema.parse({
      userInput: `${TEXTS[i % TEXTS.length]} #${i}`,
      profession: PROFESSIONS[i % PROFESSIONS.length],
      style: STYLES[i % STYLES.length],
    });
    const t0 = performance.now();
    await draftIdentityOffline(request, {
      takenSymbols: async (symbols) => new Set(symbols.filter((s) => taken.has(s))),
    });
    times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** POST /api/ai/generate-identity end to end (HTTP, validation, symbol check in the DB). */
export async function benchIdentityApi(url: string, iterations = 500, warmup = 50) {
  const client = new Client(url);
  const times: number[] = [];
  for (let i = -warmup; i < iterations; i++) {
    const t0 = performance.now();
    const res = await client.post("/api/ai/generate-identity", {
      userInput: `${TEXTS[i % TEXTS.length]} #${i}`,
      profession: PROFESSIONS[i % PROFESSIONS.length],
      style: STYLES[i % STYLES.length],
    });
    if (res.status !== 200) throw new Error(`generate-identity answered ${res.status}`);
    if (i >= 0) times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** A creator with a live token and an agent (requirement 10), and `fans` holders of 100 each. */
export async function setUpGatedAgent(url: string, fans: number) {
  const tag = `ab${Date.now().toString(36)}`;
  const creator = new Client(url);
  const reg = await creator.post<{ user: { id: string } }>("/api/register", {
    username: `${tag}c`,
    email: `${tag}c@bench.example`,
    password: "bench-pass",
  });
  const wallet = (await creator.post<{ wallet: { publicKey: string } }>("/api/wallet/generate")).body.wallet
    .publicKey;
  await creator.post("/api/wallet/airdrop", { address: wallet, amount: 2 });
  const symbol = `Q${tag
    .slice(-5)
    .toUpperCase()
    .replace(/[^A-Z]/g, "Q")}`;
  const launched = await creator.post<{ mintAddress: string }>("/api/tokens/create", {
    name: `Bench Agent ${symbol}`,
    symbol,
    totalSupply: "1000000",
    userId: reg.body.user.id,
    creatorWallet: wallet,
  });
  if (launched.status !== 201) throw new Error(`launch answered ${launched.status}`);
  const mint = launched.body.mintAddress;
  const agent = await creator.post<{ id: string }>("/api/ai-agents", {
    tokenMint: mint,
    name: "Bench Mentor",
    specialty: "Testing",
    avatar: "🧪",
    tier: "basic",
    tokenRequirement: "10",
    responseStyle: "Technical and educational",
    capabilities: ["Benchmarks"],
    knowledgeNotes:
      "# Latency\nMeasure p99, not the average. Warm up before measuring.\n\n# Throughput\nRequests per second at a fixed concurrency.",
  });
  const sessions: string[] = [];
  for (let i = 0; i < fans; i++) {
    const fan = new Client(url);
    await fan.post("/api/register", {
      username: `${tag}f${i}`,
      email: `${tag}f${i}@bench.example`,
      password: "bench-pass",
    });
    await fan.post("/api/wallet/generate");
    const sent = await creator.post(`/api/tokens/${mint}/transfer`, { to: `${tag}f${i}`, amount: "100" });
    if (sent.status !== 200) throw new Error(`transfer answered ${sent.status}`);
    sessions.push(fan.cookie);
  }
  return { agentId: agent.body.id, sessions };
}

/** Time from sending a message to the first byte of the answer's text (first `delta`). */
export async function benchChatFirstByte(
  url: string,
  cookie: string,
  agentId: string,
  iterations = 200,
  warmup = 20,
) {
  const times: number[] = [];
  for (let i = -warmup; i < iterations; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/ai-agents/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", cookie },
      body: JSON.stringify({
        agentId,
        message: i % 2 ? "How should I measure latency?" : "What is throughput?",
      }),
    });
    if (!res.ok || !res.body) throw new Error(`chat answered ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let seen = "";
    let first = Number.NaN;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += value;
      if (Number.isNaN(first) && seen.includes("event: delta")) first = performance.now() - t0;
    }
    if (i >= 0) times.push(first);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Gated chat at `connections` concurrent users (each request re-reads the balance on the
 * ledger, loads history, stores two messages and streams the answer). */
export async function benchGatedChat(url: string, agentId: string, sessions: string[], seconds: number) {
  let next = 0;
  const result = await autocannon({
    url: `${url}/api/ai-agents/chat`,
    connections: sessions.length,
    duration: seconds,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          const cookie = sessions[next++ % sessions.length] ?? "";
          return {
            ...req,
            headers: {
              ...req.headers,
              "content-type": "application/json",
              accept: "text/event-stream",
              cookie,
            },
            body: JSON.stringify({ agentId, message: "How should I measure latency?" }),
          };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Every AI figure, printed; the server is started by the caller with RATE_LIMITS=off. */
export async function runAiBenchmarks(url: string, seconds: number) {
  const engine = await benchIdentityEngine();
  console.log(
    `offline identity drafting (engine): p50 ${fmt(engine.p50, 2)} ms, p99 ${fmt(engine.p99, 2)} ms   goal p99 < 20 ms: ${verdict(engine.p99 < 20)}`,
  );
  const api = await benchIdentityApi(url);
  console.log(
    `POST /api/ai/generate-identity (offline): p50 ${fmt(api.p50)} ms, p99 ${fmt(api.p99)} ms   goal p99 < 20 ms: ${verdict(api.p99 < 20)}`,
  );

  const { agentId, sessions } = await setUpGatedAgent(url, 20);
  const ttfb = await benchChatFirstByte(url, sessions[0] ?? "", agentId);
  console.log(
    `offline chat, time to first answer byte: p50 ${fmt(ttfb.p50)} ms, p99 ${fmt(ttfb.p99)} ms   goal < 50 ms: ${verdict(ttfb.p99 < 50)}`,
  );
  const gated = await benchGatedChat(url, agentId, sessions, seconds);
  console.log(
    `gated chat (balance checked on chain per message), 20 concurrent users: ${fmt(gated.requestsPerSecond, 0)} req/s, ` +
      `p50 ${fmt(gated.p50)} ms, p99 ${fmt(gated.p99)} ms, errors ${gated.errors}`,
  );
  return { engine, api, ttfb, gated };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const server = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn" });
  try {
    await runAiBenchmarks(server.url, seconds);
  } finally {
    await server.stop();
  }
}
