import { HealthSchema } from "@shared/schemas/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { HealthService } from "./health.service";

/** GET /api/health: is each part up, and which kind is it. 503 when any part is down. */
export function healthRoutes(health: HealthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/health",
      { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
      async (_request, reply) => {
        const { ok, body } = await health.check();
        return reply.status(ok ? 200 : 503).send(body);
      },
    );
  };
}
