import { HealthSchema } from "../src/shared/schemas/health";
import { Client } from "../tests/support/http";
import { makeCreators, uniqueSymbol } from "./api-launch";
import { percentile } from "./stats";

// Commit -> indexed lag of the chain indexer on the embedded ledger, under a burst of token
// transfers through the API (10 senders at once, each on its own token). The server measures
// the lag itself, from the moment its ledger announces a commit to the moment the indexer's
// write of it is done, and reports p50/p99 over its last 1,000 transactions in /api/health;
// the burst is 1,000 transfers, so the figures are the burst's.

export interface IndexerLagResult {
  transfers: number;
  seconds: number;
  p50: number | null;
  p99: number | null;
  /** The transfers' own latency through the API meanwhile, for scale. */
  transferP50: number;
  transferP99: number;
}

async function indexerHealth(url: string) {
  const res = await new Client(url).get("/api/health");
  return HealthSchema.parse(res.body).indexer;
}

export async function benchIndexerLag(
  url: string,
  options: { senders?: number; transfersEach?: number } = {},
): Promise<IndexerLagResult> {
  const senders = options.senders ?? 10;
  const transfersEach = options.transfersEach ?? 100;
  const tag = `lag${Date.now().toString(36)}_`;
  const creators = await makeCreators(url, senders, tag);
  const fans = await makeCreators(url, 5, `${tag}fan`);
  const fanNames = fans.map((_, i) => `${tag}fan${i}`);
  const mints = await Promise.all(
    creators.map(async (creator) => {
      // Names and symbols must stand apart: look-alikes of live tokens are refused.
      const sym = uniqueSymbol();
      const res = await creator.c.post<{ mintAddress: string }>("/api/tokens/create", {
        name: `Lag ${sym}`,
        symbol: sym,
        totalSupply: "1000000000",
        userId: creator.userId,
        creatorWallet: creator.wallet,
      });
      if (res.status !== 201) throw new Error(`bench launch failed: ${JSON.stringify(res.body)}`);
      return res.body.mintAddress;
    }),
  );

  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    creators.map(async (creator, s) => {
      for (let i = 0; i < transfersEach; i++) {
        const sent = performance.now();
        const res = await creator.c.post(`/api/tokens/${mints[s]}/transfer`, {
          to: fanNames[i % fanNames.length],
          amount: `${1 + i}`,
        });
        if (res.status !== 200) throw new Error(`bench transfer failed: ${JSON.stringify(res.body)}`);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  // Done when nothing waits any more.
  for (let health = await indexerHealth(url); health.behind > 0; health = await indexerHealth(url))
    await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - started) / 1000;
  const health = await indexerHealth(url);
  return {
    transfers: senders * transfersEach,
    seconds,
    p50: health.lagP50Ms,
    p99: health.lagMs,
    transferP50: percentile(latencies, 50),
    transferP99: percentile(latencies, 99),
  };
}
