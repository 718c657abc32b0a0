import autocannon from "autocannon";
import { Client } from "../tests/support/http";
import { leanPoster } from "./lean-post";
import { percentile, processCpuMs } from "./stats";

/** N creators, each signed up with a funded embedded wallet, ready to launch. */
export async function makeCreators(url: string, count: number, tag: string) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const c = new Client(url);
      const name = `${tag}${i}`;
      const reg = await c.post<{ user: { id: string } }>("/api/register", {
        username: name,
        email: `${name}@bench.example`,
        password: "bench-pass",
      });
      const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
      for (let k = 0; k < 5; k++)
        await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
      return { c, userId: reg.body.user.id, wallet: gen.body.wallet.publicKey };
    }),
  );
}

/** A creator who has launched `count` tokens. */
export async function creatorWithTokens(url: string, count: number) {
  const [creator] = await makeCreators(url, 1, `bp${count}_${Date.now().toString(36)}_`);
  if (!creator) throw new Error("no creator");
  const post = leanPoster(url, creator.c.cookie);
  for (let i = 0; i < count; i++) {
    const sym = uniqueSymbol();
    const status = await post("/api/tokens/create", {
      name: `Portfolio ${sym}`,
      symbol: sym,
      totalSupply: "1000000",
      userId: creator.userId,
      creatorWallet: creator.wallet,
    });
    if (status !== 201) throw new Error(`launch ${i} answered ${status}`);
  }
  return creator;
}

let seq = 0;
/** Letters that stay apart in symbols and in names built from them (look-alikes are refused):
 * no V (VV reads as W), no I or L (alike in a name), no R (RN reads as M). */
const SYMBOL_LETTERS = "ABCDEFGHJKMNOPQSTUWXYZ";
/** A symbol no other launch of this process has used, nor looks like. */
export function uniqueSymbol(): string {
  let n = ++seq;
  let out = "";
  for (let i = 0; i < 6; i++, n = Math.floor(n / SYMBOL_LETTERS.length))
    out = SYMBOL_LETTERS[n % SYMBOL_LETTERS.length] + out;
  return `B${out}`;
}

/** Each creator launches back to back for `seconds`; all creators run concurrently. With the
 * server's pid, also the CPU time the server spent per launch (all its threads). */
export async function benchApiLaunches(
  url: string,
  concurrency: number,
  seconds: number,
  serverPid?: number,
) {
  const creators = await makeCreators(url, concurrency, `bl${Date.now().toString(36)}_`);
  const cpuBefore = processCpuMs(serverPid);
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    creators.map(async (cr) => {
      const post = leanPoster(url, cr.c.cookie);
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const sym = uniqueSymbol();
        const status = await post("/api/tokens/create", {
          name: `Bench ${sym}`,
          symbol: sym,
          description: "",
          totalSupply: "1000000",
          userId: cr.userId,
          creatorWallet: cr.wallet,
        });
        if (status === 201) latencies.push(performance.now() - t0);
        else failures++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpuAfter = processCpuMs(serverPid);
  return {
    cpuMsPerLaunch:
      cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / Math.max(1, latencies.length),
    launches: latencies.length,
    failures,
    launchesPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    latencies,
    creators,
  };
}

/** GET /api/tokens/user/:id at `connections` connections with autocannon. */
export async function benchTokenList(url: string, userId: string, connections: number, seconds: number) {
  const result = await autocannon({
    url: `${url}/api/tokens/user/${userId}`,
    connections,
    duration: seconds,
    pipelining: 1,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
