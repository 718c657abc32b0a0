import { parseAmount } from "@shared/amounts";
import { holdingValueLamports, PRICE_TEXT, priceNanoOf } from "@shared/market/price";
import type { Candles, ExplorePage, MarketState, Quote, TradesPage } from "@shared/schemas/market";
import type { Holding } from "@shared/schemas/portfolio";
import type { Reward, RewardStats } from "@shared/schemas/rewards";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { launch, type Member, member } from "../../../../tests/support/market";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { FundingCheck } from "../../ledger/funding";

// Prices below 1 lamport, through the real server, database and LiteSVM: a token launched at
// the largest supply (18 billion) starts at ~0.51 lamports per whole token. Prices are carried
// as nano-lamports and sent with up to 9 decimals (src/shared/market/price.ts); they read "0"
// everywhere before. Expected figures are worked out here by hand from the reserves.

const SOL = 1_000_000_000n;
const E9 = 10n ** 9n;
const MAX_SUPPLY = "18000000000";
let t: TestApp;
let creator: Member;
let fan: Member;
let mint: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
  creator = await member(t.url, t.deps.ledger, "maxp_creator", 5n * SOL);
  fan = await member(t.url, t.deps.ledger, "maxp_fan", 2n * SOL);
  mint = await launch(creator, "MAXP", MAX_SUPPLY, { curveShareBps: 8_000 });
});
afterAll(async () => t?.close());

const market = async () => (await fan.c.get<MarketState>(`/api/market/${mint}`)).body;
/** Nano-lamports per whole token at the reserves a state shows, by hand: 10^9 x 10^9 x SOL / tokens. */
const nanoAt = (s: { virtualSolReserves: string; virtualTokenReserves: string }) =>
  (BigInt(s.virtualSolReserves) * E9 * E9) / BigInt(s.virtualTokenReserves);
const card = async () =>
  (await fan.c.get<ExplorePage>("/api/explore?q=MAXP")).body.tokens.find((c) => c.mint === mint);

describe("a token of the largest supply is priced below 1 lamport, not at 0", () => {
  it("opens at 0.513293465 lamports per whole token (80% of 18e18 base units on the curve)", async () => {
    const s = await market();
    expect(s.status).toBe("open");
    // 80% of the supply on the curve: 1.44e19 base units; virtual = that x 10,730 / 7,931.
    expect(s.virtualTokenReserves).toBe("19482032530576219896");
    expect(s.virtualSolReserves).toBe("10000000000");
    // 10^10 x 10^18 / 19,482,032,530,576,219,896 = 513,293,465.87 -> 513,293,465 nano-lamports.
    expect(s.priceLamports).toBe("0.513293465");
    expect(s.startPriceLamports).toBe("0.513293465");
    // Explore shows the same price; with no trade there is no change and no sparkline.
    await vi.waitFor(async () => expect((await card())?.priceLamports).toBe("0.513293465"), {
      timeout: 10_000,
      interval: 100,
    });
    expect((await card())?.change24hBps).toBeNull();
    // A quote's price after is the curve's after the trade: above the start, below a lamport.
    const quote = (
      await fan.c.get<Quote>(`/api/market/${mint}/quote?side=buy&solIn=${(SOL / 20n).toString()}`)
    ).body;
    expect(quote.priceAfterLamports).toMatch(PRICE_TEXT);
    expect(priceNanoOf(quote.priceAfterLamports)).toBeGreaterThan(513_293_465n);
    expect(priceNanoOf(quote.priceAfterLamports)).toBeLessThan(E9);
  });

  it("after a buy: the trade, candles, Explore and the buyer's holding value agree, none 0", async () => {
    const buy = await fan.c.post(`/api/market/${mint}/buy`, {
      solIn: (SOL / 20n).toString(),
      minTokensOut: "0",
      idempotencyKey: "maxp-buy-1",
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    const s = await market();
    const price = nanoAt(s);
    expect(price).toBeGreaterThan(513_293_465n);
    expect(price).toBeLessThan(E9);
    expect(s.priceLamports).toMatch(PRICE_TEXT);
    expect(priceNanoOf(s.priceLamports)).toBe(price);
    expect(s.startPriceLamports).toBe("0.513293465");

    // The trade's price is the price after it: the curve's now.
    const trades = (await fan.c.get<TradesPage>(`/api/market/${mint}/trades`)).body.trades;
    expect(trades).toHaveLength(1);
    expect(trades[0]?.priceLamports).toBe(s.priceLamports);

    // One candle, opened and closed at that trade's price (no earlier trade to open at).
    for (const interval of ["1m", "1h", "1d"]) {
      const candles = (await fan.c.get<Candles>(`/api/market/${mint}/candles?interval=${interval}`)).body
        .candles;
      expect(candles, interval).toHaveLength(1);
      expect(candles[0], interval).toMatchObject({
        open: s.priceLamports,
        high: s.priceLamports,
        low: s.priceLamports,
        close: s.priceLamports,
        volumeLamports: trades[0]?.solAmount,
      });
    }

    // Explore: the price now, the hourly close, and the change against the start price in
    // basis points, rounded toward zero (it was null: both prices read 0).
    await vi.waitFor(async () => expect((await card())?.priceLamports).toBe(s.priceLamports), {
      timeout: 10_000,
      interval: 100,
    });
    const explore = await card();
    expect(explore?.sparkline).toEqual([s.priceLamports]);
    const change = Number(((price - 513_293_465n) * 10_000n) / 513_293_465n);
    expect(change).toBeGreaterThan(0);
    expect(explore?.change24hBps).toBe(change);

    // The buyer's holding on /dashboard: the portfolio's balance at the market's price. It is
    // worth at least the SOL that went into the curve (a buy's tokens are valued at the price
    // it left, above the average paid), less the nano-lamports the price rounds away.
    const holdings = await fan.c.get<{ holdings: Holding[] }>("/api/portfolio/holdings");
    const held = holdings.body.holdings.find((h) => h.mint === mint);
    const units = parseAmount(held?.balance ?? "0", held?.decimals ?? 9) ?? 0n;
    expect(units.toString()).toBe(trades[0]?.tokens);
    const value = holdingValueLamports(units, 9, priceNanoOf(s.priceLamports));
    expect(value).toBe((units * price) / (E9 * E9));
    expect(value).toBeGreaterThanOrEqual(BigInt(trades[0]?.solAmount ?? "0") - 1n);
    expect(value).toBeLessThan(SOL / 20n);
    // Valued by the server in the same answer (the dashboard asked the market once per token).
    expect(held).toMatchObject({ priceLamports: s.priceLamports, valueLamports: value.toString() });
  });

  it("values a collector's holding in Top Collectors at that price (it was 0)", async () => {
    const created = await creator.c.post<Reward>("/api/nft-rewards/create", {
      tokenMint: mint,
      title: "Early Fan",
      rarity: "rare",
      totalSupply: 10,
      unlockCondition: { type: "holding_amount", value: "1000000" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const collector = async () =>
      (await fan.c.get<RewardStats>(`/api/nft-rewards/stats?tokenMint=${mint}`)).body.topCollectors.find(
        (c) => c.walletAddress === fan.wallet,
      );
    await vi.waitFor(async () => expect((await collector())?.nftCount).toBe(1), {
      timeout: 20_000,
      interval: 100,
    });
    const s = await market();
    const balance = (await t.app.services.indexer.balancesOf(fan.wallet)).get(mint) ?? 0n;
    const value = holdingValueLamports(balance, 9, priceNanoOf(s.priceLamports));
    expect(value).toBeGreaterThan(0n);
    expect((await collector())?.totalValue).toBe(value.toString());
  });

  it("values Top Collectors from the curve's price alone: no launch buyer's funding is checked", async () => {
    // The fan bought in the launch window: the market's full state checks whether the creator
    // funded them (ledger reads per buyer), which valuing a holding never needs.
    expect((await market()).launchWindow.buyers.map((b) => b.trader)).toContain(fan.wallet);
    const funded = vi.spyOn(FundingCheck.prototype, "funded");
    try {
      const stats = await fan.c.get<RewardStats>(`/api/nft-rewards/stats?tokenMint=${mint}`);
      expect(stats.status).toBe(200);
      const value = stats.body.topCollectors.find((c) => c.walletAddress === fan.wallet)?.totalValue;
      expect(BigInt(value ?? "0")).toBeGreaterThan(0n);
      expect(funded).not.toHaveBeenCalled();
    } finally {
      funded.mockRestore();
    }
  });
});
