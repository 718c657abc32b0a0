import type { Candles, MarketState, TradesPage } from "@shared/schemas/market";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, type Member, member } from "../../../../tests/support/market";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// The market's reads (state, trades, candles) are answered from memory until the market's next
// write: a trade must show on the very next read after its 2xx, whatever was cached before.

const SOL = 1_000_000_000n;
const WINDOW_MS = 5 * 60_000;
let clock = Date.parse("2026-11-01T12:00:00Z");
let t: TestApp;
let reader: Member;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" }, { now: () => clock });
  reader = await member(t.url, t.deps.ledger, "rc_reader", 0n);
});
afterAll(async () => t?.close());

const get = async <T>(path: string) => {
  const res = await reader.c.get<T>(path);
  expect(res.status, path).toBe(200);
  return res.body;
};
/** Everything the token page asks of the market, each read twice (the second from the cache). */
async function readAll(mint: string) {
  const paths = [
    `/api/market/${mint}`,
    `/api/market/${mint}/trades`,
    `/api/market/${mint}/trades?limit=1`,
    `/api/market/${mint}/candles?interval=1h`,
    `/api/market/${mint}/candles?interval=1m`,
  ];
  for (const path of paths) await get(path);
  const [state, trades, one, hour, minute] = await Promise.all(paths.map((p) => get<unknown>(p)));
  return {
    state: state as MarketState,
    trades: trades as TradesPage,
    one: one as TradesPage,
    hour: hour as Candles,
    minute: minute as Candles,
  };
}
const volume = (c: Candles) => c.candles.reduce((sum, k) => sum + BigInt(k.volumeLamports), 0n);

describe("market read caches", () => {
  it("show each trade on the next read after its 2xx (state, trades, candles)", async () => {
    const creator = await member(t.url, t.deps.ledger, "rc_creator", 5n * SOL);
    const mint = await launch(creator, "RCACHE", "1000000", { curveShareBps: 8000 });
    clock += WINDOW_MS + 1;
    const fan = await member(t.url, t.deps.ledger, "rc_fan", 10n * SOL);
    let before = await readAll(mint);
    expect(before.trades.trades).toEqual([]);
    for (const [i, body] of [
      { solIn: SOL.toString(), minTokensOut: "0" },
      { solIn: (SOL / 2n).toString(), minTokensOut: "0" },
      { tokensIn: "1000000000000", minSolOut: "0" },
    ].entries()) {
      const side = "solIn" in body ? "buy" : "sell";
      const res = await fan.c.post<{ signature: string }>(`/api/market/${mint}/${side}`, {
        ...body,
        idempotencyKey: `rc-${i}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const after = await readAll(mint);
      expect(after.trades.trades).toHaveLength(i + 1);
      expect(after.trades.trades[0]?.signature).toBe(res.body.signature);
      expect(after.one.trades[0]?.signature).toBe(res.body.signature);
      expect(after.state.virtualSolReserves).not.toBe(before.state.virtualSolReserves);
      expect(after.state.feesPlatformLamports).not.toBe(before.state.feesPlatformLamports);
      const sol = BigInt(after.trades.trades[0]?.solAmount ?? "0");
      expect(volume(after.hour)).toBe(volume(before.hour) + sol);
      expect(volume(after.minute)).toBe(volume(before.minute) + sol);
      expect(after.hour.candles.at(-1)?.close).toBe(after.trades.trades[0]?.priceLamports);
      before = after;
    }
  });

  it("a market opened after its state was read shows open on the next read", async () => {
    const creator = await member(t.url, t.deps.ledger, "rc_opener", 5n * SOL);
    const mint = await launch(creator, "RCOPEN", "1000000");
    expect((await readAll(mint)).state.status).toBe("none");
    expect((await readAll(mint)).state.status).toBe("none");
    const open = await creator.c.post<MarketState>(`/api/market/${mint}/open`, { curveShareBps: 8000 });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect((await readAll(mint)).state.status).toBe("open");
  });

  it("in the launch window the fee follows the clock (the state is not kept)", async () => {
    const creator = await member(t.url, t.deps.ledger, "rc_window", 5n * SOL);
    const mint = await launch(creator, "RCWIN", "1000000", { curveShareBps: 8000 });
    const first = (await readAll(mint)).state.feeBps;
    clock += 60_000;
    const later = (await readAll(mint)).state.feeBps;
    expect(later).toBeLessThan(first);
    clock += WINDOW_MS;
    expect((await readAll(mint)).state.feeBps).toBe(250);
    expect((await readAll(mint)).state.feeBps).toBe(250);
  });
});
