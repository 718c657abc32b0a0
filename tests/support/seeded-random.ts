import { randomInt } from "node:crypto";
import { onTestFailed } from "vitest";

// Randomness in a test that can be replayed: the seed is TEST_SEED when set, else random,
// and a failing test prints it (`TEST_SEED=123 npx vitest run ...` reruns the same draw).

export interface SeededRandom {
  seed: number;
  /** A float in [0, 1), like Math.random. */
  next(): number;
  /** An integer in [0, max). */
  int(max: number): number;
}

/** Call inside a test (it registers the failure report on the running test). */
export function seededRandom(): SeededRandom {
  const fromEnv = process.env.TEST_SEED;
  const seed = fromEnv ? Number.parseInt(fromEnv, 10) >>> 0 : randomInt(2 ** 32);
  onTestFailed(() => {
    process.stderr.write(`\nThis test drew random values: rerun it with TEST_SEED=${seed}\n`);
  });
  // mulberry32: small, fast, good enough to vary test input.
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return { seed, next, int: (max) => Math.floor(next() * max) };
}
