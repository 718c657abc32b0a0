/** An in-process cache with a size bound and an optional time to live: past `max` entries it
 * starts over (simple, and the hot keys come straight back). Entries older than `ttlMs` are
 * misses; without `ttlMs` they last until dropped. */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();

  constructor(private readonly options: { max: number; ttlMs?: number }) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const { ttlMs } = this.options;
    if (ttlMs !== undefined && Date.now() - entry.at >= ttlMs) return undefined;
    return entry.value;
  }

  set(key: K, value: V): void {
    if (this.entries.size > this.options.max) this.entries.clear();
    this.entries.set(key, { value, at: Date.now() });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
