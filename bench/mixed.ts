import { mulberry32 } from "../src/shared/random";
import { HealthSchema } from "../src/shared/schemas/health";
import { Client } from "../tests/support/http";
import { makeCreators, uniqueSymbol } from "./api-launch";
import { benchConnection } from "./bench-connection";
import { fmt, percentile, verdict } from "./stats";

// The hardening audit's mixed workload: 50 connections, each a signed-in person doing what
// people do on the site (reads mostly, some chats, transfers, launches and logins), with rate
// limits off. The raw floor is the same generator asking GET /api/health on the same server:
// the cost of HTTP alone on this machine in this run.

export const MIXED_OPS = [
  "login",
  "token page",
  "portfolio",
  "balances",
  "wallets",
  "metadata",
  "drafting",
  "agents list",
  "chat",
  "transfer",
  "launch",
] as const;
type Op = (typeof MIXED_OPS)[number];

const WEIGHTS: Record<Op, number> = {
  login: 5,
  "token page": 20,
  portfolio: 10,
  balances: 10,
  wallets: 8,
  metadata: 8,
  drafting: 5,
  "agents list": 10,
  chat: 7,
  transfer: 7,
  launch: 10,
};

interface Person {
  userId: string;
  username: string;
  wallet: string;
  cookie: string;
  /** A token this person holds (to transfer) and an agent it unlocks. */
  mint: string;
  agentId: string;
}

export interface MixedWorld {
  people: Person[];
  mints: string[];
  logins: { email: string; password: string }[];
}

/** Signs up `connections` people with funded wallets; a fifth of them launch a token each with
 * an agent; everyone receives one of those tokens. */
export async function buildWorld(url: string, connections: number): Promise<MixedWorld> {
  const tag = `mx${Date.now().toString(36)}_`;
  const made = await makeCreators(url, connections, tag);
  const creators = made.slice(0, Math.max(1, Math.floor(connections / 5)));
  const tokens: { mint: string; agentId: string; creator: (typeof made)[number] }[] = [];
  for (const [i, cr] of creators.entries()) {
    const sym = uniqueSymbol();
    const launch = await cr.c.post<{ mintAddress: string }>("/api/tokens/create", {
      name: `Mixed ${sym}`,
      symbol: sym,
      description: "A token for the mixed benchmark",
      totalSupply: "1000000000",
      userId: cr.userId,
      creatorWallet: cr.wallet,
    });
    if (launch.status !== 201) throw new Error(`bench launch answered ${launch.status}`);
    const agent = await cr.c.post<{ id: string }>("/api/ai-agents", {
      tokenMint: launch.body.mintAddress,
      name: `Mixed Agent ${i}`,
      specialty: "Answering fans",
      description: "Answers questions about the work",
      avatar: "🎵",
      capabilities: ["Answers questions"],
      tier: "basic",
      tokenRequirement: "1",
      responseStyle: "friendly",
      knowledgeNotes: "I record albums in Lisbon. Masterclasses run every Tuesday.",
    });
    if (agent.status !== 201)
      throw new Error(`bench agent answered ${agent.status}: ${JSON.stringify(agent.body)}`);
    tokens.push({ mint: launch.body.mintAddress, agentId: agent.body.id, creator: cr });
  }
  const people: Person[] = [];
  for (const [i, p] of made.entries()) {
    const token = tokens[i % tokens.length];
    if (!token) throw new Error("no token");
    const me = await p.c.get<{ user: { username: string } }>("/api/auth/me");
    if (token.creator !== p) {
      const sent = await token.creator.c.post(`/api/tokens/${token.mint}/transfer`, {
        to: p.wallet,
        amount: "100000",
      });
      if (sent.status !== 200) throw new Error(`bench transfer answered ${sent.status}`);
    }
    people.push({
      userId: p.userId,
      username: me.body.user.username,
      wallet: p.wallet,
      cookie: p.c.cookie,
      mint: token.mint,
      agentId: token.agentId,
    });
  }
  const logins = [];
  for (let i = 0; i < 10; i++) {
    const email = `${tag}login${i}@bench.example`;
    await new Client(url).post("/api/register", { username: `${tag}l${i}`, email, password: "bench-pass" });
    logins.push({ email, password: "bench-pass" });
  }
  return { people, mints: tokens.map((t) => t.mint), logins };
}

/** One kept-alive connection per worker; `send` resolves with the status once the body is
 * read. `close` ends the connection: the server caps connections per address, so a phase's
 * idle sockets must not outlive it. */
function connection(baseUrl: string) {
  const { request, close } = benchConnection(baseUrl);
  const send = async (method: "GET" | "POST", path: string, cookie: string, body?: unknown) =>
    (await request(method, path, cookie, body)).status;
  return { send, close };
}

export interface MixedResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  byOp: Map<Op, { count: number; p50: number; p99: number; errors: number }>;
  /** How many of each operation took longer than the p99 of all: what the tail is made of. */
  slowest: Map<Op, number>;
}

/** Runs the mix for `seconds` on one worker per person. `withLogins` false drops logins;
 * `only` keeps those operations (default: BENCH_ONLY=<op>[,<op>], to see what each costs the
 * server alone). */
export async function runMixed(
  url: string,
  world: MixedWorld,
  seconds: number,
  withLogins: boolean,
  only: readonly string[] | undefined = process.env.BENCH_ONLY?.split(","),
): Promise<MixedResult> {
  const ops = (Object.entries(WEIGHTS) as [Op, number][]).filter(
    ([op]) => (withLogins || op !== "login") && (!only || only.includes(op)),
  );
  const total = ops.reduce((n, [, w]) => n + w, 0);
  const latencies = new Map<Op, number[]>();
  const errors = new Map<Op, number>();
  const deadline = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    world.people.map(async (me, w) => {
      // Seeded: two runs draw the same sequence of operations.
      const random = mulberry32(1000 + w);
      const { send, close } = connection(url);
      const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T;
      while (performance.now() < deadline) {
        let r = random() * total;
        let op: Op = "token page";
        for (const [candidate, weight] of ops) {
          r -= weight;
          if (r < 0) {
            op = candidate;
            break;
          }
        }
        const t0 = performance.now();
        const status = await perform(op, send, me, world, pick);
        const list = latencies.get(op) ?? [];
        list.push(performance.now() - t0);
        latencies.set(op, list);
        if (status >= 400) errors.set(op, (errors.get(op) ?? 0) + 1);
      }
      close();
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const all = [...latencies.values()].flat();
  const byOp = new Map<Op, { count: number; p50: number; p99: number; errors: number }>();
  for (const [op, list] of latencies)
    byOp.set(op, {
      count: list.length,
      p50: percentile(list, 50),
      p99: percentile(list, 99),
      errors: errors.get(op) ?? 0,
    });
  const p99 = percentile(all, 99);
  const slowest = new Map<Op, number>();
  for (const [op, list] of latencies) {
    const over = list.filter((ms) => ms > p99).length;
    if (over > 0) slowest.set(op, over);
  }
  return {
    requestsPerSecond: all.length / elapsed,
    p50: percentile(all, 50),
    p99,
    slowest,
    errors: [...errors.values()].reduce((a, b) => a + b, 0),
    byOp,
  };
}

function perform(
  op: Op,
  send: ReturnType<typeof connection>["send"],
  me: Person,
  world: MixedWorld,
  pick: <T>(list: T[]) => T,
): Promise<number> {
  switch (op) {
    case "login": {
      const who = pick(world.logins);
      // No cookie: a login makes a new session and must not end the worker's own.
      return send("POST", "/api/auth/email", "", who);
    }
    case "token page":
      return send("GET", `/api/tokens/${pick(world.mints)}`, me.cookie);
    case "portfolio":
      return send("GET", `/api/tokens/user/${me.userId}`, me.cookie);
    case "balances":
      return send("GET", "/api/user/token-balances", me.cookie);
    case "wallets":
      return send("GET", "/api/wallets", me.cookie);
    case "metadata":
      return send("GET", `/api/tokens/${pick(world.mints)}/metadata.json`, me.cookie);
    case "drafting":
      return send("POST", "/api/ai/generate-identity", me.cookie, {
        userInput: "I'm a jazz pianist in Lisbon teaching online masterclasses",
        profession: "musician",
      });
    case "agents list":
      return send("GET", "/api/ai-agents", me.cookie);
    case "chat":
      return send("POST", "/api/ai-agents/chat", me.cookie, {
        agentId: me.agentId,
        message: "When are the masterclasses?",
      });
    case "transfer": {
      const to = pick(world.people);
      return send("POST", `/api/tokens/${me.mint}/transfer`, me.cookie, {
        // Never to oneself (refused with a 400: it would count as an error of the server).
        to: to === me ? (world.people.find((p) => p !== me)?.wallet ?? me.wallet) : to.wallet,
        amount: "1",
      });
    }
    case "launch": {
      // Names and symbols must stand apart: look-alikes of live tokens are refused.
      const sym = uniqueSymbol();
      return send("POST", "/api/tokens/create", me.cookie, {
        name: `Launch ${sym}`,
        symbol: sym,
        description: "",
        totalSupply: "1000000",
        userId: me.userId,
        creatorWallet: me.wallet,
      });
    }
  }
}

/** The raw floor: the same generator and connections asking GET /api/health. */
export async function runHealthFloor(url: string, connections: number, seconds: number) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const { send, close } = connection(url);
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await send("GET", "/api/health", "");
        latencies.push(performance.now() - t0);
      }
      close();
    }),
  );
  return {
    requestsPerSecond: latencies.length / ((performance.now() - start) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** Prints the mixed workload's figures, with and without logins, beside the raw floor. */
export async function runMixedBenchmarks(url: string, seconds: number, connections = 50) {
  const world = await buildWorld(url, connections);
  // Warm-up: the server's JIT and caches, as for the launch figures.
  await runMixed(url, world, Math.min(seconds, 10), true);
  const floor = await runHealthFloor(url, connections, seconds);
  console.log(
    `mixed workload (the hardening audit's: ${connections} connections, rate limits off), raw floor GET /api/health ${fmt(floor.requestsPerSecond, 0)} req/s, p50 ${fmt(floor.p50)} / p99 ${fmt(floor.p99)} ms (a closed loop of ${connections}: mean latency is ${connections} / req/s):`,
  );
  for (const withLogins of [true, false]) {
    const r = await runMixed(url, world, seconds, withLogins);
    console.log(
      `  ${withLogins ? "with logins (5%)" : "without logins  "}: ${fmt(r.requestsPerSecond, 0)} req/s ` +
        `(${fmt(r.requestsPerSecond / floor.requestsPerSecond, 2)}x the floor), p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, errors ${r.errors}` +
        (withLogins ? "" : `   goal p99 < 100 ms: ${verdict(r.p99 < 100)}`),
    );
    const rows = [...r.byOp.entries()].sort((a, b) => b[1].p50 - a[1].p50);
    console.log(
      `    ${rows.map(([op, s]) => `${op} p50 ${fmt(s.p50)} / p99 ${fmt(s.p99)} ms (${s.count}${s.errors ? `, ${s.errors} errors` : ""})`).join("; ")}`,
    );
    const tail = [...r.slowest.entries()].sort((a, b) => b[1] - a[1]);
    const tailTotal = tail.reduce((n, [, c]) => n + c, 0);
    console.log(
      `    slower than the p99: ${tail.map(([op, c]) => `${op} ${fmt((100 * c) / tailTotal, 0)}%`).join(", ")}`,
    );
    // The token page reads holders once the indexer has the mint's commits: its lag shows there.
    const { indexer } = HealthSchema.parse((await new Client(url).get("/api/health")).body);
    console.log(
      `    indexer lag (its last 1,000 transactions) p50 ${fmt(indexer.lagP50Ms ?? 0)} / p99 ${fmt(indexer.lagMs ?? 0)} ms`,
    );
    if (!withLogins) {
      const reads = ["token page", "agents list", "balances"] as const;
      const slow = reads.filter((op) => (r.byOp.get(op)?.p50 ?? Number.POSITIVE_INFINITY) >= 10);
      console.log(`  reads (token page, agents list, balances) p50 < 10 ms: ${verdict(slow.length === 0)}`);
    }
  }
}
