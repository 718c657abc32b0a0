import { SiteInfoSchema } from "@shared/schemas/site";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { SiteService } from "./site.service";

/** GET /api/site: public; browsers may reuse the answer for a few seconds. */
export function siteRoutes(site: SiteService): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get("/api/site", { schema: { response: { 200: SiteInfoSchema } } }, async (_request, reply) => {
      reply.header("cache-control", "public, max-age=5");
      return site.info();
    });
  };
}
