import type { Database } from "../db/client";
import { HttpError } from "../http-errors";
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
  /** Where a shared store's outage is reported (once per outage). */
  warn?: (message: string) => void;
}): LimitsStore {
  const now = opts.now ?? Date.now;
  if (opts.redisUrl) return answersOr503(new RedisLimits(opts.redisUrl, opts.redisKeyPrefix, now, opts.warn));
  if (opts.database.kind === "postgres") return answersOr503(new PostgresLimits(opts.database.db, now));
  return new MemoryLimits(now);
}

/** A shared store that does not answer is a 503 the client may retry, never a 500: the
 * limits that must hold (login throttling, test SOL) then refuse; HTTP rate limits pass
 * (`skipOnError`). */
function answersOr503(store: LimitsStore): LimitsStore {
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch {
        throw new HttpError(503, "Busy for a moment: please try again", undefined, "LIMITS_UNAVAILABLE");
      }
    };
  return {
    kind: store.kind,
    hit: guard(store.hit.bind(store)),
    streak: guard(store.streak.bind(store)),
    readStreak: guard(store.readStreak.bind(store)),
    log: guard(store.log.bind(store)),
    recent: guard(store.recent.bind(store)),
    forget: guard(store.forget.bind(store)),
    close: () => store.close(),
  };
}
