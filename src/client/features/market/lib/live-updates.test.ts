import type { MarketState } from "@shared/schemas/market";
import { describe, expect, it } from "vitest";
import { curveMoved, hasTrade, pagesWithTrade, type Trade, type TradePages } from "./live-updates";

const trade = (signature: string, at: string): Trade => ({
  signature,
  side: "buy",
  trader: "Trader1111111111111111111111111111111111111",
  solAmount: "100",
  fee: "3",
  tokens: "1000",
  priceLamports: "7",
  at,
});
const pages = (...lists: Trade[][]): TradePages => ({
  pages: lists.map((trades, i) => ({ trades, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i ? `c${i - 1}` : null)),
});

describe("live updates of the token page", () => {
  it("puts a pushed trade first in the recent trades, once", () => {
    const held = pages(
      [trade("b", "2026-11-01T12:00:02.000Z"), trade("a", "2026-11-01T12:00:01.000Z")],
      [trade("z", "2026-11-01T11:00:00.000Z")],
    );
    const next = pagesWithTrade(held, trade("c", "2026-11-01T12:00:03.000Z"));
    expect(next.pages[0]?.trades.map((t) => t.signature)).toEqual(["c", "b", "a"]);
    expect(next.pages[0]?.nextCursor).toBe("c0");
    expect(next.pages[1]).toBe(held.pages[1]);
    expect(next.pageParams).toEqual(held.pageParams);
    expect(pagesWithTrade(next, trade("c", "2026-11-01T12:00:03.000Z"))).toBe(next);
    expect(hasTrade(next, "z")).toBe(true);
    expect(hasTrade(next, "y")).toBe(false);
  });

  it("places a trade that arrives late by its time, and fills an empty list", () => {
    const held = pages([trade("b", "2026-11-01T12:00:02.000Z"), trade("a", "2026-11-01T12:00:01.000Z")]);
    const next = pagesWithTrade(held, trade("m", "2026-11-01T12:00:01.500Z"));
    expect(next.pages[0]?.trades.map((t) => t.signature)).toEqual(["b", "m", "a"]);
    const empty: TradePages = { pages: [{ trades: [], nextCursor: null }], pageParams: [null] };
    expect(pagesWithTrade(empty, trade("a", "2026-11-01T12:00:01.000Z")).pages[0]?.trades).toHaveLength(1);
  });

  it("tells a stream that starts on a moved curve (missed trades) from one that does not", () => {
    const state = { status: "open", realSolReserves: "10", realTokenReserves: "90" } as MarketState;
    expect(curveMoved(undefined, state)).toBe(false);
    expect(curveMoved(state, { ...state, feeBps: 300 } as MarketState)).toBe(false);
    expect(curveMoved(state, { ...state, realSolReserves: "11" })).toBe(true);
    expect(curveMoved(state, { ...state, realTokenReserves: "89" })).toBe(true);
    expect(curveMoved(state, { ...state, status: "completed" })).toBe(true);
  });
});
