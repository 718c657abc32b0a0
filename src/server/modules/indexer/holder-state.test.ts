import { describe, expect, it } from "vitest";
import { applyDelta, NEVER_HELD } from "./holder-state";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

describe("applyDelta", () => {
  it("starts a holding run, keeps it while the balance stays positive, ends it at 0", () => {
    const first = applyDelta(NEVER_HELD, 100n, day(0), 10n);
    expect(first).toEqual({ balance: 100n, firstHeldAt: day(0), lastZeroAt: null, lastSlot: 10n });
    const more = applyDelta(first, -40n, day(10), 20n);
    expect(more).toEqual({ balance: 60n, firstHeldAt: day(0), lastZeroAt: null, lastSlot: 20n });
    const gone = applyDelta(more, -60n, day(20), 30n);
    expect(gone).toEqual({ balance: 0n, firstHeldAt: day(0), lastZeroAt: day(20), lastSlot: 30n });
  });

  it("resets continuous-holding age when the balance touched 0 (RESEARCH.md 4)", () => {
    const gone = applyDelta(applyDelta(NEVER_HELD, 5n, day(0), 1n), -5n, day(3), 2n);
    const again = applyDelta(gone, 7n, day(9), 3n);
    expect(again).toEqual({ balance: 7n, firstHeldAt: day(9), lastZeroAt: day(3), lastSlot: 3n });
  });

  it("never moves lastSlot back", () => {
    const state = applyDelta(NEVER_HELD, 5n, day(0), 50n);
    expect(applyDelta(state, 1n, day(0), 40n).lastSlot).toBe(50n);
  });
});
