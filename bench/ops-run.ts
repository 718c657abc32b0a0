// `npm run bench:ops`: the mixed workload's operations one at a time (50 connections each),
// with the CPU each one costs per request: the whole server, each of its busiest threads, and
// the benchmark's own client. Where `bench:mixed` says how the mix does, this says which
// operation and which thread pay for it (Linux: read from /proc). Not part of `npm run bench`.
import { readdirSync, readFileSync } from "node:fs";
import { startServer } from "../tests/e2e/fixtures";
import { buildWorld, MIXED_OPS, runHealthFloor, runMixed } from "./mixed";
import { fmt } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TICK_MS = 10; // /proc counts CPU in clock ticks of 1/100 s

/** CPU ticks (user + system) of one /proc stat file. */
function cpuTicks(statPath: string): number {
  const fields = readFileSync(statPath, "utf8").split(") ")[1]?.split(" ") ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

/** Each thread's CPU ticks, by thread id. */
function threadTicks(pid: number): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ticks.set(Number(tid), cpuTicks(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      /* the thread ended between the listing and the read */
    }
  }
  return ticks;
}

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
    const before = {
      server: cpuTicks(`/proc/${pid}/stat`),
      client: process.cpuUsage(),
      threads: threadTicks(pid),
    };
    let perSecond: number;
    let latency = "";
    if (op === "health") perSecond = (await runHealthFloor(server.url, 50, SECONDS)).requestsPerSecond;
    else {
      const r = await runMixed(server.url, world, SECONDS, false, [op]);
      perSecond = r.requestsPerSecond;
      latency = `, p50 ${fmt(r.p50)} / p99 ${fmt(r.p99)} ms`;
    }
    const requests = perSecond * SECONDS;
    const serverMs = ((cpuTicks(`/proc/${pid}/stat`) - before.server) * TICK_MS) / requests;
    const client = process.cpuUsage(before.client);
    const threads = [...threadTicks(pid)]
      .map(
        ([tid, ticks]) =>
          [tid - pid, ((ticks - (before.threads.get(tid) ?? 0)) * TICK_MS) / requests] as const,
      )
      .filter(([, ms]) => ms >= 0.01)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4);
    console.log(
      `  ${op.padEnd(12)} ${fmt(perSecond, 0).padStart(6)} req/s${latency}; server ${fmt(serverMs, 3)} ms (${threads.map(([t, ms]) => `${t}: ${fmt(ms, 3)}`).join(", ")}), client ${fmt((client.user + client.system) / 1000 / requests, 3)} ms`,
    );
  }
} finally {
  await server.stop();
}
