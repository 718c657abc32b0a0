// `npm run bench:scale`: launch and trade throughput (and p99) with 1 and then 2 API nodes on
// one PostgreSQL database (BENCH_DATABASE_URL, default the local server) against one ledger
// node (embedded, serving /rpc), requests spread round-robin; and where the CPU time went
// (ledger node vs API nodes). README "Scaling out"; docs/decisions/013.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { generateSigner } from "../src/server/ledger/keys";
import { RpcLedger } from "../src/server/ledger/rpc-ledger";
import { buildSolTransferTransaction } from "../src/server/ledger/system";
import { type RunningServer, startServer } from "../tests/e2e/fixtures";
import { Client } from "../tests/support/http";
import { fmt, percentile, processCpuMs } from "./stats";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LAUNCHES = Number(process.env.BENCH_LAUNCHES ?? 8);
const TRADERS = Number(process.env.BENCH_TRADERS ?? 8);

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface Result {
  nodes: number;
  launchesPerSecond: number;
  launchP99: number;
  tradesPerSecond: number;
  tradeP99: number;
  cpu: { ledger: number; api: number };
}

async function run(nodeCount: number): Promise<Result> {
  const name = `bench_scale_${process.pid}_${nodeCount}`;
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const keysDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-bench-keys-"));
  const servers: RunningServer[] = [];
  try {
    const ledgerNode = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn" });
    servers.push(ledgerNode);
    const chain = new RpcLedger({ url: `${ledgerNode.url}/rpc`, pollMs: 20 });
    const env = {
      DATABASE_URL: url.toString(),
      SOLANA_RPC_URL: `${ledgerNode.url}/rpc`,
      RATE_LIMITS: "off",
      LOG_LEVEL: "warn",
      INDEXER_POLL_MS: "500",
      INDEXER_RPC_PER_SECOND: "200",
    };
    const api: RunningServer[] = [];
    for (let i = 0; i < nodeCount; i++) api.push(await startServer(env, keysDir));
    servers.push(...api);

    const funder = generateSigner();
    for (let i = 0; i < 2; i++) await chain.airdrop(funder.address, 5_000_000_000n);
    let turn = 0;
    const nextNode = () => (api[turn++ % api.length] as RunningServer).url;
    const person = async (username: string) => {
      const c = new Client(nextNode(), 60_000);
      const reg = await c.post<{ user: { id: string } }>("/api/register", {
        username,
        email: `${username}@example.com`,
        password: "secret1",
      });
      const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
      const wallet = gen.body.wallet.publicKey;
      const gift = await buildSolTransferTransaction({
        from: funder,
        to: wallet,
        lamports: 500_000_000n,
        blockhash: await chain.getLatestBlockhash(),
      });
      await chain.sendTransaction(gift.wire);
      // One session per node: each request goes to the next node.
      const sessions = [c];
      for (const node of api.slice(1)) {
        const other = new Client(node.url, 60_000);
        await other.post("/api/auth/email", { email: `${username}@example.com`, password: "secret1" });
        sessions.push(other);
      }
      return { userId: reg.body.user.id, wallet, sessions };
    };
    const creators: Array<Awaited<ReturnType<typeof person>>> = [];
    for (let i = 0; i < Math.min(LAUNCHES, 4); i++) creators.push(await person(`bench_creator_${i}`));
    const traders = [];
    for (let i = 0; i < TRADERS; i++) traders.push(await person(`bench_trader_${i}`));

    const cpuBefore = servers.map((s) => processCpuMs(s.proc.pid) ?? 0);
    // Launches: LAUNCHES at once, spread over the creators and the nodes.
    const launchMs: number[] = [];
    const mints: string[] = [];
    const launchStart = performance.now();
    await Promise.all(
      Array.from({ length: LAUNCHES }, async (_, i) => {
        const who = creators[i % creators.length] as Awaited<ReturnType<typeof person>>;
        const at = performance.now();
        const res = await (who.sessions[i % who.sessions.length] as Client).post<{ mintAddress: string }>(
          "/api/tokens/create",
          {
            name: `Bench ${i}`,
            symbol: `BN${i}`,
            totalSupply: "100000000",
            userId: who.userId,
            creatorWallet: who.wallet,
            market: { curveShareBps: 8000 },
          },
        );
        if (res.status !== 201) throw new Error(`launch refused: ${res.status} ${JSON.stringify(res.body)}`);
        launchMs.push(performance.now() - at);
        mints.push(res.body.mintAddress);
      }),
    );
    const launchSeconds = (performance.now() - launchStart) / 1000;

    // Trades: every trader buys for SECONDS on the curves (one each, round-robin), each
    // request on the next node.
    const tradeMs: number[] = [];
    const end = performance.now() + SECONDS * 1000;
    const tradeStart = performance.now();
    await Promise.all(
      traders.map(async (trader, t) => {
        const mint = mints[t % mints.length];
        for (let k = 0; performance.now() < end; k++) {
          const at = performance.now();
          const res = await (trader.sessions[k % trader.sessions.length] as Client).post(
            `/api/market/${mint}/buy`,
            { solIn: "1000000", minTokensOut: "0", idempotencyKey: `b-${t}-${k}` },
          );
          if (res.status !== 200) throw new Error(`buy refused: ${res.status} ${JSON.stringify(res.body)}`);
          tradeMs.push(performance.now() - at);
        }
      }),
    );
    const tradeSeconds = (performance.now() - tradeStart) / 1000;
    const cpu = servers.map((s, i) => (processCpuMs(s.proc.pid) ?? 0) - (cpuBefore[i] ?? 0));
    await chain.close();
    return {
      nodes: nodeCount,
      launchesPerSecond: LAUNCHES / launchSeconds,
      launchP99: percentile(launchMs, 99),
      tradesPerSecond: tradeMs.length / tradeSeconds,
      tradeP99: percentile(tradeMs, 99),
      cpu: { ledger: cpu[0] ?? 0, api: cpu.slice(1).reduce((a, b) => a + b, 0) },
    };
  } finally {
    for (const s of servers.reverse()) await s.stop("SIGTERM");
    rmSync(keysDir, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const results: Result[] = [];
for (const nodes of [1, 2]) results.push(await run(nodes));
console.log(
  `\nScale-out (${LAUNCHES} launches at once, ${TRADERS} traders buying for ${SECONDS} s, one ledger node)`,
);
for (const r of results)
  console.log(
    `  ${r.nodes} API node(s): launches ${fmt(r.launchesPerSecond, 2)}/s (p99 ${fmt(r.launchP99, 0)} ms), ` +
      `trades ${fmt(r.tradesPerSecond)}/s (p99 ${fmt(r.tradeP99, 0)} ms); CPU ms: ledger node ${fmt(r.cpu.ledger, 0)}, ` +
      `API nodes ${fmt(r.cpu.api, 0)}`,
  );
const [one, two] = results as [Result, Result];
console.log(
  `  ratio 2/1: launches ${fmt(two.launchesPerSecond / one.launchesPerSecond, 2)}, trades ${fmt(two.tradesPerSecond / one.tradesPerSecond, 2)}`,
);
