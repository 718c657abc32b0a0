import { startServer } from "../tests/e2e/fixtures";
import { benchApiLaunches } from "./api-launch";
import { benchRawLaunches } from "./ledger-raw";
const S = Number(process.env.BENCH_SECONDS ?? 10);
const raw = await benchRawLaunches(S);
console.log("raw", raw.launchesPerSecond.toFixed(0));
const server = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn", ...(process.env.EXTRA ? JSON.parse(process.env.EXTRA) : {}) });
try {
  for (let r = 0; r < Number(process.env.ROUNDS ?? 1); r++) {
  const api = await benchApiLaunches(server.url, 10, S, server.proc.pid);
  console.log("api", api.launchesPerSecond.toFixed(0), "ratio", (api.launchesPerSecond / raw.launchesPerSecond).toFixed(2), "cpu", api.cpuMsPerLaunch?.toFixed(2), "p50", api.p50.toFixed(1), "p99", api.p99.toFixed(1), "fail", api.failures);
  }
} finally { await server.stop(); }
