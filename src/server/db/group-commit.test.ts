import { describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit";

/** A group commit whose writes take 5 ms each, and what it has written so far, in order. */
function slowWriter() {
  const written: number[] = [];
  const group = new GroupCommit(async (items: number[]) => {
    await new Promise((r) => setTimeout(r, 5));
    written.push(...items);
    return items;
  });
  return { written, group };
}

describe("group commit", () => {
  it("writes the first call alone and everything that queued meanwhile as one batch, in order", async () => {
    const batches: number[][] = [];
    const group = new GroupCommit(async (items: number[]) => {
      batches.push(items);
      await new Promise((r) => setTimeout(r, 5));
      return items.map((n) => n * 10);
    });
    const results = await Promise.all([1, 2, 3, 4].map((n) => group.push(n)));
    expect(results).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("retries a failed batch item by item, so only the offending call fails", async () => {
    const group = new GroupCommit(async (items: number[]) => {
      if (items.includes(3)) throw new Error(`3 is taken`);
      return items;
    });
    const first = group.push(1); // written alone, while the others queue
    const outcomes = await Promise.allSettled([first, group.push(2), group.push(3), group.push(4)]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[2] as PromiseRejectedResult).reason.message).toBe("3 is taken");
  });

  it("idle() waits for everything pushed so far, including batches queued meanwhile", async () => {
    const { written, group } = slowWriter();
    await group.idle(); // nothing pushed: resolves at once
    for (const n of [1, 2, 3]) void group.push(n);
    await group.idle();
    expect(written).toEqual([1, 2, 3]);
  });

  it("written() waits for what was pushed before it, not for what keeps coming after", async () => {
    const { written, group } = slowWriter();
    await group.written(); // nothing pushed: resolves at once
    for (const n of [1, 2, 3]) void group.push(n);
    const barrier = group.written();
    // A steady stream after it: each write pushes another, so the queue is never idle.
    let next = 4;
    const more = async (): Promise<void> => {
      if (next > 40) return;
      await group.push(next++);
      return more();
    };
    const stream = more();
    await barrier;
    expect(written.slice(0, 3)).toEqual([1, 2, 3]);
    expect(written.length).toBeLessThan(37);
    await stream;
  });
});
