// `npm run bench`: the foundation's figures, measured on this machine in one run.
// The server runs as its own process (production settings, PGlite on disk, embedded ledger)
// so the load generator does not share its event loop.
import { startServer } from "../tests/e2e/fixtures";
import { runAiBenchmarks } from "./ai";
import { runAnalyticsBenchmarks } from "./analytics";
import { benchApiLaunches, benchTokenList, creatorWithTokens } from "./api-launch";
import { benchIndexerLag } from "./indexer-lag";
import { benchRawLaunches } from "./ledger-raw";
import { runMarketBenchmarks } from "./market";
import { runMixedBenchmarks } from "./mixed";
import { runReadBenchmarks } from "./reads";
import { runRewardBenchmarks } from "./rewards";
import { fmt, ioSettled, median, percentile, processMemoryMb, verdict } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Launch load before the launch figures count: the server's JIT keeps compiling optimised
 * code for its first ~20 s of launches (perf shows V8's compiler threads busy until then),
 * and a server runs far longer than that. The raw loop warms up for as long. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 20);
/** Raw and API measurements alternate this many times; the ratio is the median pair's. On a
 * shared 2-vCPU machine the same code measures 20-25% apart from one minute to the next. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);

async function main() {
  console.log(
    `Benchmarks (${SECONDS}s per measurement, ${WARMUP_SECONDS}s warm-up, ${process.env.HOSTNAME ?? "this machine"})\n`,
  );

  const server = await startServer({
    RATE_LIMITS: "off",
    // Limits off, as the audit measured: one process plays 50 people from one address, and the
    // set-up's pooled fetch sockets (about a hundred) stay open until the keep-alive timeout.
    MAX_CONNECTIONS_PER_IP: "0",
    LOG_LEVEL: "warn",
  });
  const memory = processMemoryMb(server.proc.pid);
  if (memory)
    console.log(
      `server memory after a first start (new database): ${fmt(memory.rss, 0)} MB resident, ` +
        `${fmt(memory.peak, 0)} MB at the peak (PGlite's initdb)`,
    );
  try {
    await benchApiLaunches(server.url, 10, WARMUP_SECONDS);
    console.log(`launches, raw LiteSVM (one thread) and through the API (10 concurrent creators):`);
    const pairs = [];
    for (let i = 0; i < PAIRS; i++) {
      const raw = await benchRawLaunches(SECONDS, i === 0 ? WARMUP_SECONDS : 0);
      await ioSettled();
      const api = await benchApiLaunches(server.url, 10, SECONDS, server.proc.pid);
      const ratio = api.launchesPerSecond / raw.launchesPerSecond;
      pairs.push({ raw, api, ratio });
      console.log(
        `  pair ${i + 1}: raw ${fmt(raw.launchesPerSecond)} /s, API ${fmt(api.launchesPerSecond)} /s ` +
          `(${api.launches} ok, ${api.failures} failed), API / raw = ${fmt(ratio, 2)}x`,
      );
    }
    const ratio = median(pairs.map((p) => p.ratio));
    console.log(`  API / raw, median pair = ${fmt(ratio, 2)}x   goal >= 0.7x: ${verdict(ratio >= 0.7)}`);
    const launches = pairs.reduce((n, p) => n + p.api.launches, 0);
    const cpuMs = pairs.every((p) => p.api.cpuMsPerLaunch !== null)
      ? pairs.reduce((ms, p) => ms + (p.api.cpuMsPerLaunch ?? 0) * p.api.launches, 0) / launches
      : null;
    const rawMs = median(pairs.map((p) => 1000 / p.raw.launchesPerSecond));
    if (cpuMs !== null)
      console.log(
        `  CPU per launch: raw ${fmt(rawMs, 2)} ms (one thread); ` +
          `server ${fmt(cpuMs, 2)} ms (all threads: HTTP, database, journal, GC)`,
      );
    const latencies = pairs.flatMap((p) => p.api.latencies);
    const p99 = percentile(latencies, 99);
    console.log(
      `  launch latency p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(p99)} ms   goal p99 < 100 ms: ${verdict(p99 < 100)}`,
    );
    const lastRun = pairs.at(-1)?.api;

    // Portfolios: a typical creator (5 tokens) and a prolific one (100), both held to the
    // goal; then the largest the launch run produced, whose rate is bound by its size.
    const portfolios = [
      { label: "typical", who: await creatorWithTokens(server.url, 5), goal: true },
      { label: "prolific", who: await creatorWithTokens(server.url, 100), goal: true },
      { label: "largest from the launch run", who: lastRun?.creators[0], goal: false },
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

    // The chain indexer: commit -> indexed under a burst of transfers (the server measures it).
    const lag = await benchIndexerLag(server.url);
    console.log(
      `indexer lag, commit -> indexed, ${lag.transfers} transfers from 10 senders at once in ${fmt(lag.seconds)} s: ` +
        `p50 ${fmt(lag.p50 ?? Number.NaN)} ms, p99 ${fmt(lag.p99 ?? Number.NaN)} ms   goal p99 < 100 ms: ${verdict((lag.p99 ?? Number.POSITIVE_INFINITY) < 100)}` +
        ` (the transfers themselves meanwhile: p50 ${fmt(lag.transferP50)} ms, p99 ${fmt(lag.transferP99)} ms)`,
    );

    console.log("");
    await runMarketBenchmarks(server.url, SECONDS, PAIRS, server.proc.pid);
    console.log("");
    await runMixedBenchmarks(server.url, SECONDS);
    console.log("");
    await runAiBenchmarks(server.url, SECONDS);
    console.log("");
    await runRewardBenchmarks(server.url);
  } finally {
    await server.stop();
  }
  // Its own server: 1,000 tokens and 100,000 trades, history inserted while it is stopped.
  console.log("");
  await runReadBenchmarks(SECONDS);
  await runAnalyticsBenchmarks(SECONDS);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
