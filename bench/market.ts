import { address, getTransactionDecoder, lamports, type TransactionSigner } from "@solana/kit";
import { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { generateSigner } from "../src/server/ledger/keys";
import { buildOpenMarketTransaction, buildTradeTransaction } from "../src/server/ledger/market-transactions";
import { buildLaunchTransaction } from "../src/server/ledger/token-2022";
import {
  type CurveState,
  initialCurve,
  quoteBuyWithSol,
  quoteSell,
  splitFee,
} from "../src/shared/market/curve";
import { Client } from "../tests/support/http";
import { uniqueSymbol } from "./api-launch";
import { cpuMeter } from "./cpu";
import { leanPoster } from "./lean-post";
import { fmt, median, percentile, verdict } from "./stats";

// The market: trades per second on one curve and over 10 curves through the HTTP API (each
// trade quoted, limited, built, signed by trader and vault, recorded before sending, sent to
// the embedded ledger and applied, one writer per curve), against the same trade
// transactions built, signed and executed raw on a bare LiteSVM in the same run; and the
// trade latency at 10 concurrent traders.

const SUPPLY_TOKENS = 10_000_000_000n;
const DECIMALS = 9;
const SUPPLY = SUPPLY_TOKENS * 10n ** BigInt(DECIMALS);
/** Small enough that no trader reaches the launch window's per-wallet cap (2% of the supply)
 * within the bench: at 0.001 SOL a buy, a third to half of the API's requests were 409
 * LAUNCH_CAP refusals by the second pair, measured as failures rather than trades. */
const BUY_LAMPORTS = 100_000n;
/** Sold back every third trade: far below what one buy yields, so a trader always has it. */
const SELL_TOKENS = 1_000n * 10n ** BigInt(DECIMALS);
const TRADERS = 10;

/** A trader's `k`-th trade, the same in the raw and the API runs: trades come in threes (buy,
 * buy, sell) on one curve, and each three moves on to the next curve. Over 10 curves a wallet's
 * buys are spread over all of them, so none reaches the launch window's per-wallet cap on one
 * curve within the bench (trader i staying on curve i did by the second pair, and its 409s
 * were counted as time without trades). */
function tradeSlot(trader: number, k: number, curves: number): { curve: number; sell: boolean } {
  return { curve: (trader + Math.floor(k / 3)) % curves, sell: k % 3 === 2 };
}

const SYSTEM = address("11111111111111111111111111111111");

interface RawCurve {
  mint: string;
  vault: TransactionSigner;
  curve: CurveState;
}

/** The same trades on a bare LiteSVM: no HTTP, no database, no journal, one thread. */
async function rawMarket(curves: number) {
  const svm = new LiteSVM().withBlockhashCheck(false);
  const fund = (who: string, amount: bigint) =>
    svm.setAccount({
      address: address(who),
      lamports: lamports(amount),
      programAddress: SYSTEM,
      executable: false,
      data: new Uint8Array(),
      space: 0n,
    });
  const decoder = getTransactionDecoder();
  const send = (wire: Uint8Array) => {
    const result = svm.sendTransaction(decoder.decode(wire));
    if (result instanceof FailedTransactionMetadata) throw new Error(`raw market: ${result.toString()}`);
  };
  const blockhash = { blockhash: svm.latestBlockhash(), lastValidBlockHeight: 1_000_000n };
  const rent = svm.minimumBalanceForRentExemption(0n);
  const creator = generateSigner();
  fund(creator.address, 1_000_000n * 10n ** 9n);
  const treasury = generateSigner().address;
  fund(treasury, rent);
  const list: RawCurve[] = [];
  for (let i = 0; i < curves; i++) {
    const mint = generateSigner();
    const launch = await buildLaunchTransaction({
      payer: creator,
      mint,
      name: `Raw Curve ${i}`,
      symbol: "RAW",
      uri: "http://localhost/raw.json",
      additionalMetadata: [],
      supply: SUPPLY,
      decimals: DECIMALS,
      blockhash,
    });
    send(launch.wire);
    const vault = generateSigner();
    const curve = initialCurve(SUPPLY, 8000);
    const open = await buildOpenMarketTransaction({
      creator,
      vault: vault.address,
      mint: mint.address,
      decimals: DECIMALS,
      tokens: curve.realToken,
      vaultRent: rent,
      blockhash,
    });
    send(open.wire);
    list.push({ mint: mint.address, vault, curve });
  }
  const traders = Array.from({ length: TRADERS }, () => generateSigner());
  for (const t of traders) fund(t.address, 1_000n * 10n ** 9n);
  let n = 0;
  return async (traderIndex: number, curveIndex: number, sell: boolean) => {
    const c = list[curveIndex] as RawCurve;
    const trader = traders[traderIndex] as TransactionSigner;
    const q = sell ? quoteSell(c.curve, SELL_TOKENS, 250n) : quoteBuyWithSol(c.curve, BUY_LAMPORTS, 250n);
    if (!q.ok) throw new Error(`raw quote refused: ${q.reason}`);
    const { creator: creatorFee, platform } = splitFee(q.quote.fee);
    const built = await buildTradeTransaction({
      side: q.quote.side,
      mint: c.mint,
      decimals: DECIMALS,
      curveSol: q.quote.curveSol,
      tokens: q.quote.side === "buy" ? q.quote.tokensOut : q.quote.tokensIn,
      creatorFee,
      treasuryFee: platform,
      creatorWallet: creator.address,
      treasury,
      memo: `trade raw-${n++}`,
      trader,
      vault: c.vault,
      blockhash,
    });
    send(built.wire);
    c.curve = q.quote.after;
  };
}

/** Raw trades per second, and the CPU (this one thread) each cost. */
async function rawRate(seconds: number, curves: number): Promise<{ perSecond: number; cpuMs: number }> {
  const trade = await rawMarket(curves);
  // The traders take turns, each trading as in the API run (tradeSlot); warm-up first.
  const next = (n: number) => {
    const trader = n % TRADERS;
    const { curve, sell } = tradeSlot(trader, Math.floor(n / TRADERS), curves);
    return trade(trader, curve, sell);
  };
  for (let n = 0; n < 210; n++) await next(n);
  let trades = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline) {
    await next(210 + trades);
    trades++;
  }
  const used = process.cpuUsage(cpu);
  return {
    perSecond: trades / ((performance.now() - start) / 1000),
    cpuMs: (used.user + used.system) / 1000 / trades,
  };
}

async function person(url: string, tag: string) {
  const c = new Client(url);
  const reg = await c.post<{ user: { id: string } }>("/api/register", {
    username: tag,
    email: `${tag}@bench.example`,
    password: "bench-pass",
  });
  const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
  for (let k = 0; k < 5; k++)
    await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
  return { c, userId: reg.body.user.id, wallet: gen.body.wallet.publicKey };
}

/** 10 traders for `seconds`, each trading as `tradeSlot` says. */
async function apiRun(
  url: string,
  traders: Array<{ c: Client }>,
  mints: string[],
  seconds: number,
): Promise<{ perSecond: number; latencies: number[]; failures: number; refusals: Map<string, number> }> {
  const latencies: number[] = [];
  const refusals = new Map<string, number>();
  let failures = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let seq = 0;
  await Promise.all(
    traders.map(async (t, i) => {
      const post = leanPoster(url, t.c.cookie, refusals);
      for (let k = 0; performance.now() < deadline; k++) {
        const { curve, sell } = tradeSlot(i, k, mints.length);
        const mint = mints[curve] as string;
        const t0 = performance.now();
        const status = await post(
          `/api/market/${mint}/${sell ? "sell" : "buy"}`,
          sell
            ? { tokensIn: SELL_TOKENS.toString(), minSolOut: "0", idempotencyKey: `b${Date.now()}-${seq++}` }
            : {
                solIn: BUY_LAMPORTS.toString(),
                minTokensOut: "0",
                idempotencyKey: `b${Date.now()}-${seq++}`,
              },
        );
        if (status === 200) latencies.push(performance.now() - t0);
        else failures++;
      }
    }),
  );
  return {
    perSecond: latencies.length / ((performance.now() - start) / 1000),
    latencies,
    failures,
    refusals,
  };
}

/** `serverPid`, where known, adds the server's CPU per trade (from /proc) to each pair's line. */
export async function runMarketBenchmarks(
  url: string,
  seconds: number,
  pairs = 3,
  serverPid?: number,
): Promise<void> {
  const tag = Date.now().toString(36);
  const creators = await Promise.all(Array.from({ length: 10 }, (_, i) => person(url, `mc${tag}${i}`)));
  const mints: string[] = [];
  for (const cr of creators) {
    const sym = uniqueSymbol();
    const res = await cr.c.post<{ mintAddress: string }>("/api/tokens/create", {
      name: `Market ${sym}`,
      symbol: sym,
      totalSupply: SUPPLY_TOKENS.toString(),
      userId: cr.userId,
      creatorWallet: cr.wallet,
      market: { curveShareBps: 8000 },
    });
    if (res.status !== 201) throw new Error(`market launch answered ${res.status}`);
    mints.push(res.body.mintAddress);
  }
  const traders = await Promise.all(Array.from({ length: TRADERS }, (_, i) => person(url, `mt${tag}${i}`)));
  const one = mints.slice(0, 1);
  // Warm the server's paths (and the VM's program cache) before measuring.
  await apiRun(url, traders, mints, Math.min(5, seconds));

  for (const [label, curves] of [
    ["one curve", one],
    ["10 curves", mints],
  ] as const) {
    console.log(
      `market trades on ${label}, raw LiteSVM (one thread) and through the API (${TRADERS} concurrent traders):`,
    );
    const ratios: number[] = [];
    const latencies: number[] = [];
    for (let i = 0; i < pairs; i++) {
      const raw = await rawRate(seconds, curves.length);
      const meter = serverPid ? cpuMeter(serverPid) : undefined;
      const api = await apiRun(url, traders, curves, seconds);
      const cpu = meter?.(api.latencies.length + api.failures);
      ratios.push(api.perSecond / raw.perSecond);
      latencies.push(...api.latencies);
      console.log(
        `  pair ${i + 1}: raw ${fmt(raw.perSecond)} /s, API ${fmt(api.perSecond)} /s (${api.latencies.length} ok, ${api.failures} refused${api.failures ? `: ${[...api.refusals].map(([code, n]) => `${code} x${n}`).join(", ")}` : ""}), API / raw = ${fmt(api.perSecond / raw.perSecond, 2)}x`,
      );
      console.log(
        `    CPU per trade: raw ${fmt(raw.cpuMs, 3)} ms${cpu ? `; server ${fmt(cpu.serverMs, 3)} ms (threads ${cpu.threads.map(([t, ms]) => `${t}: ${fmt(ms, 3)}`).join(", ")}), client ${fmt(cpu.clientMs, 3)} ms` : ""}`,
      );
    }
    const ratio = median(ratios);
    console.log(`  API / raw, median pair = ${fmt(ratio, 2)}x   goal >= 0.7x: ${verdict(ratio >= 0.7)}`);
    const p99 = percentile(latencies, 99);
    console.log(
      `  trade latency p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(p99)} ms   goal p99 < 100 ms: ${verdict(p99 < 100)}`,
    );
  }
}
