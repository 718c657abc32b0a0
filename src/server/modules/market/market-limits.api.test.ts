import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, member } from "../../../../tests/support/market";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// Trades are limited per account (120 a minute over every trade route together), whatever
// addresses they come from; the limit answers 429 with Retry-After.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("market rate limits", () => {
  it("refuses the 121st trade request of an account within a minute", { timeout: 120_000 }, async () => {
    const who = await member(t.url, t.deps.ledger, "mk_limits", 5_000_000_000n);
    // A token without a market: each trade request is answered quickly (409), but counted.
    const mint = await launch(who, "LIMIT", "1000");
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      const res = await who.c.post(`/api/market/${mint}/${i % 2 ? "sell" : "buy"}`, {
        ...(i % 2 ? { tokensIn: "1", minSolOut: "0" } : { solIn: "1000", minTokensOut: "0" }),
        idempotencyKey: `l-${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 120).every((s) => s === 409)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});
