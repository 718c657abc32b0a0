// `npm run bench:ops`: the mixed workload's operations one at a time (50 connections each),
// with the CPU each one costs per request: the whole server, each of its busiest threads, and
// the benchmark's own client. Where `bench:mixed` says how the mix does, this says which
// operation and which thread pay for it (Linux: read from /proc). Not part of `npm run bench`.
import { startServer } from "../tests/e2e/fixtures";
import { cpuMeter } from "./cpu";
import { buildWorld, MIXED_OPS, runHealthFloor, runMixed } from "./mixed";
import { fmt } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const server = await startServer({ RATE_LIMITS: "off", MAX_CONNECTIONS_PER_IP: "0", LOG_LEVEL: "warn" });
const pid = server.proc.pid ?? 0;
try {
  const world = await buildWorld(server.url, 50);
  // Warm-up: the server's JIT and caches, on the whole mix.
  await runMixed(server.url, world, 8, false);
  const ops = process.env.BENCH_ONLY?.split(",") ?? [...MIXED_OPS.filter((op) => op !== "login"), "health"];
  console.log(
    `operations one at a time, 50 connections, ${SECONDS} s each; CPU per request in ms (threads by id less the server's pid: 0 is the event loop, the workers follow in start order)`,
  );
  for (const op of ops) {
    const meter = cpuMeter(pid);
    let perSecond: number;
    let latency = "";
    if (op === "health") perSecond = (await runHealthFloor(server.url, 50, SECONDS)).requestsPerSecond;
    else {
      const r = await runMixed(server.url, world, SECONDS, false, [op]);
      perSecond = r.requestsPerSecond;
      latency = `, p50 ${fmt(r.p50)} / p99 ${fmt(r.p99)} ms`;
    }
    const cpu = meter(perSecond * SECONDS);
    console.log(
      `  ${op.padEnd(12)} ${fmt(perSecond, 0).padStart(6)} req/s${latency}; server ${fmt(cpu.serverMs, 3)} ms (${cpu.threads.map(([t, ms]) => `${t}: ${fmt(ms, 3)}`).join(", ")}), client ${fmt(cpu.clientMs, 3)} ms`,
    );
  }
} finally {
  await server.stop();
}
