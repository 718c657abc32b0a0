import {
  AirdropResultSchema,
  AirdropSchema,
  AnalyticsSchema,
  CreatePostSchema,
  TokenPostSchema,
  TokenPostsSchema,
} from "@shared/schemas/analytics";
import { MintParamsSchema } from "@shared/schemas/params";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { analyticsCsv } from "./analytics.csv";
import type { AnalyticsService } from "./analytics.service";
import type { CommunityService } from "./community.service";

/** A token's analytics (the creator's full view, anyone's public part), its CSV report, and
 * Engage Community: the creator's airdrop to members and posts to holders. */
export const analyticsRoutes =
  ({
    analytics,
    community,
  }: {
    analytics: AnalyticsService;
    community: CommunityService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/analytics/:mint",
      { schema: { params: MintParamsSchema, response: { 200: AnalyticsSchema } } },
      async (request) => analytics.view(request.params.mint, await request.userId()),
    );

    app.get(
      "/api/analytics/:mint/report.csv",
      { schema: { params: MintParamsSchema } },
      async (request, reply) => {
        const view = await analytics.view(request.params.mint, await request.userId());
        const filename = `${view.symbol.replace(/[^A-Za-z0-9]/g, "") || "token"}-analytics-${view.generatedAt.slice(0, 10)}.csv`;
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${filename}"`)
          .header("cache-control", "no-store")
          .send(analyticsCsv(view));
      },
    );

    const engageLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };
    app.post(
      "/api/tokens/:mint/airdrop",
      {
        schema: { params: MintParamsSchema, body: AirdropSchema, response: { 200: AirdropResultSchema } },
        config: engageLimit,
      },
      async (request) => community.airdrop(await request.requireUserId(), request.params.mint, request.body),
    );

    app.post(
      "/api/tokens/:mint/posts",
      {
        schema: {
          params: MintParamsSchema,
          body: CreatePostSchema,
          response: { 201: TokenPostSchema.omit({ author: true }) },
        },
        config: engageLimit,
      },
      async (request, reply) => {
        const post = await community.post(
          await request.requireUserId(),
          request.params.mint,
          request.body.body,
          request.body.idempotencyKey,
        );
        return reply.status(201).send(post);
      },
    );

    app.get(
      "/api/tokens/:mint/posts",
      { schema: { params: MintParamsSchema, response: { 200: TokenPostsSchema } } },
      async (request) => community.posts(await request.userId(), request.params.mint),
    );
  };
