import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import { forbidden } from "../http-errors";
import type { LimitsStore } from "../limits/limits-store";
import { rateLimitStoreOf } from "../limits/rate-limit-store";
import { sharedPerIp } from "./rate-limits";

declare module "fastify" {
  interface FastifyInstance {
    /** New accounts (email sign-up or wallet-only) from one address, across both routes. */
    newAccountLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route answers any origin and reads no cookie (see openToAnyOrigin): no CSRF check. */
    openToAnyOrigin?: boolean;
  }
}

/** For public resources other sites' pages read (token metadata and images, the JSON-RPC):
 * any origin may read the response, overriding helmet's same-origin resource policy. Only for
 * routes that read no cookie. */
export function openToAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply
    .header("access-control-allow-origin", "*")
    .header("cross-origin-resource-policy", "cross-origin");
}

/** Headers, a global rate limit, and CSRF defence: besides SameSite cookies, every
 * state-changing request must come from our own origin (Origin header or Sec-Fetch-Site),
 * unless its route is marked `openToAnyOrigin`. */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { connectSrc: string[]; rateLimitMax: number; rateLimits: boolean; limits: LimitsStore },
  ) => {
    // Helmet's middleware made once and run on every request's raw response (the Fastify
    // wrapper builds it again for each request: a few percent of a busy server's time).
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", "https:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'", ...opts.connectSrc],
          frameSrc: ["'self'", "https:"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Plain-http localhost must keep working: no HSTS, no upgrade-insecure-requests.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook("onRequest", (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (err?: unknown) =>
        done(err instanceof Error ? err : undefined),
      ),
    );
    // Always registered (routes and services use its store); switched off, it allows everything.
    await app.register(rateLimit, {
      global: opts.rateLimits,
      max: opts.rateLimitMax,
      timeWindow: "1 minute",
      // Keys kept per limit (an LRU: the oldest go first, never all at once).
      cache: 100_000,
      // Shared by every API node when the limits store is (PostgreSQL, Redis); if it cannot
      // answer, requests pass rather than fail (the limit comes back with it).
      ...(opts.limits.kind === "memory" ? {} : { store: rateLimitStoreOf(opts.limits), skipOnError: true }),
      ...(opts.rateLimits ? {} : { allowList: () => true }),
    });
    // Each new account may claim test SOL: one budget per address for both ways of signing up.
    app.decorate(
      "newAccountLimit",
      sharedPerIp(
        app,
        "new-account",
        { max: 30, timeWindow: "1 hour" },
        "Too many new accounts from your network. Try again later.",
      ),
    );

    // Fastify parses text/plain by default; a form-post CSRF would ride on it.
    app.removeContentTypeParser("text/plain");

    app.addHook("onRequest", async (request) => {
      // By method and routed route, never by the raw URL: the router decodes `/%61pi/...`.
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config.openToAnyOrigin) return;
      const site = request.headers["sec-fetch-site"];
      if (site === "same-origin" || site === "none") return;
      const origin = request.headers.origin;
      if (!origin) {
        // Non-browser clients (curl, tests, scripts) send no Origin and no Sec-Fetch-Site;
        // browsers always send one of the two on cross-site requests.
        if (site === undefined) return;
        throw forbidden("Cross-site request refused");
      }
      const host = request.headers.host;
      try {
        if (host && new URL(origin).host === host) return;
      } catch {
        /* fall through */
      }
      throw forbidden("Cross-site request refused");
    });
  },
);
