import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { LimitsStore } from "./limits-store";

const SWEEP_EVERY_MS = 60_000;

type Rows = { rows: Array<Record<string, unknown>> };

/** Limits in the `shared_limits` table, shared by every API node on the database. One
 * statement per hit (an upsert: atomic under concurrent nodes); a sliding window is read and
 * written under its row's lock. Rows past their end are swept now and then. */
export class PostgresLimits implements LimitsStore {
  readonly kind = "postgres";
  private lastSweep = 0;

  constructor(
    private db: Db,
    private now: () => number = Date.now,
  ) {}

  async hit(table: string, key: string, windowMs: number) {
    const now = this.now();
    this.sweep(now);
    const [row] = await this.rows(sql`
      insert into shared_limits as l (key, count, expires_ms) values (${`${table}:${key}`}, 1, ${now + windowMs})
      on conflict (key) do update set
        count = case when l.expires_ms <= ${now} then 1 else l.count + 1 end,
        expires_ms = case when l.expires_ms <= ${now} then ${now + windowMs} else l.expires_ms end
      returning count, expires_ms`);
    return { count: Number(row?.count), ttlMs: Number(row?.expires_ms) - now };
  }

  async streak(table: string, key: string, idleMs: number) {
    const now = this.now();
    const [row] = await this.rows(sql`
      insert into shared_limits as l (key, count, last_ms, expires_ms)
        values (${`${table}:${key}`}, 1, ${now}, ${now + idleMs})
      on conflict (key) do update set
        count = case when l.expires_ms <= ${now} then 1 else l.count + 1 end,
        last_ms = ${now}, expires_ms = ${now + idleMs}
      returning count`);
    return Number(row?.count);
  }

  async readStreak(table: string, key: string) {
    const [row] = await this.rows(sql`
      select count, last_ms from shared_limits
      where key = ${`${table}:${key}`} and expires_ms > ${this.now()}`);
    return row ? { count: Number(row.count), lastAt: Number(row.last_ms) } : null;
  }

  async log(table: string, key: string, windowMs: number, keep: number, onlyUnder = false) {
    const full = `${table}:${key}`;
    return this.db.transaction(async (tx) => {
      const now = this.now();
      // The row exists before it is locked: two first hits on a key cannot both start it.
      await tx.execute(sql`
        insert into shared_limits (key, expires_ms) values (${full}, ${now + windowMs})
        on conflict (key) do nothing`);
      const [row] = (
        (await tx.execute(sql`
        select hits from shared_limits where key = ${full} for update`)) as unknown as Rows
      ).rows;
      const hits = liveHits(row?.hits, now - windowMs);
      if (onlyUnder && hits.length >= keep) return false;
      const kept = [...hits, now].slice(-keep);
      await tx.execute(sql`
        insert into shared_limits as l (key, expires_ms, hits)
          values (${full}, ${now + windowMs}, ${`{${kept.join(",")}}`}::bigint[])
        on conflict (key) do update set hits = excluded.hits,
          expires_ms = greatest(l.expires_ms, excluded.expires_ms)`);
      return true;
    });
  }

  async recent(table: string, key: string, windowMs: number) {
    const [row] = await this.rows(sql`select hits from shared_limits where key = ${`${table}:${key}`}`);
    return liveHits(row?.hits, this.now() - windowMs);
  }

  async forget(table: string, key: string) {
    await this.db.execute(sql`delete from shared_limits where key = ${`${table}:${key}`}`);
  }

  async close() {}

  private async rows(query: ReturnType<typeof sql>) {
    return ((await this.db.execute(query)) as unknown as Rows).rows;
  }

  /** Deletes rows past their end, at most once a minute per node, off the request's path. */
  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.db.execute(sql`delete from shared_limits where expires_ms <= ${now}`).catch(() => {
      this.lastSweep = 0; // tried again on a later hit
    });
  }
}

function liveHits(value: unknown, cutoff: number): number[] {
  if (!Array.isArray(value)) return [];
  return value.map(Number).filter((at) => at > cutoff);
}
