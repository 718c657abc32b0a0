import { describe, expect, it } from "vitest";
import { Semaphore } from "./semaphore";

describe("Semaphore", () => {
  it("runs at most `limit` tasks at once, the rest in order, and frees slots on failure", async () => {
    const gate = new Semaphore(2);
    let inFlight = 0;
    let peak = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (i: number) =>
      gate.run(async () => {
        started.push(i);
        peak = Math.max(peak, ++inFlight);
        await new Promise<void>((resolve) => releases.push(resolve));
        inFlight--;
        if (i === 0) throw new Error("boom");
        return i;
      });
    const all = [0, 1, 2, 3, 4].map((i) => task(i));
    const settled = Promise.allSettled(all);
    // Release whatever is running until everything has run.
    while (started.length < 5 || releases.length) {
      await new Promise((r) => setImmediate(r));
      releases.shift()?.();
    }
    const results = await settled;
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results[0]?.status).toBe("rejected");
    expect(results.slice(1).map((r) => r.status === "fulfilled" && r.value)).toEqual([1, 2, 3, 4]);
  });
});
