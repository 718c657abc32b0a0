// `npm run bench:mixed`: only the mixed workload (the full `npm run bench` includes it).
import { startServer } from "../tests/e2e/fixtures";
import { runMixedBenchmarks } from "./mixed";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn" });
try {
  await runMixedBenchmarks(server.url, SECONDS);
} finally {
  await server.stop();
}
