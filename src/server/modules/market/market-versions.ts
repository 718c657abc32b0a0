import { BoundedCache } from "../../lib/bounded-cache";
import { KeyVersions } from "../../lib/key-versions";

/** A change counter per mint for the market's read caches (state, trades, candles). The repo
 * moves it before and after every write of a market row or a trade's confirmation, so a read
 * made while a write was in flight is never kept, and a read after the write's caller resumed
 * (a trade's 2xx) never meets a value cached before it. */
export class MarketVersions extends KeyVersions {
  /** Told after each write made through `around` (the market repo's): other nodes bump too. */
  onWritten: ((mint: string) => void) | null = null;

  /** Runs a write of these mints' markets with their counters moved on both sides of it. */
  async aroundAll<T>(mints: string[], write: () => Promise<T>): Promise<T> {
    for (const mint of mints) this.bump(mint);
    try {
      return await write();
    } finally {
      for (const mint of mints) {
        this.bump(mint);
        this.onWritten?.(mint);
      }
    }
  }

  /** Runs a write of this mint's market with the counter moved on both sides of it. */
  around<T>(mint: string, write: () => Promise<T>): Promise<T> {
    return this.aroundAll([mint], write);
  }
}

/** Values per (mint, key), good while the mint's version is the one they were read at (the
 * change bus moves it on every node when any node writes the mint). With `ttlMs` they also
 * expire (for what no write moves, such as a clock's effect). */
export class MintCache<V> {
  private entries: BoundedCache<string, { version: number; value: V }>;

  constructor(
    private versions: MarketVersions,
    options: { max: number; ttlMs?: number },
  ) {
    this.entries = new BoundedCache(options);
  }

  /** The cached value, or `load()`'s, kept only if no write of the mint began meanwhile. */
  async get(mint: string, key: string, load: () => Promise<V>): Promise<V> {
    const id = entryId(mint, key);
    const version = this.versions.of(mint);
    const hit = this.entries.get(id);
    if (hit && hit.version === version) return hit.value;
    const value = await load();
    if (this.versions.of(mint) === version) this.entries.set(id, { version, value });
    return value;
  }

  /** Keeps a value known without a read, as of `version` (taken before anything that could
   * have changed it began): a write of the mint since then has moved the version past it. */
  keep(mint: string, key: string, version: number, value: V): void {
    if (this.versions.of(mint) === version) this.entries.set(entryId(mint, key), { version, value });
  }
}

const entryId = (mint: string, key: string) => `${mint}\n${key}`;
