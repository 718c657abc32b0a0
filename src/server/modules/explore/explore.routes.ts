import { type ExplorePage, ExplorePageSchema, ExploreQuerySchema } from "@shared/schemas/market";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ExploreService } from "./explore.service";

/** GET /api/explore: public, the same for everyone. */
export const exploreRoutes =
  (explore: ExploreService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/explore",
      { schema: { querystring: ExploreQuerySchema, response: { 200: ExplorePageSchema } } },
      async (request, reply) => {
        // Already JSON (checked against the schema when built): Fastify sends a Buffer as is.
        const json = await explore.pageJson(request.query);
        return reply
          .type("application/json; charset=utf-8")
          .header("cache-control", "public, max-age=1")
          .send(json as unknown as ExplorePage);
      },
    );
  };
