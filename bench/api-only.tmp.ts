import { benchApiLaunches } from "./api-launch";
const S = Number(process.env.BENCH_SECONDS ?? 10);
const url = process.env.URL ?? "http://127.0.0.1:5055";
const pid = Number(process.env.SPID);
for (let r = 0; r < Number(process.env.ROUNDS ?? 1); r++) {
  const api = await benchApiLaunches(url, 10, S, pid);
  console.log("api", api.launchesPerSecond.toFixed(0), "cpu", api.cpuMsPerLaunch?.toFixed(2), "p50", api.p50.toFixed(1), "p99", api.p99.toFixed(1), "fail", api.failures);
}
