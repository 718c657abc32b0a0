// What binding response schemas costs: a few hot read routes under autocannon, with the
// server's CPU time per request. `node --import tsx bench/response-schemas.ts`
// (BENCH_SECONDS, default 5). See docs/decisions/004-response-schemas.md.
import autocannon from "autocannon";
import { startServer } from "../tests/e2e/fixtures";
import { creatorWithTokens } from "./api-launch";
import { fmt, processCpuMs } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;

async function main() {
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

function load(url: string, cookie: string, seconds: number) {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
