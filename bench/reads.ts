import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { startServer } from "../tests/e2e/fixtures";
import { makeCreators, uniqueSymbol } from "./api-launch";
import { leanPoster } from "./lean-post";
import { fmt, verdict } from "./stats";

// Issue 12's read goal: Explore and the token page's reads at >= 3,000 req/s with 1,000 tokens
// and 100,000 indexed trades. The tokens are launched through the API (a share of them with a
// market, traded for real through the API); real trades are too slow for 100k, so the rest of
// the volume is inserted as confirmed history rows (market_trades, with their balance_changes
// and holders) into the server's database while it is stopped, then the server starts again.
// Each read is measured with autocannon beside the same server's cheapest route (GET /api/ledger:
// a constant answer, so HTTP and Fastify alone).

const TOKENS = Number(process.env.BENCH_READ_TOKENS ?? 1_000);
const TRADES = Number(process.env.BENCH_READ_TRADES ?? 100_000);
/** One token in this many opens a market at launch. */
const MARKET_EVERY = 3;
const REAL_TRADES_PER_MARKET = 3;
const CONNECTIONS = 50;
const GOAL = 3_000;
const SUPPLY_TOKENS = 1_000_000_000n;
/** A history trader's balance and holders per traded mint. */
const HISTORY_TRADERS = 20;

interface World {
  mints: string[];
  marketMints: string[];
  symbols: string[];
  realTrades: number;
}

/** 1,000 tokens from 10 creators at once; every third with a market; then real trades. */
async function launchWorld(url: string): Promise<World> {
  const tag = `rd${Date.now().toString(36)}_`;
  const creators = await makeCreators(url, 10, tag);
  const mints: string[] = [];
  const marketMints: string[] = [];
  const symbols: string[] = [];
  let next = 0;
  await Promise.all(
    creators.map(async (cr) => {
      while (next < TOKENS) {
        const i = next++;
        const sym = uniqueSymbol();
        const withMarket = i % MARKET_EVERY === 0;
        const res = await cr.c.post<{ mintAddress: string }>("/api/tokens/create", {
          name: `Reads ${sym}`,
          symbol: sym,
          description: "A token for the read benchmark",
          totalSupply: SUPPLY_TOKENS.toString(),
          userId: cr.userId,
          creatorWallet: cr.wallet,
          ...(withMarket ? { market: { curveShareBps: 8000 } } : {}),
        });
        if (res.status !== 201) throw new Error(`read bench launch ${i} answered ${res.status}`);
        mints.push(res.body.mintAddress);
        symbols.push(sym);
        if (withMarket) marketMints.push(res.body.mintAddress);
      }
    }),
  );
  // Real trades: 10 traders, each over its share of the markets, every third a sell.
  const traders = await makeCreators(url, 10, `${tag}t`);
  let realTrades = 0;
  let seq = 0;
  await Promise.all(
    traders.map(async (t, w) => {
      const post = leanPoster(url, t.c.cookie);
      for (let m = w; m < marketMints.length; m += traders.length) {
        const mint = marketMints[m] as string;
        for (let k = 0; k < REAL_TRADES_PER_MARKET; k++) {
          const sell = k === 2;
          const status = await post(
            `/api/market/${mint}/${sell ? "sell" : "buy"}`,
            sell
              ? { tokensIn: (1_000n * 10n ** 9n).toString(), minSolOut: "0", idempotencyKey: `r${seq++}` }
              : { solIn: "1000000", minTokensOut: "0", idempotencyKey: `r${seq++}` },
          );
          if (status !== 200) throw new Error(`read bench trade answered ${status}`);
          realTrades++;
        }
      }
    }),
  );
  return { mints, marketMints, symbols, realTrades };
}

/** Confirmed history rows spread over the last 7 days of each traded market, older than any
 * real trade (the curves' reserves stay those the real trades left), with one balance change
 * per trade and HISTORY_TRADERS holders per market. Runs on the stopped server's database. */
async function insertHistory(dataDir: string, rows: number): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const counted = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from markets where status = 'open'`,
    );
    const markets = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    if (!markets) throw new Error("no open markets to give history");
    // Whole numbers written into the statement (no parameters to type).
    const perMarket = sql.raw(String(Math.ceil(rows / markets)));
    const stepMs = sql.raw(String(Math.floor((7 * 24 * 3_600_000) / Math.ceil(rows / markets))));
    const traders = sql.raw(String(HISTORY_TRADERS));
    const total = sql.raw(String(Math.floor(rows)));
    // Price rises towards now: each step back in time takes 0.001 SOL off the virtual SOL.
    await db.execute(sql`
      insert into market_trades (id, mint, trader, side, curve_sol, fee, creator_fee, platform_fee, fee_bps,
        tokens, virtual_sol_after, virtual_token_after, real_sol_after, real_token_after, status, signature,
        created_at, confirmed_at)
      select 'hist-' || m.idx || '-' || g, m.mint, 'HistTrader' || m.idx || 'x' || (g % ${traders}),
        case when g % 3 = 2 then 'sell' else 'buy' end,
        1000000, 25000, 12500, 12500, 250, 1000000000000,
        m.virtual_sol - (${perMarket} - g) * 1000000,
        (m.virtual_sol * m.virtual_token) / (m.virtual_sol - (${perMarket} - g) * 1000000),
        greatest(0, m.real_sol - (${perMarket} - g) * 1000000), m.real_token,
        'confirmed', 'histsig' || m.idx || 'x' || g,
        now() - interval '1 minute' - ((${perMarket} - g) * ${stepMs}) * interval '1 millisecond',
        now() - interval '1 minute' - ((${perMarket} - g) * ${stepMs}) * interval '1 millisecond'
      from (select mint, virtual_sol, virtual_token, real_sol, real_token,
              row_number() over (order by mint) as idx
            from markets where status = 'open') m
      cross join generate_series(1, ${perMarket}) g
      where (m.idx - 1) * ${perMarket} + g <= ${total}`);
    await db.execute(sql`
      insert into balance_changes (signature, mint, owner, delta, balance_after, slot, block_time)
      select t.signature, t.mint, t.trader,
        case when t.side = 'buy' then t.tokens else -t.tokens end,
        1000000000000::numeric, 0, t.confirmed_at
      from market_trades t where t.id like 'hist-%'`);
    await db.execute(sql`
      insert into holders (mint, owner, balance, first_held_at, last_slot, updated_at)
      select t.mint, t.trader, 1000000000000, min(t.confirmed_at), 0, max(t.confirmed_at)
      from market_trades t where t.id like 'hist-%' group by t.mint, t.trader`);
    const inserted = await db.execute(
      sql`select count(*)::int as n from market_trades where id like 'hist-%'`,
    );
    return Number((inserted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}

interface ReadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** autocannon at CONNECTIONS connections; `path` is drawn anew for every request. */
async function measure(url: string, label: string, next: () => string, seconds: number): Promise<ReadResult> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: next() }) }],
  });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Each mint's token page reads once (market history only where there is a market). */
async function coldPass(url: string, world: World) {
  const markets = new Set(world.marketMints);
  const paths = world.mints.flatMap((mint) => [
    `/api/tokens/${mint}`,
    `/api/market/${mint}`,
    ...(markets.has(mint) ? [`/api/market/${mint}/trades`, `/api/market/${mint}/candles?interval=1h`] : []),
  ]);
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < paths.length) {
        const res = await fetch(url + paths[next++]);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`cold read answered ${res.status}`);
      }
    }),
  );
  return { requests: paths.length, seconds: (performance.now() - start) / 1000 };
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;

export async function runReadBenchmarks(seconds: number): Promise<void> {
  const started = Date.now();
  // Our own data dir: a server started with one leaves it in place when stopped.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-reads-"));
  let server = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn" }, dataDir);
  let world: World;
  try {
    world = await launchWorld(server.url);
  } finally {
    await server.stop();
  }
  // PGlite is one process's: the history goes in while the server is stopped.
  let history: number;
  try {
    history = await insertHistory(dataDir, Math.max(0, TRADES - world.realTrades));
    server = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn" }, dataDir);
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  try {
    console.log(
      `read benchmarks: ${world.mints.length} tokens launched through the API (${world.marketMints.length} with a market); ` +
        `${world.realTrades} real trades through the API, ${history} history rows inserted for volume ` +
        `(${world.realTrades + history} confirmed trades); set up in ${fmt((Date.now() - started) / 1000, 0)} s; ` +
        `${CONNECTIONS} connections, ${seconds} s each; load average ${loadAverage()}`,
    );
    const first = await fetch(`${server.url}/api/explore?sort=new&limit=24`);
    const firstPage = (await first.json()) as { nextCursor: string | null };
    if (!firstPage.nextCursor) throw new Error("explore has no second page");
    const cursor = encodeURIComponent(firstPage.nextCursor);
    const reads: Array<[string, () => string]> = [
      ["GET /api/explore?sort=new", () => "/api/explore?sort=new"],
      ["GET /api/explore?sort=trending", () => "/api/explore?sort=trending"],
      ["GET /api/explore?sort=holders", () => "/api/explore?sort=holders"],
      ["GET /api/explore?sort=marketCap", () => "/api/explore?sort=marketCap"],
      ["GET /api/explore?q=<random symbol>", () => `/api/explore?q=${pick(world.symbols)}`],
      ["GET /api/explore?sort=new&cursor=<page 2>", () => `/api/explore?sort=new&limit=24&cursor=${cursor}`],
      ["GET /api/tokens/:mint (random)", () => `/api/tokens/${pick(world.mints)}`],
      ["GET /api/market/:mint (random)", () => `/api/market/${pick(world.mints)}`],
      ["GET /api/market/:mint/trades (random market)", () => `/api/market/${pick(world.marketMints)}/trades`],
      [
        "GET /api/market/:mint/candles?interval=1h (random market)",
        () => `/api/market/${pick(world.marketMints)}/candles?interval=1h`,
      ],
    ];
    // Cold pass: every token's page reads once (what a server does once per token and change),
    // timed; then every route under load once over, so the JIT is what a running server has.
    const cold = await coldPass(server.url, world);
    console.log(
      `  cold pass, each token page's reads once (20 at a time): ${cold.requests} requests in ${fmt(cold.seconds)} s ` +
        `(${fmt(cold.requests / cold.seconds, 0)} req/s)`,
    );
    for (const [label, next] of reads) await measure(server.url, label, next, Math.min(2, seconds));
    const baseline = await measure(server.url, "GET /api/ledger", () => "/api/ledger", seconds);
    console.log(
      `  baseline ${baseline.label}: ${fmt(baseline.requestsPerSecond, 0)} req/s, p50 ${fmt(baseline.p50)} ms, p99 ${fmt(baseline.p99)} ms`,
    );
    let missed = 0;
    for (const [label, next] of reads) {
      const r = await measure(server.url, label, next, seconds);
      const met = r.requestsPerSecond >= GOAL && r.errors === 0;
      if (!met) missed++;
      console.log(
        `  ${label}: ${fmt(r.requestsPerSecond, 0)} req/s (${fmt(r.requestsPerSecond / baseline.requestsPerSecond, 2)}x the baseline), ` +
          `p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, errors ${r.errors}   goal >= ${GOAL} req/s: ${verdict(met)}`,
      );
    }
    console.log(
      `  reads meeting the goal: ${reads.length - missed} of ${reads.length}; load average ${loadAverage()}`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
