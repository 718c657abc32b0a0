import type { Database } from "../db/client";
import type { LimitsStore } from "./limits-store";
import { MemoryLimits } from "./memory-limits";
import { PostgresLimits } from "./postgres-limits";
import { RedisLimits } from "./redis-limits";

/** Where the limits are counted: Redis when REDIS_URL is set; else the PostgreSQL database
 * when there is one (other API nodes may share it); else this process (PGlite is its alone). */
export function openLimits(opts: {
  redisUrl?: string;
  redisKeyPrefix: string;
  database: Pick<Database, "db" | "kind">;
  now?: () => number;
}): LimitsStore {
  const now = opts.now ?? Date.now;
  if (opts.redisUrl) return new RedisLimits(opts.redisUrl, opts.redisKeyPrefix, now);
  if (opts.database.kind === "postgres") return new PostgresLimits(opts.database.db, now);
  return new MemoryLimits(now);
}
