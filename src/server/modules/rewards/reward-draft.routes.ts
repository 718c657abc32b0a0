import { DraftRewardsSchema, RewardDraftsSchema } from "@shared/schemas/rewards";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Limit, perUser } from "../../plugins/rate-limits";
import type { RewardDraftService } from "./reward-draft.service";

const DEFAULT_LIMIT: Limit = { max: 20, timeWindow: "1 minute" };

/** POST /api/nft-rewards/draft: Create with AI, for the token's creator. Limited per user
 * like identity drafts (a provider call costs money). */
export function rewardDraftRoutes(drafts: RewardDraftService, limit = DEFAULT_LIMIT): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/api/nft-rewards/draft",
      {
        schema: { body: DraftRewardsSchema, response: { 200: RewardDraftsSchema } },
        preHandler: perUser(app, "reward-draft", limit, "Too many AI drafts in a row. Please wait a minute."),
      },
      async (request) => drafts.draft(await request.requireUserId(), request.body),
    );
  };
}
