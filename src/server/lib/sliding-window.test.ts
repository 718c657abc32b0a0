import { describe, expect, it } from "vitest";
import { SlidingWindow } from "./sliding-window";

describe("SlidingWindow", () => {
  it("keeps a key's counts when 60,000 other keys flood it (no reset past a size)", () => {
    const window = new SlidingWindow(60_000, () => 1_000);
    for (let i = 0; i < 5; i++) window.add("victim");
    for (let i = 0; i < 60_000; i++) window.add(`junk-${i}`);
    expect(window.count("victim")).toBe(5);
  });

  it("past its capacity drops the least recently used key only", () => {
    const window = new SlidingWindow(60_000, () => 1_000, 3);
    for (const key of ["a", "b", "c", "d"]) window.add(key);
    expect(["a", "b", "c", "d"].map((k) => window.count(k))).toEqual([0, 1, 1, 1]);
  });

  it("counts hits inside the window and says how long until the next is allowed", () => {
    let now = 0;
    const window = new SlidingWindow(1_000, () => now);
    expect(window.take("k", 2)).toBe(true);
    now = 400;
    expect(window.take("k", 2)).toBe(true);
    expect(window.take("k", 2)).toBe(false);
    expect(window.waitFor("k", 2)).toBe(600);
    now = 1_001;
    expect(window.take("k", 2)).toBe(true);
  });
});
