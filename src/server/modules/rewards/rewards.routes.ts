import {
  ClaimResultSchema,
  ClaimRewardSchema,
  CreateRewardSchema,
  RewardIdParamsSchema,
  RewardListSchema,
  RewardMetadataJsonSchema,
  RewardSchema,
  RewardStatsSchema,
  RewardsQuerySchema,
  UpdateRewardSchema,
  UserCollectionSchema,
} from "@shared/schemas/rewards";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { perUser } from "../../plugins/rate-limits";
import { openToAnyOrigin } from "../../plugins/security";
import type { RewardsService } from "./rewards.service";

/** /api/nft-rewards/* except the AI draft (docs/api.md, docs/rewards.md). */
export const rewardsRoutes =
  (rewards: RewardsService): FastifyPluginAsyncZod =>
  async (app) => {
    // Every claim and creation is a sponsored chain write: bounded per account.
    const writesPerUser = perUser(
      app,
      "rewards",
      { max: 60, timeWindow: "1 minute" },
      "Too many reward requests in a row. Wait a minute and try again.",
    );
    const write = { config: { rateLimit: { max: 300, timeWindow: "1 minute" } }, preHandler: writesPerUser };

    app.get(
      "/api/nft-rewards/stats",
      { schema: { querystring: RewardsQuerySchema, response: { 200: RewardStatsSchema } } },
      async (request) => rewards.stats(request.query.tokenMint),
    );

    app.get(
      "/api/nft-rewards/active",
      { schema: { querystring: RewardsQuerySchema, response: { 200: RewardListSchema } } },
      async (request) => ({ rewards: await rewards.active(request.query.tokenMint, await request.userId()) }),
    );

    app.get(
      "/api/nft-rewards/user",
      { schema: { response: { 200: UserCollectionSchema } } },
      async (request) => ({
        nfts: await rewards.collection(await request.requireUserId()),
      }),
    );

    app.get(
      "/api/nft-rewards/mine",
      { schema: { response: { 200: RewardListSchema } } },
      async (request) => ({ rewards: await rewards.mine(await request.requireUserId()) }),
    );

    app.post(
      "/api/nft-rewards/create",
      { schema: { body: CreateRewardSchema, response: { 201: RewardSchema } }, ...write },
      async (request, reply) => {
        const reward = await rewards.create(await request.requireUserId(), request.body);
        return reply.status(201).send(reward);
      },
    );

    app.get(
      "/api/nft-rewards/:id",
      { schema: { params: RewardIdParamsSchema, response: { 200: RewardSchema } } },
      async (request) => rewards.get(request.params.id, await request.userId()),
    );

    app.patch(
      "/api/nft-rewards/:id",
      {
        schema: { params: RewardIdParamsSchema, body: UpdateRewardSchema, response: { 200: RewardSchema } },
        ...write,
      },
      async (request) =>
        rewards.setActive(await request.requireUserId(), request.params.id, request.body.isActive),
    );

    app.post(
      "/api/nft-rewards/:id/claim",
      {
        schema: {
          params: RewardIdParamsSchema,
          body: ClaimRewardSchema,
          response: { 200: ClaimResultSchema },
        },
        ...write,
      },
      async (request) => rewards.claim(await request.requireUserId(), request.params.id, request.body.wallet),
    );

    // Wallets and explorers read each NFT's metadata and image from their own origins.
    app.get(
      "/api/nft-rewards/:id/metadata.json",
      { schema: { params: RewardIdParamsSchema, response: { 200: RewardMetadataJsonSchema } } },
      async (request, reply) => {
        openToAnyOrigin(reply).header("cache-control", "public, max-age=60");
        return rewards.metadata(request.params.id);
      },
    );

    app.get(
      "/api/nft-rewards/:id/image",
      { schema: { params: RewardIdParamsSchema } },
      async (request, reply) => {
        const image = await rewards.image(request.params.id);
        // Inert: raster bytes as uploaded, or the generated SVG (no scripts, nothing loaded).
        return openToAnyOrigin(reply)
          .type(image.type)
          .header("cache-control", "public, max-age=300")
          .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
          .send(image.body);
      },
    );
  };
