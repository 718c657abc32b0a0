import { MintParamsSchema } from "@shared/schemas/params";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MarketLive } from "./market-live";

/** GET /api/market/:mint/live: the market's changes pushed as server-sent events (docs/api.md). */
export const marketLiveRoutes =
  (live: MarketLive): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/market/:mint/live",
      // A HEAD would answer at once and leave the stream open with no one reading it.
      { schema: { params: MintParamsSchema }, exposeHeadRoute: false },
      async (request, reply) => {
        const body = await live.open(request.params.mint, request.ip);
        // However the reply ends (the client leaves, an error), the stream and its place go.
        reply.raw.once("close", () => body.destroy());
        return reply
          .header("content-type", "text/event-stream; charset=utf-8")
          .header("cache-control", "no-cache, no-transform")
          .header("x-accel-buffering", "no")
          .send(body);
      },
    );
  };
