import { afterEach, describe, expect, it, vi } from "vitest";
import { seededRandom } from "./seeded-random";

describe("seededRandom", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("replays the same draw from TEST_SEED", () => {
    vi.stubEnv("TEST_SEED", "12345");
    const a = seededRandom();
    const b = seededRandom();
    expect(a.seed).toBe(12345);
    const draws = Array.from({ length: 5 }, () => a.int(1000));
    expect(Array.from({ length: 5 }, () => b.int(1000))).toEqual(draws);
    expect(new Set(draws).size).toBeGreaterThan(1);
  });

  it("draws a fresh seed when none is given, with values in range", () => {
    vi.stubEnv("TEST_SEED", "");
    const r = seededRandom();
    for (let i = 0; i < 100; i++) {
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
    expect(Number.isInteger(r.seed)).toBe(true);
  });
});
