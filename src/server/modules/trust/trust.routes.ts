import { MintParamsSchema } from "@shared/schemas/params";
import {
  MetadataLockSchema,
  PreparedMetadataLockSchema,
  SubmitMetadataLockSchema,
  TrustChecklistSchema,
  TrustReportSchema,
} from "@shared/schemas/trust";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TrustService } from "./trust.service";

/** The trust score (docs/trust.md, docs/api.md Trust). */
export const trustRoutes =
  (trust: TrustService): FastifyPluginAsyncZod =>
  async (app) => {
    const lockLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };

    app.get(
      "/api/tokens/:mint/trust",
      { schema: { params: MintParamsSchema, response: { 200: TrustReportSchema } } },
      async (request) => trust.reportOf(request.params.mint),
    );

    app.get(
      "/api/tokens/:mint/trust/checklist",
      { schema: { params: MintParamsSchema, response: { 200: TrustChecklistSchema } } },
      async (request) => trust.checklistOf(request.params.mint, await request.requireUserId()),
    );

    app.post(
      "/api/tokens/:mint/metadata/lock",
      { schema: { params: MintParamsSchema, response: { 200: MetadataLockSchema } }, config: lockLimit },
      async (request) => trust.lockMetadata(request.params.mint, await request.requireUserId()),
    );

    app.post(
      "/api/tokens/:mint/metadata/lock/prepare",
      {
        schema: { params: MintParamsSchema, response: { 200: PreparedMetadataLockSchema } },
        config: lockLimit,
      },
      async (request) => trust.prepareLock(request.params.mint, await request.requireUserId()),
    );

    app.post(
      "/api/tokens/:mint/metadata/lock/submit",
      {
        schema: {
          params: MintParamsSchema,
          body: SubmitMetadataLockSchema,
          response: { 200: MetadataLockSchema },
        },
        config: lockLimit,
      },
      async (request) =>
        trust.submitLock(
          request.params.mint,
          await request.requireUserId(),
          request.body.lockId,
          request.body.transaction,
        ),
    );
  };
