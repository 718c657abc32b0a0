// `npm run bench:mixed`: only the mixed workload (the full `npm run bench` includes it).
import { startServer } from "../tests/e2e/fixtures";
import { runMixedBenchmarks } from "./mixed";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startServer({
  RATE_LIMITS: "off",
  // Limits off, as the audit measured: one process plays 50 people from one address, and the
  // set-up's pooled fetch sockets (about a hundred) stay open until the keep-alive timeout.
  MAX_CONNECTIONS_PER_IP: "0",
  LOG_LEVEL: "warn",
});
try {
  await runMixedBenchmarks(server.url, SECONDS);
} finally {
  await server.stop();
}
