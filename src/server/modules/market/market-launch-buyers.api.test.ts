import type { LaunchBuyersPage, MarketState } from "@shared/schemas/market";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, type Member, member } from "../../../../tests/support/market";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// A popular launch: more wallets buy in the launch window than the market's state lists. The
// state lists the 10 largest with the count of all; the paged route lists every one, once.

const SOL = 1_000_000_000n;
const E9 = 10n ** 9n;
const BUYERS = 12;
let t: TestApp;
let creator: Member;
let mint: string;
/** Each buyer's wallet and the whole tokens it bought, in the order of the buys. */
const bought: Array<{ wallet: string; tokens: bigint }> = [];

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
  creator = await member(t.url, t.deps.ledger, "lb_creator", 2n * SOL);
  mint = await launch(creator, "LBUY", "1000000", { curveShareBps: 8_000 });
  for (let i = 0; i < BUYERS; i++) {
    const fan = await member(t.url, t.deps.ledger, `lb_fan${i}`, SOL);
    // 100 to 600 whole tokens: pairs buy the same amount, ordered then by address.
    const tokens = BigInt(100 + 100 * Math.floor(i / 2));
    const buy = await fan.c.post(`/api/market/${mint}/buy`, {
      tokensOut: (tokens * E9).toString(),
      maxSolIn: SOL.toString(),
      idempotencyKey: `lb-${i}`,
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    bought.push({ wallet: fan.wallet, tokens: tokens * E9 });
  }
});
afterAll(async () => t?.close());

/** Most tokens first, then by address: the order of both lists. */
const expected = () =>
  [...bought].sort((a, b) =>
    a.tokens !== b.tokens ? (a.tokens > b.tokens ? -1 : 1) : a.wallet < b.wallet ? -1 : 1,
  );

describe("launch-window buyers beyond the top 10", () => {
  it("the market state lists the 10 largest and counts all 12", async () => {
    const s = (await creator.c.get<MarketState>(`/api/market/${mint}`)).body;
    const total = bought.reduce((sum, b) => sum + b.tokens, 0n);
    expect(s.launchWindow.buyerCount).toBe(BUYERS);
    expect(s.launchWindow.tokensBought).toBe(total.toString());
    expect(s.launchWindow.buyers.map((b) => [b.trader, b.tokens])).toEqual(
      expected()
        .slice(0, 10)
        .map((b) => [b.wallet, b.tokens.toString()]),
    );
  });

  it("GET /launch-buyers pages through every buyer exactly once, in the same order", async () => {
    const seen: LaunchBuyersPage["buyers"] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await creator.c.get<LaunchBuyersPage>(`/api/market/${mint}/launch-buyers?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.buyers.length).toBeLessThanOrEqual(5);
      seen.push(...res.body.buyers);
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((b) => [b.trader, b.tokens])).toEqual(
      expected().map((b) => [b.wallet, b.tokens.toString()]),
    );
    expect(seen.every((b) => !b.isCreator && !b.creatorFunded)).toBe(true);

    const all = await creator.c.get<LaunchBuyersPage>(`/api/market/${mint}/launch-buyers`);
    expect(all.body.buyers).toHaveLength(BUYERS);
    expect(all.body.nextCursor).toBeNull();
  });

  it("refuses a bad limit or cursor (400) and an unknown mint (404)", async () => {
    const base = `/api/market/${mint}/launch-buyers`;
    expect((await creator.c.get(`${base}?limit=101`)).status).toBe(400);
    expect((await creator.c.get(`${base}?limit=0`)).status).toBe(400);
    const bad = await creator.c.get<{ code: string }>(`${base}?cursor=nonsense`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_CURSOR");
    const unknown = await creator.c.get(`/api/market/${creator.wallet}/launch-buyers`);
    expect(unknown.status).toBe(404);
  });
});
