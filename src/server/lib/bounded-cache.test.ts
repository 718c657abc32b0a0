import { afterEach, describe, expect, it, vi } from "vitest";
import { BoundedCache } from "./bounded-cache";

afterEach(() => vi.useRealTimers());

describe("bounded cache", () => {
  it("misses once an entry is older than its time to live", () => {
    vi.useFakeTimers();
    const cache = new BoundedCache<string, number>({ max: 10, ttlMs: 1_000 });
    cache.set("a", 1);
    vi.advanceTimersByTime(999);
    expect(cache.get("a")).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get("a")).toBeUndefined();
  });

  it("starts over past its size bound, and forgets what is dropped", () => {
    const cache = new BoundedCache<number, number>({ max: 2 });
    for (const n of [1, 2, 3]) cache.set(n, n);
    expect(cache.get(1)).toBe(1);
    cache.set(4, 4); // over the bound: everything before goes
    expect([cache.get(1), cache.get(3), cache.get(4)]).toEqual([undefined, undefined, 4]);
    cache.delete(4);
    expect(cache.get(4)).toBeUndefined();
  });
});
