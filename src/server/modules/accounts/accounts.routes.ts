import {
  LoginSchema,
  LogoutResponseSchema,
  MeResponseSchema,
  RegisterSchema,
  UserResponseSchema,
  WalletChallengeResponseSchema,
  WalletChallengeSchema,
  WalletLoginSchema,
} from "@shared/schemas/auth";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type AccountsService, LoginThrottledError } from "./accounts.service";

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
const DEVICE_COOKIE_DAYS = 180;

export const accountsRoutes =
  (accounts: AccountsService, publicUrl: string | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = (publicUrl ?? "").startsWith("https://");
    const deviceCookie = secure ? "__Host-device" : "device";
    // Marks this browser as one the account signed in from (see TrustedDevices).
    const trustBrowser = (reply: FastifyReply, userId: string) =>
      reply.setCookie(deviceCookie, accounts.trustDevice(userId), {
        path: "/",
        httpOnly: true,
        sameSite: "strict",
        secure,
        maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
      });

    app.post(
      "/api/register",
      {
        schema: { body: RegisterSchema, response: { 201: UserResponseSchema } },
        config: authLimit,
        preHandler: app.newAccountLimit,
      },
      async (request, reply) => {
        const user = await accounts.register(request.body);
        await reply.startSession(user.id);
        trustBrowser(reply, user.id);
        return reply.status(201).send({ user: await accounts.presentExisting(user.id) });
      },
    );

    app.post(
      "/api/auth/email",
      { schema: { body: LoginSchema, response: { 200: UserResponseSchema } }, config: authLimit },
      async (request, reply) => {
        const { email, password } = request.body;
        const user = await accounts
          .loginWithEmail(email, password, request.ip, request.cookies[deviceCookie])
          .catch((err) => {
            if (err instanceof LoginThrottledError) reply.header("retry-after", err.retryAfterSeconds);
            throw err;
          });
        await reply.startSession(user.id);
        trustBrowser(reply, user.id);
        return { user: await accounts.presentExisting(user.id) };
      },
    );

    app.post(
      "/api/auth/wallet/challenge",
      {
        schema: { body: WalletChallengeSchema, response: { 200: WalletChallengeResponseSchema } },
        config: authLimit,
      },
      async (request) => accounts.issueChallenge(request.body.walletAddress, siteOf(request, publicUrl)),
    );

    app.post(
      "/api/auth/wallet",
      { schema: { body: WalletLoginSchema, response: { 200: UserResponseSchema } }, config: authLimit },
      async (request, reply) => {
        const { walletAddress, message, signature } = request.body;
        const user = await accounts.loginWithWallet(walletAddress, message, signature);
        await reply.startSession(user.id);
        return { user: await accounts.presentExisting(user.id) };
      },
    );

    app.post(
      "/api/auth/logout",
      { schema: { response: { 200: LogoutResponseSchema } } },
      async (_request, reply) => {
        await reply.endSession();
        return { ok: true } as const;
      },
    );

    app.get("/api/auth/me", { schema: { response: { 200: MeResponseSchema } } }, async (request) => {
      const id = await request.userId();
      return { user: id ? await accounts.present(id) : null };
    });
  };
