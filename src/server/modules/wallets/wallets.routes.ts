import { AirdropSchema, UserResponseSchema, WalletLoginSchema } from "@shared/schemas/auth";
import {
  AirdropResultSchema,
  GenerateWalletResponseSchema,
  WalletsResponseSchema,
} from "@shared/schemas/wallet";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionExpired } from "../../http-errors";
import { perIp, perUser } from "../../plugins/rate-limits";
import type { AccountsService } from "../accounts/accounts.service";
import type { WalletsService } from "./wallets.service";

export const walletsRoutes =
  (wallets: WalletsService, accounts: AccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    // With no session this is the wizard's path: a wallet-only account is created and signed in.
    // A dead session cookie is not "no session": the caller thinks they are signed in, and a
    // new account would quietly take the wallet meant for theirs. 401, and the cookie goes.
    app.post(
      "/api/wallet/generate",
      {
        schema: { response: { 201: GenerateWalletResponseSchema } },
        config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      },
      async (request, reply) => {
        const sessionUser = await request.userId();
        if (!sessionUser && request.hasSessionCookie()) {
          await reply.endSession();
          throw sessionExpired();
        }
        if (!sessionUser) await app.newAccountLimit(request, reply);
        const { user, publicKey, privateKey } = await wallets.generate(sessionUser);
        if (!sessionUser) await reply.startSession(user.id);
        reply.header("cache-control", "no-store");
        return reply
          .status(201)
          .send({ wallet: { publicKey, privateKey }, user: await accounts.presentExisting(user.id) });
      },
    );

    app.post(
      "/api/wallet/link",
      { schema: { body: WalletLoginSchema, response: { 200: UserResponseSchema } } },
      async (request) => {
        const userId = await request.requireUserId();
        const { walletAddress, message, signature } = request.body;
        await wallets.link(userId, walletAddress, message, signature);
        return { user: await accounts.presentExisting(userId) };
      },
    );

    app.get("/api/wallets", { schema: { response: { 200: WalletsResponseSchema } } }, async (request) => ({
      wallets: await wallets.list(await request.requireUserId()),
    }));

    // Test SOL: a budget per account and one per address across accounts (new accounts are
    // cheap, so the per-account budget alone is no limit).
    app.post(
      "/api/wallet/airdrop",
      {
        schema: { body: AirdropSchema, response: { 200: AirdropResultSchema } },
        config: perIp(
          "airdrop",
          { max: 20, timeWindow: "1 hour" },
          "Too many test SOL requests from your network. Try again later.",
        ),
        preHandler: perUser(
          app,
          "airdrop",
          { max: 10, timeWindow: "10 minutes" },
          "Too many test SOL requests. Wait a few minutes and try again.",
        ),
      },
      async (request) => {
        const userId = await request.requireUserId();
        return wallets.airdrop(userId, request.body.address);
      },
    );
  };
