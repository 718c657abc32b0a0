import {
  BuyRequestSchema,
  CreatorFeesSchema,
  LaunchBuyersPageSchema,
  LaunchBuyersQuerySchema,
  type MarketState,
  MarketStateSchema,
  OpenMarketSchema,
  PreparedOpenMarketSchema,
  PreparedTradeSchema,
  QuoteQuerySchema,
  QuoteSchema,
  SellRequestSchema,
  SubmitOpenMarketSchema,
  SubmitTradeSchema,
  TradeResultSchema,
} from "@shared/schemas/market";
import { MintParamsSchema } from "@shared/schemas/params";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { perUser } from "../../plugins/rate-limits";
import type { MarketService } from "./market.service";
import type { MarketOpenService } from "./market-open.service";
import { type MarketTradeService, orderOf } from "./market-trade.service";

interface Deps {
  market: MarketService;
  trades: MarketTradeService;
  opens: MarketOpenService;
}

/** /api/market/*: the bonding-curve market (docs/api.md, docs/market.md). */
export const marketRoutes =
  ({ market, trades, opens }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const tradeLimit = { rateLimit: { max: 600, timeWindow: "1 minute" } };
    // Per account, whatever addresses it comes from; one budget for every trade path.
    const tradesPerUser = perUser(
      app,
      "trade",
      { max: 120, timeWindow: "1 minute" },
      "Too many trades in a row. Wait a minute and try again.",
    );

    app.get("/api/market/fees", { schema: { response: { 200: CreatorFeesSchema } } }, async (request) =>
      market.creatorFees(await request.requireUserId()),
    );

    app.get(
      "/api/market/:mint",
      { schema: { params: MintParamsSchema, response: { 200: MarketStateSchema } } },
      async (request, reply) => {
        // Already JSON (checked against the schema when made): Fastify sends a Buffer as is.
        const json = await market.stateJson(request.params.mint);
        return reply.type("application/json; charset=utf-8").send(json as unknown as MarketState);
      },
    );

    app.get(
      "/api/market/:mint/launch-buyers",
      {
        schema: {
          params: MintParamsSchema,
          querystring: LaunchBuyersQuerySchema,
          response: { 200: LaunchBuyersPageSchema },
        },
      },
      async (request) => market.launchBuyers(request.params.mint, request.query),
    );

    app.get(
      "/api/market/:mint/quote",
      { schema: { params: MintParamsSchema, querystring: QuoteQuerySchema, response: { 200: QuoteSchema } } },
      async (request) => market.quote(request.params.mint, request.query),
    );

    app.post(
      "/api/market/:mint/open",
      {
        schema: { params: MintParamsSchema, body: OpenMarketSchema, response: { 200: MarketStateSchema } },
        config: tradeLimit,
        preHandler: tradesPerUser,
      },
      async (request) => {
        await opens.openExisting(
          await request.requireUserId(),
          request.params.mint,
          request.body.curveShareBps,
        );
        return market.state(request.params.mint);
      },
    );

    // The creator's browser wallet: prepared here, signed in the wallet, submitted back.
    app.post(
      "/api/market/:mint/open/prepare",
      {
        schema: {
          params: MintParamsSchema,
          body: OpenMarketSchema,
          response: { 200: PreparedOpenMarketSchema },
        },
        config: tradeLimit,
        preHandler: tradesPerUser,
      },
      async (request) =>
        opens.prepareOpen(await request.requireUserId(), request.params.mint, request.body.curveShareBps),
    );

    app.post(
      "/api/market/:mint/open/submit",
      {
        schema: {
          params: MintParamsSchema,
          body: SubmitOpenMarketSchema,
          response: { 200: MarketStateSchema },
        },
        config: tradeLimit,
        preHandler: tradesPerUser,
      },
      async (request) => {
        await opens.submitOpen(await request.requireUserId(), request.params.mint, request.body.transaction);
        return market.state(request.params.mint);
      },
    );

    const trade = { config: tradeLimit, preHandler: tradesPerUser };
    app.post(
      "/api/market/:mint/buy",
      {
        schema: { params: MintParamsSchema, body: BuyRequestSchema, response: { 200: TradeResultSchema } },
        ...trade,
      },
      async (request) =>
        trades.trade(
          await request.requireUserId(),
          request.params.mint,
          orderOf("buy", request.body),
          request.body.idempotencyKey,
        ),
    );

    app.post(
      "/api/market/:mint/sell",
      {
        schema: { params: MintParamsSchema, body: SellRequestSchema, response: { 200: TradeResultSchema } },
        ...trade,
      },
      async (request) =>
        trades.trade(
          await request.requireUserId(),
          request.params.mint,
          orderOf("sell", request.body),
          request.body.idempotencyKey,
        ),
    );

    app.post(
      "/api/market/:mint/buy/prepare",
      {
        schema: { params: MintParamsSchema, body: BuyRequestSchema, response: { 200: PreparedTradeSchema } },
        ...trade,
      },
      async (request) =>
        trades.prepare(
          await request.requireUserId(),
          request.params.mint,
          orderOf("buy", request.body),
          request.body.idempotencyKey,
        ),
    );

    app.post(
      "/api/market/:mint/sell/prepare",
      {
        schema: { params: MintParamsSchema, body: SellRequestSchema, response: { 200: PreparedTradeSchema } },
        ...trade,
      },
      async (request) =>
        trades.prepare(
          await request.requireUserId(),
          request.params.mint,
          orderOf("sell", request.body),
          request.body.idempotencyKey,
        ),
    );

    app.post(
      "/api/market/:mint/submit",
      {
        schema: { params: MintParamsSchema, body: SubmitTradeSchema, response: { 200: TradeResultSchema } },
        ...trade,
      },
      async (request) =>
        trades.submit(
          await request.requireUserId(),
          request.params.mint,
          request.body.tradeId,
          request.body.transaction,
        ),
    );
  };
