import type { MarketState, TradesPage } from "@shared/schemas/market";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testWallet } from "../../../../tests/support/keys";
import { launch, type Member, member } from "../../../../tests/support/market";
import { onPostgresPass } from "../../../../tests/support/shared-services";
import { openSse, type SseStream } from "../../../../tests/support/sse";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { startTwoApiNodes, type TwoApiNodes } from "../../../../tests/support/two-api-nodes";

// GET /api/market/:mint/live against the real server, database and ledger: a stream opened
// with a real HTTP client hears another user's buy (the `trade` and `market` events carry the
// same figures GET /api/market/:mint and /trades answer afterwards, and `holders` comes once
// the indexer has it), the bounds per address
// and in total refuse with codes, a closed client frees its place, and closing the server
// ends the streams. Across two API nodes (PostgreSQL pass): a buy on one reaches a stream on
// the other through the change bus.

const SOL = 1_000_000_000n;
const WINDOW_MS = 5 * 60_000;
let clock = Date.parse("2026-11-01T12:00:00Z");
const now = () => clock;

let t: TestApp;
let creator: Member;
let fan: Member;
let mint: string;
let quietMint: string;

beforeAll(async () => {
  // Client addresses come from X-Forwarded-For (trusted from the loopback): one test process
  // plays several networks. Two streams per address, three in all.
  t = await startTestApp(
    { TRUST_PROXY: "127.0.0.1", LIVE_STREAMS_PER_IP: "2", LIVE_STREAMS_MAX: "3" },
    { now },
  );
  creator = await member(t.url, t.deps.ledger, "live_creator", 3n * SOL);
  fan = await member(t.url, t.deps.ledger, "live_fan", 2n * SOL);
  mint = await launch(creator, "LIVE", "1000000", { curveShareBps: 8000 });
  quietMint = await launch(creator, "HUSH", "1000000", { curveShareBps: 8000 });
  // Past the launch window: the fee no longer moves with the clock between two reads.
  clock += WINDOW_MS + 1;
});
afterAll(async () => t?.close());

const liveUrl = (m: string) => `${t.url}/api/market/${m}/live`;
const from = (ip: string) => ({ "x-forwarded-for": ip });
const json = <T>(data: string) => JSON.parse(data) as T;

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(t.url + path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function closeAndWait(...streams: SseStream[]) {
  for (const s of streams) s.close();
  await expect.poll(() => t.app.services.marketLive.openStreams).toBe(0);
}

describe("GET /api/market/:mint/live", () => {
  it("pushes another user's buy: a trade event and the new market state, the same figures as the GETs after", async () => {
    const stream = await openSse(liveUrl(mint), from("10.0.0.1"));
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers.get("cache-control")).toBe("no-cache, no-transform");
    // The app's headers hold on the stream too (helmet).
    expect(stream.headers.get("x-content-type-options")).toBe("nosniff");

    // On connect: the state as it is now.
    const first = await stream.next((e) => e.event === "market");
    const before = await getJson<MarketState>(`/api/market/${mint}`);
    expect(json<MarketState>(first.data)).toEqual(before);

    const buy = await fan.c.post<{ signature: string; solIn: string; tokensOut: string; fee: string }>(
      `/api/market/${mint}/buy`,
      { solIn: (SOL / 10n).toString(), minTokensOut: "1", idempotencyKey: "live-buy-1" },
    );
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);

    const tradeEvent = await stream.next((e) => e.event === "trade");
    const marketEvent = await stream.next(
      (e) => e.event === "market" && json<MarketState>(e.data).realSolReserves !== before.realSolReserves,
    );
    const trade = json<TradesPage["trades"][number]>(tradeEvent.data);
    expect(trade).toMatchObject({
      signature: buy.body.signature,
      side: "buy",
      trader: fan.wallet,
      tokens: buy.body.tokensOut,
      fee: buy.body.fee,
      solAmount: (BigInt(buy.body.solIn) - BigInt(buy.body.fee)).toString(),
    });
    const after = await getJson<MarketState>(`/api/market/${mint}`);
    expect(json<MarketState>(marketEvent.data)).toEqual(after);
    expect(BigInt(after.realSolReserves)).toBe(
      BigInt(before.realSolReserves) + BigInt(buy.body.solIn) - BigInt(buy.body.fee),
    );
    expect(after.priceLamports).toBe(trade.priceLamports);
    const page = await getJson<TradesPage>(`/api/market/${mint}/trades`);
    expect(page.trades[0]).toEqual(trade);
    // One trade, pushed once.
    expect(stream.events.filter((e) => e.event === "trade")).toHaveLength(1);
    // Once the indexer has the buy, the page hears `holders`: a reader who is not the buyer
    // (this one is signed out) then finds the fan among the holders.
    await stream.next((e) => e.event === "holders");
    const details = await getJson<{ holders: Array<{ owner: string }> }>(`/api/tokens/${mint}`);
    expect(details.holders.map((h) => h.owner)).toContain(fan.wallet);
    await closeAndWait(stream);
  });

  it("refuses a malformed mint (400) and one that is not a platform token (404) before any stream", async () => {
    const bad = await fetch(`${t.url}/api/market/not-a-mint/live`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.mint).toBe(
      "Invalid mint address",
    );
    const unknown = await fetch(liveUrl("So11111111111111111111111111111111111111112"));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "Token not found", code: "NOT_FOUND" });
    expect(t.app.services.marketLive.openStreams).toBe(0);
  });

  it("bounds streams per address (429) and in all (503); a client that leaves frees its place", async () => {
    const a1 = await openSse(liveUrl(mint), from("10.0.0.2"));
    const a2 = await openSse(liveUrl(quietMint), from("10.0.0.2"));
    expect([a1.status, a2.status]).toEqual([200, 200]);
    const a3 = await fetch(liveUrl(mint), { headers: from("10.0.0.2") });
    expect(a3.status).toBe(429);
    expect(await a3.json()).toMatchObject({ code: "TOO_MANY_STREAMS" });

    const b1 = await openSse(liveUrl(mint), from("10.0.0.3"));
    expect(b1.status).toBe(200);
    const c1 = await fetch(liveUrl(mint), { headers: from("10.0.0.4") });
    expect(c1.status).toBe(503);
    expect(await c1.json()).toMatchObject({ code: "STREAMS_FULL" });
    expect(t.app.services.marketLive.openStreams).toBe(3);

    a1.close();
    await expect.poll(() => t.app.services.marketLive.openStreams).toBe(2);
    const c2 = await openSse(liveUrl(mint), from("10.0.0.4"));
    expect(c2.status).toBe(200);
    await c2.next((e) => e.event === "market");
    await closeAndWait(a2, b1, c2);
  });

  it("sends a heartbeat comment every 15 s", async () => {
    // The heartbeat's timer is made when the first stream opens: made fake here, moved by hand.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const stream = await openSse(liveUrl(mint), from("10.0.0.5"));
      await stream.next((e) => e.event === "market");
      expect(stream.comments).toEqual([]);
      vi.advanceTimersByTime(15_000);
      expect(await stream.nextComment()).toBe("ping");
      await closeAndWait(stream);
    } finally {
      vi.useRealTimers();
    }
  });

  it("closing the server ends the open streams (they never hold it open)", async () => {
    const stream = await openSse(liveUrl(mint), from("10.0.0.6"));
    await stream.next((e) => e.event === "market");
    const closing = t.app.close();
    await stream.ended;
    await closing;
    expect(t.app.services.marketLive.openStreams).toBe(0);
  });
});

const ON_POSTGRES = onPostgresPass("market-live across nodes");
describe.runIf(ON_POSTGRES)("live streams across two API nodes", () => {
  let nodes: TwoApiNodes;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    nodes = await startTwoApiNodes(
      { RATE_LIMITS: "off", TREASURY_ADDRESS: (await testWallet()).address },
      { now },
    );
    ({ a, b } = nodes);
  }, 120_000);
  afterAll(async () => {
    await nodes?.close();
  });

  it("a buy on node A reaches a stream on node B with the figures B answers", async () => {
    const owner = await member(a.url, a.deps.ledger, "xlive_creator", 3n * SOL);
    const buyer = await member(a.url, a.deps.ledger, "xlive_fan", 2n * SOL);
    const m = await launch(owner, "XLIVE", "1000000", { curveShareBps: 8000 });
    clock += WINDOW_MS + 1;
    const stream = await openSse(`${b.url}/api/market/${m}/live`);
    const first = json<MarketState>((await stream.next((e) => e.event === "market")).data);
    const buy = await buyer.c.post<{ signature: string }>(`/api/market/${m}/buy`, {
      solIn: (SOL / 10n).toString(),
      minTokensOut: "1",
      idempotencyKey: "xlive-buy",
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    const trade = await stream.next((e) => e.event === "trade");
    expect(json<{ signature: string }>(trade.data).signature).toBe(buy.body.signature);
    const moved = await stream.next(
      (e) => e.event === "market" && json<MarketState>(e.data).realSolReserves !== first.realSolReserves,
    );
    const onB = await fetch(`${b.url}/api/market/${m}`);
    expect(json<MarketState>(moved.data)).toEqual(await onB.json());
    stream.close();
  });
});
