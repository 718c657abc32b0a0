import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { LimitsStore } from "./limits-store";

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin hands `child`: the route's merged limit options, with the route. */
type RouteParams = Parameters<FastifyRateLimitStore["child"]>[0] & {
  routeInfo?: { method?: string | string[]; url?: string };
};

/** A store for @fastify/rate-limit counting in a shared LimitsStore: each route's limit (and
 * each limit made with createRateLimit) in a table of its own, as the plugin's in-process
 * store keeps one per route. */
export function rateLimitStoreOf(limits: LimitsStore): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its options: only children set a table.
    constructor(
      _options?: unknown,
      private table = "http",
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      limits.hit(this.table, key, timeWindow).then(
        (r) => cb(null, { current: r.count, ttl: Math.max(0, r.ttlMs) }),
        (err: Error) => cb(err),
      );
    }

    child(params: RouteParams): SharedRateLimitStore {
      const method = [params.routeInfo?.method ?? ""].flat().join(",");
      return new SharedRateLimitStore(undefined, `http:${method}:${params.routeInfo?.url ?? ""}`);
    }
  };
}
