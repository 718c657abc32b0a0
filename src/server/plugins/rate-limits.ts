import type { FastifyInstance, FastifyRequest } from "fastify";
import { tooManyRequests } from "../../http-errors";

export interface Limit {
  max: number;
  timeWindow: string | number;
}

/** Route config for a per-IP limit (replaces the global limit on that route). */
export function perIp(name: string, limit: Limit) {
  return { rateLimit: { ...limit, keyGenerator: (req: FastifyRequest) => `${name}:ip:${req.ip}` } };
}

/** A preHandler limiting signed-in users by account, whatever IP they come from. Separate
 * from the per-IP limit because @fastify/rate-limit runs one limit per route; this one is
 * applied by hand with the plugin's own store. Signed-out requests pass (the IP limit holds). */
export function perUser(app: FastifyInstance, name: string, limit: Limit, message: string) {
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: async (req) => `${name}:user:${(await req.userId()) ?? "-"}`,
  });
  return async (request: FastifyRequest) => {
    if (!(await request.userId())) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(message);
  };
}
