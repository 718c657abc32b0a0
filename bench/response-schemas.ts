// What binding response schemas costs: a few hot read routes under autocannon, with the
// server's CPU time per request. `node --import tsx bench/response-schemas.ts`
// (BENCH_SECONDS, default 5). See docs/decisions/007-response-schemas.md.
import { HoldingsResponseSchema } from "@shared/schemas/portfolio";
import { TokenDetailsSchema, TokenListSchema } from "@shared/schemas/token";
import autocannon from "autocannon";
import type { z } from "zod";
import { responseSerializerCompiler } from "../src/server/plugins/response-serializer";
import { startServer } from "../tests/e2e/fixtures";
import { creatorWithTokens } from "./api-launch";
import { fmt, processCpuMs } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;

async function main() {
  serializerAlone();
  const server = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn", NODE_ENV: "production" });
  try {
    const creator = await creatorWithTokens(server.url, 100);
    const list = await creator.c.get<Array<{ mintAddress: string }>>(`/api/tokens/user/${creator.userId}`);
    const mint = list.body[0]?.mintAddress;
    if (!mint) throw new Error("no token");
    const routes = [
      { label: "GET /api/tokens/:mint", path: `/api/tokens/${mint}` },
      { label: "GET /api/tokens/user/:id (100 tokens)", path: `/api/tokens/user/${creator.userId}` },
      { label: "GET /api/portfolio/holdings (100 holdings)", path: "/api/portfolio/holdings" },
    ];
    for (const route of routes) {
      // Warm-up: the JIT and every cache the route fills.
      await load(server.url + route.path, creator.c.cookie, 2);
      const cpuBefore = processCpuMs(server.proc.pid);
      const result = await load(server.url + route.path, creator.c.cookie, SECONDS);
      const cpuAfter = processCpuMs(server.proc.pid);
      const cpuMs =
        cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result.requests.total;
      console.log(
        `${route.label}: ${fmt(result.requests.average, 0)} req/s, p50 ${fmt(result.latency.p50)} ms, ` +
          `p99 ${fmt(result.latency.p99)} ms, server CPU ${cpuMs === null ? "n/a" : fmt(cpuMs, 3)} ms/request, ` +
          `errors ${result.errors + result.non2xx}`,
      );
    }
  } finally {
    await server.stop();
  }
}

/** The serializer by itself on answers of realistic size: plain JSON.stringify, the zod
 * serializer (production) and the strict one (development and tests). */
function serializerAlone() {
  const token = (i: number) => ({
    id: `id${i}`,
    name: `Portfolio ${i}`,
    symbol: `B${i}`,
    description: "A token",
    tagline: "",
    totalSupply: "1000000",
    circulatingSupply: "0",
    decimals: 9,
    createdAt: new Date(0).toISOString(),
    mintAddress: "M".repeat(44),
    creatorWallet: "W".repeat(44),
    isLaunched: true,
    status: "active",
    website: "",
    imageUrl: "",
    twitter: "",
    discord: "",
    signature: "S".repeat(88),
    explorerUrl: "/token/M",
  });
  const details = {
    token: token(0),
    creator: { username: "maya", isDemo: false },
    chain: {
      supply: "1000000",
      decimals: 9,
      mintAuthority: null,
      freezeAuthority: null,
      programId: "P".repeat(43),
      metadata: { name: "T", symbol: "T", uri: "http://x/m.json", additionalMetadata: { tagline: "hi" } },
    },
    holders: Array.from({ length: 50 }, (_, i) => ({ owner: `${i}`.padEnd(44, "o"), amount: "1000.5" })),
  };
  const holding = (i: number) => ({
    mint: "M".repeat(44),
    name: `T${i}`,
    symbol: `S${i}`,
    decimals: 9,
    balance: "10",
    supply: "1000000",
    share: "0.01%",
    url: "/token/M",
    launchedByYou: true,
    wallets: [{ address: "A".repeat(44), kind: "embedded", balance: "10" }],
  });
  const cases: Array<[string, z.ZodType, unknown]> = [
    ["TokenDetails, 50 holders", TokenDetailsSchema, details],
    [
      "Holdings, 100",
      HoldingsResponseSchema,
      { holdings: Array.from({ length: 100 }, (_, i) => holding(i)) },
    ],
    ["Token[], 100", TokenListSchema, Array.from({ length: 100 }, (_, i) => token(i))],
  ];
  const route = (schema: z.ZodType) => ({ schema, method: "GET", url: "/bench", httpStatus: "200" });
  for (const [label, schema, data] of cases) {
    const ways: Array<[string, (d: unknown) => string]> = [
      ["JSON.stringify", (d) => JSON.stringify(d)],
      ["zod (production)", responseSerializerCompiler({ strict: false })(route(schema))],
      ["zod strict (dev/test)", responseSerializerCompiler({ strict: true })(route(schema))],
    ];
    const kb = JSON.stringify(data).length / 1024;
    const figures = ways.map(([name, serialize]) => {
      for (let i = 0; i < 1000; i++) serialize(data);
      const n = 3000;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) serialize(data);
      return `${name} ${fmt(((performance.now() - t0) / n) * 1000, 0)} us`;
    });
    console.log(`serialize ${label} (${fmt(kb, 1)} KB): ${figures.join(", ")}`);
  }
}

function load(url: string, cookie: string, seconds: number) {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
