import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { tooManyRequests } from "../http-errors";

// Limits built on @fastify/rate-limit (registered by the security plugin), reusable by any
// module: launches, airdrops, AI, agent chat, trades. Each store is a bounded LRU: past
// KEYS_PER_LIMIT keys it drops the least recently used one, never the whole table.

export interface Limit {
  max: number;
  timeWindow: string | number;
}

const KEYS_PER_LIMIT = 100_000;

/** Route config for a per-IP limit (replaces the global limit on that route). */
export function perIp(name: string, limit: Limit, message?: string) {
  return {
    rateLimit: {
      ...limit,
      cache: KEYS_PER_LIMIT,
      keyGenerator: (req: FastifyRequest) => `${name}:ip:${req.ip}`,
      ...(message ? { errorResponseBuilder: () => tooManyRequests(message) } : {}),
    },
  };
}

type Check = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A preHandler limiting by a key of the request (null: not limited here). Separate from the
 * route's own limit because @fastify/rate-limit runs one limit per route; this one is applied
 * by hand with the plugin's store, and can be shared by several routes (one budget). */
function keyedLimit(
  app: FastifyInstance,
  limit: Limit,
  key: (request: FastifyRequest) => Promise<string | null>,
  message: string,
): Check {
  const check = app.createRateLimit({
    ...limit,
    // Read by the plugin at run time, missing from CreateRateLimitOptions' type.
    ...({ cache: KEYS_PER_LIMIT } as object),
    keyGenerator: async (req) => (await key(req)) ?? "-",
  });
  return async (request, reply) => {
    if ((await key(request)) === null) return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header("retry-after", result.ttlInSeconds);
    throw tooManyRequests(message);
  };
}

/** Limits signed-in users by account, whatever IP they come from. Signed-out requests pass
 * (the route's IP limit holds them). */
export function perUser(app: FastifyInstance, name: string, limit: Limit, message: string): Check {
  return keyedLimit(
    app,
    limit,
    async (req) => {
      const id = await req.userId();
      return id ? `${name}:user:${id}` : null;
    },
    message,
  );
}

/** The same per-IP limit as a check, for a budget several routes share (one instance). */
export function sharedPerIp(app: FastifyInstance, name: string, limit: Limit, message: string): Check {
  return keyedLimit(app, limit, async (req) => `${name}:ip:${req.ip}`, message);
}
