/** In-process sliding-window counters keyed by string (rate limits that need a user id, which
 * only exists after authentication, so the global HTTP limiter cannot key on it). */
export class SlidingWindow {
  private hits = new Map<string, number[]>();

  constructor(
    private windowMs: number,
    private now: () => number = Date.now,
  ) {}

  count(key: string): number {
    const cutoff = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list.length;
  }

  add(key: string): void {
    if (this.hits.size > 50_000) this.hits.clear();
    const list = this.hits.get(key) ?? [];
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
}
