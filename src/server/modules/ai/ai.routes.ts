import { AiProfileSchema, GenerateIdentitySchema } from "@shared/schemas/ai";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Limit, perIp, perUser } from "../../plugins/rate-limits";
import type { AiService } from "./ai.service";

const DEFAULT_LIMITS = {
  perUser: { max: 20, timeWindow: "1 minute" },
  // Higher: people behind one NAT (a classroom, an office) share an IP.
  perIp: { max: 60, timeWindow: "1 minute" },
};

/** POST /api/ai/generate-identity: the wizard's AI step. Open to signed-out visitors (the
 * wizard drafts before it creates the account), so it is limited per IP and per user. */
export function aiRoutes(
  ai: AiService,
  limits: { perUser: Limit; perIp: Limit } = DEFAULT_LIMITS,
): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/api/ai/generate-identity",
      {
        schema: { body: GenerateIdentitySchema, response: { 200: AiProfileSchema } },
        config: perIp("ai-identity", limits.perIp),
        preHandler: perUser(
          app,
          "ai-identity",
          limits.perUser,
          "Too many AI drafts in a row. Please wait a minute.",
        ),
      },
      async (request) => {
        try {
          return await ai.generateIdentity(request.body);
        } catch (err) {
          if (err instanceof Error && err.cause)
            request.log.error({ err: err.cause }, "identity drafting failed");
          throw err;
        }
      },
    );
  };
}
