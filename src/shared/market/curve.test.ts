import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CurveState,
  feeBpsAt,
  feeOf,
  initialCurve,
  invariant,
  MARKET,
  quoteBuyTokens,
  quoteBuyWithSol,
  quoteSell,
  sellableTokens,
  splitFee,
} from "./curve";

const SOL = 1_000_000_000n;
const supplies = fc.bigInt({ min: 1_000n * 10n ** 6n, max: 10n ** 18n });
const shares = fc.integer({ min: MARKET.minCurveShareBps, max: MARKET.maxCurveShareBps });
const fees = fc.bigInt({ min: MARKET.feeBps, max: MARKET.launchFeeStartBps });
const solAmounts = fc.bigInt({ min: 1n, max: 40n * SOL });

/** A curve some way along: opened, then bought into. */
const curves = fc
  .tuple(supplies, shares, fc.bigInt({ min: 0n, max: 30n * SOL }))
  .map(([supply, share, bought]) => {
    const curve = initialCurve(supply, share);
    const buy = quoteBuyWithSol(curve, bought, MARKET.feeBps);
    return buy.ok ? buy.quote.after : curve;
  });

describe("bonding curve", () => {
  it("matches hand-computed figures at 1,000,000 tokens of 9 decimals, 80% on the curve", () => {
    const curve = initialCurve(1_000_000n * SOL, 8_000);
    expect(curve.realToken).toBe(800_000n * SOL);
    expect(curve.virtualToken).toBe((800_000n * SOL * 10_730n) / 7_931n);
    // 1 SOL in: curve takes floor(1e9 * 10000 / 10250) = 975,609,756; fee is the rest, rounded up.
    const buy = quoteBuyWithSol(curve, SOL, 250n);
    if (!buy.ok) throw new Error(buy.reason);
    const tokens = (975_609_756n * curve.virtualToken) / (curve.virtualSol + 975_609_756n);
    expect(buy.quote.tokensOut).toBe(tokens);
    expect(buy.quote.curveSol).toBe(
      (tokens * curve.virtualSol + curve.virtualToken - tokens - 1n) / (curve.virtualToken - tokens),
    );
    expect(buy.quote.fee).toBe((buy.quote.curveSol * 250n + 9_999n) / 10_000n);
    expect(buy.quote.solIn).toBeLessThanOrEqual(SOL);
  });

  it("never lets k decrease or a reserve go negative", () => {
    fc.assert(
      fc.property(
        curves,
        fc.array(fc.tuple(fc.boolean(), solAmounts, fees), { maxLength: 20 }),
        (start, trades) => {
          let curve: CurveState = start;
          for (const [buy, amount, fee] of trades) {
            const next = buy
              ? quoteBuyWithSol(curve, amount, fee)
              : quoteSell(curve, amount % (sellableTokens(curve) + 1n), fee);
            if (!next.ok) continue;
            expect(invariant(next.quote.after)).toBeGreaterThanOrEqual(invariant(curve));
            expect(next.quote.after.realSol).toBeGreaterThanOrEqual(0n);
            expect(next.quote.after.realToken).toBeGreaterThanOrEqual(0n);
            curve = next.quote.after;
          }
        },
      ),
    );
  });

  it("gives nothing back on a buy-then-sell round trip", () => {
    fc.assert(
      fc.property(curves, solAmounts, fees, (curve, sol, fee) => {
        const buy = quoteBuyWithSol(curve, sol, fee);
        if (!buy.ok) return;
        const sell = quoteSell(buy.quote.after, buy.quote.tokensOut, fee);
        if (!sell.ok) return;
        expect(sell.quote.solOut).toBeLessThanOrEqual(buy.quote.solIn);
        // Even with no fee at all the curve alone never pays out more than it took in.
        expect(sell.quote.curveSol).toBeLessThanOrEqual(buy.quote.curveSol);
      }),
    );
  });

  it("gains nothing by splitting a buy in two", () => {
    fc.assert(
      fc.property(curves, solAmounts, solAmounts, fees, (curve, a, b, fee) => {
        const whole = quoteBuyWithSol(curve, a + b, fee);
        const first = quoteBuyWithSol(curve, a, fee);
        if (!whole.ok || !first.ok) return;
        const second = quoteBuyWithSol(first.quote.after, b, fee);
        if (!second.ok) return;
        expect(first.quote.tokensOut + second.quote.tokensOut).toBeLessThanOrEqual(whole.quote.tokensOut);
      }),
    );
  });

  it("stays solvent when everyone sells everything back", () => {
    fc.assert(
      fc.property(curves, fc.array(solAmounts, { minLength: 1, maxLength: 10 }), (start, buys) => {
        let curve = start;
        const held: bigint[] = [];
        for (const sol of buys) {
          const buy = quoteBuyWithSol(curve, sol, MARKET.feeBps);
          if (!buy.ok) continue;
          held.push(buy.quote.tokensOut);
          curve = buy.quote.after;
        }
        for (const tokens of held.reverse()) {
          const sell = quoteSell(curve, tokens, MARKET.feeBps);
          if (!sell.ok) continue;
          expect(sell.quote.curveSol).toBeLessThanOrEqual(curve.realSol);
          curve = sell.quote.after;
        }
        expect(curve.realSol).toBeGreaterThanOrEqual(0n);
      }),
    );
  });

  it("splits every fee into parts that sum exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (fee) => {
        const { creator, platform } = splitFee(fee);
        expect(creator + platform).toBe(fee);
        expect(creator).toBeGreaterThanOrEqual(0n);
        expect(platform).toBeGreaterThanOrEqual(creator);
      }),
    );
  });

  it("rounds the fee up and never charges less than 2.5%", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (sol) => {
        expect(feeOf(sol, 250n) * 10_000n).toBeGreaterThanOrEqual(sol * 250n);
        expect(feeOf(sol, 250n) * 10_000n - sol * 250n).toBeLessThan(10_000n);
      }),
    );
  });

  it("sells out the curve for what it costs and completes", () => {
    const curve = initialCurve(1_000_000n * SOL, 8_000);
    const all = quoteBuyWithSol(curve, 1_000n * SOL, MARKET.feeBps);
    if (!all.ok) throw new Error(all.reason);
    expect(all.quote.tokensOut).toBe(curve.realToken);
    expect(all.quote.solIn).toBeLessThan(1_000n * SOL);
    expect(quoteBuyTokens(all.quote.after, 1n, MARKET.feeBps)).toEqual({ ok: false, reason: "completed" });
  });

  it("refuses to buy back more than the curve sold", () => {
    const curve = initialCurve(1_000_000n * SOL, 8_000);
    expect(quoteSell(curve, 1n, MARKET.feeBps)).toEqual({ ok: false, reason: "exceeds_sellable" });
  });

  it("decays the launch fee to 2.5% over the launch window", () => {
    expect(feeBpsAt(0)).toBe(MARKET.launchFeeStartBps);
    expect(feeBpsAt(MARKET.launchWindowMs / 2)).toBeLessThan(MARKET.launchFeeStartBps);
    expect(feeBpsAt(MARKET.launchWindowMs / 2)).toBeGreaterThan(MARKET.feeBps);
    expect(feeBpsAt(MARKET.launchWindowMs)).toBe(MARKET.feeBps);
  });
});
