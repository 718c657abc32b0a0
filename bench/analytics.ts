import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { tokens } from "../src/server/db/schema/index";
import { AnalyticsRepo } from "../src/server/modules/analytics/analytics.repo";
import { AnalyticsService } from "../src/server/modules/analytics/analytics.service";
import { MarketVersions } from "../src/server/modules/market/market-versions";
import { startServer } from "../tests/e2e/fixtures";
import { Client } from "../tests/support/http";
import { fmt, median, percentile, verdict } from "./stats";

// Issue 13's goal: GET /api/analytics/:mint and GET /api/tokens/:mint/trust at p99 < 50 ms for
// a token with 10,000 holders and 100,000 indexed transfers. One token is launched with a
// market through the API; its history is then inserted into the stopped server's database:
// 10,000 holders, 100,000 balance changes and 5,000 confirmed trades, all inside the last 30
// days (the worst case: every change falls in the windows the figures aggregate). "Raw" is the
// analytics service's own work on a cache miss, in this process on the same database (its SQL
// aggregates and the arithmetic over them, no HTTP), timed request by request.

const HOLDERS = Number(process.env.BENCH_ANALYTICS_HOLDERS ?? 10_000);
const CHANGES = Number(process.env.BENCH_ANALYTICS_CHANGES ?? 100_000);
const TRADES = 5_000;
const CONNECTIONS = 10;
const GOAL_P99_MS = 50;
const RAW_RUNS = 30;

async function launch(url: string) {
  const c = new Client(url);
  const name = `an${Date.now().toString(36)}`;
  const reg = await c.post<{ user: { id: string } }>("/api/register", {
    username: name,
    email: `${name}@bench.example`,
    password: "bench-pass",
  });
  const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
  await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
  const res = await c.post<{ mintAddress: string }>("/api/tokens/create", {
    name: "Bench Analytics",
    symbol: "BNCH",
    totalSupply: "1000000000",
    userId: reg.body.user.id,
    creatorWallet: gen.body.wallet.publicKey,
    market: { curveShareBps: 8_000 },
  });
  if (res.status !== 201) throw new Error(`launch: ${res.status} ${JSON.stringify(res.body)}`);
  return { mint: res.body.mintAddress, email: `${name}@bench.example` };
}

/** The history, written with set-based SQL (whole numbers inlined: no parameters to type). */
async function insertHistory(dataDir: string, mint: string) {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const m = sql.raw(`'${mint}'`);
    const holders = sql.raw(String(HOLDERS));
    const changes = sql.raw(String(CHANGES));
    const windowMs = sql.raw(String(29 * 86_400_000));
    // Holders of 1 to 1,000 whole tokens, first held up to 60 days ago.
    await db.execute(sql`
      insert into holders (mint, owner, balance, first_held_at, last_slot, updated_at)
      select ${m}, 'BenchHolder' || g, ((g % 1000) + 1) * 1000000000::numeric,
        now() - (g % 60) * interval '1 day', 0, now()
      from generate_series(1, ${holders}) g`);
    // Each holder's first change makes it a holder; every 50th later change empties a wallet.
    await db.execute(sql`
      insert into balance_changes (signature, mint, owner, delta, balance_after, slot, block_time)
      select 'benchsig' || g, ${m}, 'BenchHolder' || ((g % ${holders}) + 1),
        case when g <= ${holders} then 5000000000 when g % 50 = 0 then -5000000000 else 1000000000 end,
        case when g % 50 = 0 and g > ${holders} then 0 else 5000000000 end,
        0, now() - ((${changes} - g) * (${windowMs} / ${changes})) * interval '1 millisecond'
      from generate_series(1, ${changes}) g`);
    await db.execute(sql`
      insert into market_trades (id, mint, trader, side, curve_sol, fee, creator_fee, platform_fee, fee_bps,
        tokens, virtual_sol_after, virtual_token_after, real_sol_after, real_token_after, status, signature,
        created_at, confirmed_at)
      select 'bench-' || g, ${m}, 'BenchHolder' || g, case when g % 3 = 2 then 'sell' else 'buy' end,
        1000000, 25000, 12500, 12500, 250, 1000000000000,
        mk.virtual_sol, mk.virtual_token, mk.real_sol, mk.real_token, 'confirmed', 'benchtrade' || g,
        now() - g * interval '8 minutes', now() - g * interval '8 minutes'
      from markets mk cross join generate_series(1, ${sql.raw(String(TRADES))}) g where mk.mint = ${m}`);
  } finally {
    await database.close();
  }
}

/** The analytics service's work on a cache miss, on the same database, timed per call. */
async function rawAnalytics(dataDir: string, mint: string): Promise<{ first: number; times: number[] }> {
  const database = await openDatabase({ dataDir });
  try {
    const [token] = await database.db.select().from(tokens).where(eq(tokens.mintAddress, mint));
    if (!token) throw new Error("bench token missing");
    const versions = new MarketVersions();
    const service = new AnalyticsService({
      repo: new AnalyticsRepo(database.db),
      tokens: { getByMint: async () => token },
      indexer: { drained: async () => {} },
      explore: { rankOf: async () => [] },
      versions,
    });
    const times: number[] = [];
    let first = 0;
    for (let i = 0; i < RAW_RUNS + 3; i++) {
      versions.bump(mint); // a miss every time
      const start = performance.now();
      await service.view(mint, token.userId);
      if (i === 0) first = performance.now() - start;
      if (i >= 3) times.push(performance.now() - start); // the first few warm the JIT
    }
    return { first, times };
  } finally {
    await database.close();
  }
}

async function measure(url: string, route: string, seconds: number, cookie?: string) {
  const result = await autocannon({
    url: url + route,
    connections: CONNECTIONS,
    duration: seconds,
    headers: cookie ? { cookie } : {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function runAnalyticsBenchmarks(seconds: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-analytics-"));
  try {
    let server = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn" }, dataDir);
    let world: Awaited<ReturnType<typeof launch>>;
    try {
      world = await launch(server.url);
    } finally {
      await server.stop();
    }
    const setup = performance.now();
    await insertHistory(dataDir, world.mint);
    console.log(
      `analytics benchmarks: one token with ${HOLDERS} holders, ${CHANGES} indexed balance changes and ${TRADES} ` +
        `confirmed trades, all in the last 30 days (inserted in ${fmt((performance.now() - setup) / 1000)} s); ` +
        `${CONNECTIONS} connections, ${seconds} s each`,
    );
    const raw = await rawAnalytics(dataDir, world.mint);
    const rawP50 = median(raw.times);
    console.log(
      `  raw, the service's work on a miss, no HTTP: the day's first (30 days of history read) ` +
        `${fmt(raw.first)} ms; after a change (closed days kept, today re-read), ${RAW_RUNS} runs: ` +
        `p50 ${fmt(rawP50)} ms, p99 ${fmt(percentile(raw.times, 99))} ms`,
    );

    server = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn" }, dataDir);
    try {
      const c = new Client(server.url);
      const login = await c.post("/api/auth/email", { email: world.email, password: "bench-pass" });
      if (login.status !== 200) throw new Error(`login: ${login.status}`);
      const first = performance.now();
      const cold = await c.get(`/api/analytics/${world.mint}`);
      if (cold.status !== 200) throw new Error(`analytics: ${cold.status} ${JSON.stringify(cold.body)}`);
      console.log(
        `  first GET /api/analytics/:mint after start (cold: caches empty): ${fmt(performance.now() - first)} ms`,
      );
      const routes: Array<[string, string, string | undefined]> = [
        ["GET /api/analytics/:mint (creator)", `/api/analytics/${world.mint}`, c.cookie],
        ["GET /api/analytics/:mint (public)", `/api/analytics/${world.mint}`, undefined],
        ["GET /api/tokens/:mint/trust", `/api/tokens/${world.mint}/trust`, undefined],
      ];
      for (const [, route, cookie] of routes) await measure(server.url, route, Math.min(2, seconds), cookie);
      for (const [label, route, cookie] of routes) {
        const r = await measure(server.url, route, seconds, cookie);
        const met = r.p99 < GOAL_P99_MS && r.errors === 0;
        const ratio = label.startsWith("GET /api/analytics")
          ? `, API p50 / raw p50 = ${fmt(r.p50 / rawP50, 2)}x`
          : "";
        console.log(
          `  ${label}: ${fmt(r.rps, 0)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, errors ${r.errors}${ratio}` +
            `   goal p99 < ${GOAL_P99_MS} ms: ${verdict(met)}`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
