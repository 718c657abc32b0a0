import type { Candles, TradesPage } from "@shared/schemas/market";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpWithWallet } from "../../../../tests/support/people";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { marketTrades } from "../../db/schema/index";

// GET /api/market/:mint/trades and /candles against the real server and database. The market
// that records trades is built beside this; until it lands, the candle aggregation is checked
// on confirmed trade rows written straight into the test database (and only that: the full
// buy -> trades -> candles flow is tested with the market).

let t: TestApp;
let mint: string;
/** Read before and never traded: the aggregation test writes rows straight into the database,
 * past the app's write path and so past its read caches, on `mint`, which no test reads first. */
let quietMint: string;
const NOT_OURS = "So11111111111111111111111111111111111111112";

beforeAll(async () => {
  t = await startTestApp();
  const who = await signUpWithWallet(t.url, "history_maker");
  await who.c.post("/api/wallet/airdrop", { address: who.wallet, amount: 2 });
  const res = await who.c.post<{ mintAddress: string }>("/api/tokens/create", {
    name: "History Lessons",
    symbol: "HIST",
    totalSupply: "1000000",
    userId: who.userId,
    creatorWallet: who.wallet,
  });
  expect(res.status).toBe(201);
  mint = res.body.mintAddress;
  const quiet = await who.c.post<{ mintAddress: string }>("/api/tokens/create", {
    name: "Quiet Meadow",
    symbol: "QMDW",
    totalSupply: "1000000",
    userId: who.userId,
    creatorWallet: who.wallet,
  });
  expect(quiet.status).toBe(201);
  quietMint = quiet.body.mintAddress;
});
afterAll(async () => t?.close());

async function get<T>(path: string) {
  const res = await fetch(t.url + path);
  return {
    status: res.status,
    body: (await res.json()) as T & { error: string; fields?: Record<string, string> },
  };
}

const WHOLE = 10n ** 9n; // the platform's tokens have 9 decimals
let tradeNo = 0;
/** A confirmed trade row whose price after is exactly `price` lamports per whole token. */
async function insertConfirmedTrade(at: Date, price: bigint, curveSol: bigint) {
  tradeNo++;
  const virtualTokenAfter = 1_000n * WHOLE;
  await t.deps.database.db.insert(marketTrades).values({
    id: `direct-${tradeNo}`,
    mint,
    trader: "TraderWa11et1111111111111111111111111111111",
    side: "buy",
    curveSol,
    fee: 0n,
    creatorFee: 0n,
    platformFee: 0n,
    feeBps: 250,
    tokens: WHOLE,
    virtualSolAfter: price * 1_000n,
    virtualTokenAfter,
    realSolAfter: 0n,
    realTokenAfter: 0n,
    status: "confirmed",
    signature: `sig-${tradeNo}`,
    confirmedAt: at,
  });
}

describe("market history routes", () => {
  it("answers 404 for a mint that is not a platform token, 400 for a malformed one", async () => {
    for (const path of [`/api/market/${NOT_OURS}/trades`, `/api/market/${NOT_OURS}/candles`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error).toBe("Token not found");
    }
    const bad = await get("/api/market/not-a-mint/trades");
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.mint).toBe("Invalid mint address");
  });

  it("refuses an unknown interval, a bad limit and a bad cursor with 400s", async () => {
    const interval = await get(`/api/market/${quietMint}/candles?interval=2m`);
    expect(interval.status).toBe(400);
    expect(interval.body.fields?.interval).toBe("interval must be one of 1m, 5m, 15m, 1h, 4h, 1d");
    expect((await get(`/api/market/${quietMint}/trades?limit=0`)).status).toBe(400);
    expect((await get(`/api/market/${quietMint}/trades?limit=101`)).status).toBe(400);
    const cursor = await get(`/api/market/${quietMint}/trades?cursor=zzz`);
    expect(cursor.status).toBe(400);
    expect(cursor.body.fields?.cursor).toBe("Invalid cursor: start again from the newest trades");
    expect((cursor.body as { code?: string }).code).toBe("INVALID_CURSOR");
    // Well formed but past any time the database can hold (a forged cursor): a 400 too.
    for (const micros of ["9223372036854775807", "9999999999999999999", "253402300800000000"]) {
      const forged = Buffer.from(`${micros}.x`).toString("base64url");
      const far = await get(`/api/market/${quietMint}/trades?cursor=${forged}`);
      expect(far.status, micros).toBe(400);
      expect((far.body as { code?: string }).code).toBe("INVALID_CURSOR");
    }
  });

  it("has no trades and no candles for a token without a market", async () => {
    expect((await get<TradesPage>(`/api/market/${quietMint}/trades`)).body).toEqual({
      trades: [],
      nextCursor: null,
    });
    expect((await get<Candles>(`/api/market/${quietMint}/candles`)).body).toEqual({
      interval: "5m",
      candles: [],
    });
  });

  it("candle aggregation (confirmed trade rows inserted directly): OHLC of the price after, volume, oldest first", async () => {
    const bucket = 300_000; // 5m
    const current = Math.floor(Date.now() / bucket) * bucket;
    const a = current - 2 * bucket;
    const b = current - bucket;
    // Two days ago: before the 5m window (300 candles = 25 h), so it only opens the first candle.
    await insertConfirmedTrade(new Date(a - 2 * 86_400_000), 50n, 7n);
    await insertConfirmedTrade(new Date(a + 10_000), 80n, 100n);
    await insertConfirmedTrade(new Date(a + 20_000), 40n, 200n);
    await insertConfirmedTrade(new Date(a + 30_000), 60n, 300n);
    await insertConfirmedTrade(new Date(b + 1_000), 90n, 1_000n);
    // A pending trade is not history.
    await t.deps.database.db.insert(marketTrades).values({
      id: "direct-pending",
      mint,
      trader: "TraderWa11et1111111111111111111111111111111",
      side: "buy",
      curveSol: 999_999n,
      fee: 0n,
      creatorFee: 0n,
      platformFee: 0n,
      feeBps: 250,
      tokens: WHOLE,
      virtualSolAfter: 1n,
      virtualTokenAfter: WHOLE,
      realSolAfter: 0n,
      realTokenAfter: 0n,
      status: "pending",
    });

    const five = await get<Candles>(`/api/market/${mint}/candles?interval=5m`);
    expect(five.status).toBe(200);
    expect(five.body.candles).toEqual([
      { t: a / 1000, open: "50", high: "80", low: "40", close: "60", volumeLamports: "600" },
      { t: b / 1000, open: "60", high: "90", low: "60", close: "90", volumeLamports: "1000" },
    ]);

    // By the day: the old trade is in the window and opens its own candle at its own price.
    const day = await get<Candles>(`/api/market/${mint}/candles?interval=1d`);
    const dayCandles = day.body.candles;
    expect(dayCandles[0]).toMatchObject({ open: "50", close: "50", volumeLamports: "7" });
    expect(dayCandles.at(-1)?.close).toBe("90");
    const total = dayCandles.reduce((sum, c) => sum + BigInt(c.volumeLamports), 0n);
    expect(total).toBe(1_607n);
    for (const c of dayCandles) expect(c.t % 86_400).toBe(0);
  });
});
