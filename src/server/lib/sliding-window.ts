import { LRUCache } from "lru-cache";

/** In-process sliding-window counters keyed by string, for limits the HTTP limiter cannot
 * key (a user id known only after authentication, a per-account login record). Bounded: past
 * `capacity` keys the least recently used key is dropped, never the whole table, so flooding
 * it with fresh keys cannot reset the counters that matter. */
export class SlidingWindow {
  private hits: LRUCache<string, number[]>;

  constructor(
    private windowMs: number,
    private now: () => number = Date.now,
    capacity = 100_000,
  ) {
    // The TTL only frees keys that went quiet; counting filters by our own clock.
    this.hits = new LRUCache({ max: capacity, ttl: windowMs, updateAgeOnGet: false, perf: { now } });
  }

  count(key: string): number {
    return this.live(key).length;
  }

  add(key: string): void {
    const list = this.live(key);
    list.push(this.now());
    this.hits.set(key, list);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  /** Records a hit unless the key is at `max`; returns whether it was allowed. */
  take(key: string, max: number): boolean {
    if (this.count(key) >= max) return false;
    this.add(key);
    return true;
  }

  /** Milliseconds until `key` is under `max` again (0: it is now). */
  waitFor(key: string, max: number): number {
    const list = this.live(key);
    if (list.length < max) return 0;
    return (list[list.length - max] ?? 0) + this.windowMs - this.now();
  }

  private live(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = this.hits.get(key);
    if (!list) return [];
    const kept = list.filter((t) => t > cutoff);
    if (kept.length !== list.length) {
      if (kept.length) this.hits.set(key, kept);
      else this.hits.delete(key);
    }
    return kept;
  }
}
