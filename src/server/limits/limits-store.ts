// Counters behind every limit (HTTP rate limits, login throttling, test-SOL airdrops). In one
// process they live in memory; with several API nodes they must be shared, or an attacker
// gets N times the budget from N nodes: PostgreSQL or Redis then (decision 012).
// Keys live in named tables: in memory each table is its own bounded LRU, so flooding one
// (junk emails) cannot push out the records of another (real accounts).

export interface LimitsStore {
  readonly kind: "memory" | "postgres" | "redis";
  /** A fixed window: counts one hit on `key` and answers the hits in the window so far and
   * the milliseconds left in it. The first hit after its end starts a new window. */
  hit(table: string, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Failures in a row: counts one, forgotten `idleMs` after the last; answers the count. */
  streak(table: string, key: string, idleMs: number): Promise<number>;
  /** The streak now (count and when its last failure was), or null when none or forgotten. */
  readStreak(table: string, key: string): Promise<{ count: number; lastAt: number } | null>;
  /** A sliding window: records a hit now, keeping the newest `keep`. With `onlyUnder`, only
   * when fewer than `keep` hits are in the window (atomic); answers whether it recorded. */
  log(table: string, key: string, windowMs: number, keep: number, onlyUnder?: boolean): Promise<boolean>;
  /** When the hits in the last `windowMs` were (ms, oldest first). */
  recent(table: string, key: string, windowMs: number): Promise<number[]>;
  forget(table: string, key: string): Promise<void>;
  close(): Promise<void>;
}

/** Milliseconds until a sliding window holds fewer than `max` hits (0: it does now). */
export function waitUnder(hits: number[], max: number, windowMs: number, now: number): number {
  if (hits.length < max) return 0;
  return Math.max(0, (hits[hits.length - max] ?? 0) + windowMs - now);
}
