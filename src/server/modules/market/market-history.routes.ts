import {
  type Candles,
  CandlesQuerySchema,
  CandlesSchema,
  type TradesPage,
  TradesPageSchema,
  TradesQuerySchema,
} from "@shared/schemas/market";
import { MintParamsSchema } from "@shared/schemas/params";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MarketHistoryService } from "./market-history.service";

/** A market's public history: recent trades and price candles. */
export const marketHistoryRoutes =
  (history: MarketHistoryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/market/:mint/trades",
      {
        schema: {
          params: MintParamsSchema,
          querystring: TradesQuerySchema,
          response: { 200: TradesPageSchema },
        },
      },
      async (request, reply) => {
        // Already JSON (checked against the schema when made): Fastify sends a Buffer as is.
        const json = await history.tradesJson(request.params.mint, request.query);
        return reply.type("application/json; charset=utf-8").send(json as unknown as TradesPage);
      },
    );

    app.get(
      "/api/market/:mint/candles",
      {
        schema: {
          params: MintParamsSchema,
          querystring: CandlesQuerySchema,
          response: { 200: CandlesSchema },
        },
      },
      async (request, reply) => {
        const json = await history.candlesJson(request.params.mint, request.query.interval);
        return reply.type("application/json; charset=utf-8").send(json as unknown as Candles);
      },
    );
  };
