// `npm run bench`: the foundation's figures, measured on this machine in one run.
// The server runs as its own process (production settings, PGlite on disk, embedded ledger)
// so the load generator does not share its event loop.
import { startServer } from "../tests/e2e/fixtures";
import { runAiBenchmarks } from "./ai";
import { benchApiLaunches, benchTokenList, creatorWithTokens } from "./api-launch";
import { benchRawLaunches } from "./ledger-raw";
import { fmt, processMemoryMb, verdict } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  console.log(`Benchmarks (${SECONDS}s per measurement, ${process.env.HOSTNAME ?? "this machine"})\n`);

  const raw = await benchRawLaunches(SECONDS);
  console.log(`raw LiteSVM launch transactions: ${fmt(raw.launchesPerSecond)} /s`);

  const server = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn" });
  const memory = processMemoryMb(server.proc.pid);
  if (memory)
    console.log(
      `server memory after a first start (new database): ${fmt(memory.rss, 0)} MB resident, ` +
        `${fmt(memory.peak, 0)} MB at the peak (PGlite's initdb)`,
    );
  try {
    const api = await benchApiLaunches(server.url, 10, SECONDS, server.proc.pid);
    const ratio = api.launchesPerSecond / raw.launchesPerSecond;
    console.log(
      `API launches (10 concurrent creators): ${fmt(api.launchesPerSecond)} /s  (${api.launches} ok, ${api.failures} failed)`,
    );
    console.log(`  API / raw = ${fmt(ratio, 2)}x   goal >= 0.7x: ${verdict(ratio >= 0.7)}`);
    if (api.cpuMsPerLaunch !== null)
      console.log(
        `  CPU per launch: raw ${fmt(1000 / raw.launchesPerSecond, 2)} ms (one thread); ` +
          `server ${fmt(api.cpuMsPerLaunch, 2)} ms (all threads: HTTP, database, journal, GC)`,
      );
    console.log(
      `  launch latency p50 ${fmt(api.p50)} ms, p99 ${fmt(api.p99)} ms   goal p99 < 100 ms: ${verdict(api.p99 < 100)}`,
    );

    // Portfolios: a typical creator (5 tokens) and a prolific one (100), both held to the
    // goal; then the largest the launch run produced, whose rate is bound by its size.
    const portfolios = [
      { label: "typical", who: await creatorWithTokens(server.url, 5), goal: true },
      { label: "prolific", who: await creatorWithTokens(server.url, 100), goal: true },
      { label: "largest from the launch run", who: api.creators[0], goal: false },
    ];
    for (const { label, who, goal } of portfolios) {
      if (!who) continue;
      const res = await who.c.get<unknown[]>(`/api/tokens/user/${who.userId}`);
      const kb = JSON.stringify(res.body).length / 1024;
      const list = await benchTokenList(server.url, who.userId, 50, SECONDS);
      console.log(
        `GET /api/tokens/user/:id, ${label} portfolio (${res.body.length} tokens, ${fmt(kb, 0)} KB), 50 connections: ` +
          `${fmt(list.requestsPerSecond, 0)} req/s (${fmt((list.requestsPerSecond * kb) / 1024, 0)} MB/s), ` +
          `p50 ${fmt(list.p50)} ms, p99 ${fmt(list.p99)} ms, errors ${list.errors}`,
      );
      const met = list.requestsPerSecond >= 3000 && list.p99 < 25;
      console.log(
        `  goal >= 3000 req/s with p99 < 25 ms: ${goal ? verdict(met) : "not a goal (size-bound)"}`,
      );
    }

    console.log("");
    await runAiBenchmarks(server.url, SECONDS);
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
