import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LagWindow } from "./lag-window";

/** Nearest-rank percentile of a plain list, the definition the window must keep. */
function nearestRank(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[rank] ?? 0) * 10) / 10;
}

describe("LagWindow", () => {
  it("answers null before any sample", () => {
    expect(new LagWindow(10).percentile(99)).toBeNull();
  });

  it("keeps the last `size` samples and answers their nearest-rank percentiles", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.array(fc.double({ min: 0, max: 5_000, noNaN: true }), { maxLength: 30 }), {
          maxLength: 5,
        }),
        (size, bursts) => {
          const window = new LagWindow(size);
          const all: number[] = [];
          // Reads between bursts of adds: a cached order must never outlive an add.
          for (const burst of bursts) {
            for (const ms of burst) {
              window.add(ms);
              all.push(ms);
            }
            const last = all.slice(-size);
            for (const p of [50, 99])
              expect(window.percentile(p)).toBe(last.length ? nearestRank(last, p) : null);
          }
        },
      ),
    );
  });
});
