// `npm run bench`: the foundation's figures, measured on this machine in one run.
// The server runs as its own process (production settings, PGlite on disk, embedded ledger)
// so the load generator does not share its event loop.
import { startServer } from "../tests/e2e/fixtures";
import { runAiBenchmarks } from "./ai";
import { benchApiLaunches, benchTokenList, makeCreators } from "./api-launch";
import { benchRawLaunches } from "./ledger-raw";
import { fmt, verdict } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  console.log(`Benchmarks (${SECONDS}s per measurement, ${process.env.HOSTNAME ?? "this machine"})\n`);

  const raw = await benchRawLaunches(SECONDS);
  console.log(`raw LiteSVM launch transactions: ${fmt(raw.launchesPerSecond)} /s`);

  const server = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn" });
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

    // A typical creator (5 launches) and the heaviest one the launch run produced.
    const [typical] = await makeCreators(server.url, 1, `bt${Date.now().toString(36)}_`);
    if (!typical) throw new Error("no creator");
    for (let i = 0; i < 5; i++) {
      await typical.c.post("/api/tokens/create", {
        name: `Typical ${i}`,
        symbol: `TY${Date.now().toString(36).slice(-5).toUpperCase()}${i}`,
        totalSupply: "1000000",
        userId: typical.userId,
        creatorWallet: typical.wallet,
      });
    }
    const heavy = api.creators[0];
    for (const [label, who] of [
      ["typical", typical],
      ["heaviest", heavy],
    ] as const) {
      if (!who) continue;
      const count = (await who.c.get<unknown[]>(`/api/tokens/user/${who.userId}`)).body.length;
      const list = await benchTokenList(server.url, who.userId, 50, SECONDS);
      console.log(
        `GET /api/tokens/user/:id, ${label} portfolio (${count} tokens), 50 connections: ` +
          `${fmt(list.requestsPerSecond, 0)} req/s, p50 ${fmt(list.p50)} ms, p99 ${fmt(list.p99)} ms, errors ${list.errors}`,
      );
      console.log(
        `  goal >= 3000 req/s with p99 < 25 ms: ${verdict(list.requestsPerSecond >= 3000 && list.p99 < 25)}`,
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
