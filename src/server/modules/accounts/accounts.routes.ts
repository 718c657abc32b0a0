import { LoginSchema, RegisterSchema, WalletChallengeSchema, WalletLoginSchema } from "@shared/schemas/auth";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AccountsService } from "./accounts.service";

/** Where the sign-in message says it comes from: PUBLIC_URL, else the Host we were reached at. */
export function siteOf(request: FastifyRequest, publicUrl: string | undefined) {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return { domain: url.host, uri: url.origin };
  }
  const host = request.headers.host ?? "localhost";
  return { domain: host, uri: `${request.protocol}://${host}` };
}

const authLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };

export const accountsRoutes =
  (accounts: AccountsService, publicUrl: string | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/register",
      { schema: { body: RegisterSchema }, config: authLimit },
      async (request, reply) => {
        const user = await accounts.register(request.body);
        await reply.startSession(user.id);
        return reply.status(201).send({ user: await accounts.present(user.id) });
      },
    );

    app.post(
      "/api/auth/email",
      { schema: { body: LoginSchema }, config: authLimit },
      async (request, reply) => {
        const user = await accounts.loginWithEmail(request.body.email, request.body.password, request.ip);
        await reply.startSession(user.id);
        return { user: await accounts.present(user.id) };
      },
    );

    app.post(
      "/api/auth/wallet/challenge",
      { schema: { body: WalletChallengeSchema }, config: authLimit },
      async (request) => accounts.issueChallenge(request.body.walletAddress, siteOf(request, publicUrl)),
    );

    app.post(
      "/api/auth/wallet",
      { schema: { body: WalletLoginSchema }, config: authLimit },
      async (request, reply) => {
        const { walletAddress, message, signature } = request.body;
        const user = await accounts.loginWithWallet(walletAddress, message, signature);
        await reply.startSession(user.id);
        return { user: await accounts.present(user.id) };
      },
    );

    app.post("/api/auth/logout", async (_request, reply) => {
      await reply.endSession();
      return { ok: true };
    });

    app.get("/api/auth/me", async (request) => {
      const id = await request.userId();
      return { user: id ? await accounts.present(id) : null };
    });
  };
