import { randomInt } from "node:crypto";
import { onTestFailed } from "vitest";
import { mulberry32 } from "../../src/shared/random";

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
  const next = mulberry32(seed);
  return { seed, next, int: (max) => Math.floor(next() * max) };
}
