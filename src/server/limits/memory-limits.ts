import { LRUCache } from "lru-cache";
import type { LimitsStore } from "./limits-store";

interface Streak {
  count: number;
  lastAt: number;
  expiresAt: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** One process's limits: bounded LRU tables (past `capacity` keys per table the least recently
 * used key is dropped, never the whole table). The clock is the caller's (tests move it). */
export class MemoryLimits implements LimitsStore {
  readonly kind = "memory";
  private tables = new Map<string, LRUCache<string, Streak | Window | number[]>>();

  constructor(
    private now: () => number = Date.now,
    private capacity = 100_000,
  ) {}

  async hit(table: string, key: string, windowMs: number) {
    const t = this.table(table);
    const now = this.now();
    const known = t.get(key) as Window | undefined;
    const window = known && known.resetAt > now ? known : { count: 0, resetAt: now + windowMs };
    window.count++;
    t.set(key, window, { ttl: window.resetAt - now });
    return { count: window.count, ttlMs: window.resetAt - now };
  }

  async streak(table: string, key: string, idleMs: number) {
    const t = this.table(table);
    const now = this.now();
    const count = (this.liveStreak(t, key)?.count ?? 0) + 1;
    t.set(key, { count, lastAt: now, expiresAt: now + idleMs }, { ttl: idleMs });
    return count;
  }

  async readStreak(table: string, key: string) {
    const streak = this.liveStreak(this.table(table), key);
    return streak ? { count: streak.count, lastAt: streak.lastAt } : null;
  }

  async log(table: string, key: string, windowMs: number, keep: number, onlyUnder = false) {
    const t = this.table(table);
    const hits = this.live(t, key, windowMs);
    if (onlyUnder && hits.length >= keep) return false;
    hits.push(this.now());
    t.set(key, hits.slice(-keep), { ttl: windowMs });
    return true;
  }

  async recent(table: string, key: string, windowMs: number) {
    return this.live(this.table(table), key, windowMs);
  }

  async forget(table: string, key: string) {
    this.table(table).delete(key);
  }

  async close() {}

  private liveStreak(t: LRUCache<string, Streak | Window | number[]>, key: string): Streak | null {
    const streak = t.get(key) as Streak | undefined;
    return streak && streak.expiresAt > this.now() ? streak : null;
  }

  private live(t: LRUCache<string, Streak | Window | number[]>, key: string, windowMs: number): number[] {
    const cutoff = this.now() - windowMs;
    return ((t.get(key) as number[] | undefined) ?? []).filter((at) => at > cutoff);
  }

  private table(name: string) {
    let t = this.tables.get(name);
    if (!t) {
      // The TTL only frees keys that went quiet; windows are checked against our own clock.
      t = new LRUCache({ max: this.capacity, ttl: 1, updateAgeOnGet: false, perf: { now: this.now } });
      this.tables.set(name, t);
    }
    return t;
  }
}
