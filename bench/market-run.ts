// `npm run bench:market`: only the market's trades (the full `npm run bench` includes them).
import { startServer } from "../tests/e2e/fixtures";
import { runMarketBenchmarks } from "./market";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn" });
try {
  await runMarketBenchmarks(server.url, SECONDS, Number(process.env.BENCH_PAIRS ?? 3), server.proc.pid);
} finally {
  await server.stop();
}
