import {
  CandlesQuerySchema,
  CandlesSchema,
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
      async (request) => history.trades(request.params.mint, request.query),
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
      async (request) => history.candles(request.params.mint, request.query.interval),
    );
  };
