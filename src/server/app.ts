import path from "node:path";
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { AppDeps } from "./app-deps";
import { safeError } from "./lib/safe-error";
import { accessLogPlugin } from "./plugins/access-log";
import { ConnectionLimiter } from "./plugins/connection-limits";
import { clientErrors, errorsPlugin, frameworkErrors } from "./plugins/errors";
import { closeQuietSocketsOnClose } from "./plugins/quiet-sockets";
import { requireResponseSchemas, responseSerializerCompiler } from "./plugins/response-serializer";
import { securityPlugin } from "./plugins/security";
import { sessionsPlugin } from "./plugins/sessions";
import { staticPlugin } from "./plugins/static";
import { createServices, type Services } from "./services";

declare module "fastify" {
  interface FastifyInstance {
    /** The wired services, for start-up tasks (reconcile, seed) and tests. */
    services: Services;
    /** Per-client connection bounds, shared with any other port the app serves (PubSub). */
    connections: ConnectionLimiter;
    /** Every route registered, with its schemas: tests fuzz and authorize each one. */
    registeredRoutes: readonly RouteOptions[];
  }
}

/** Builds the whole app from its parts. Plugins load in a visible order: external and
 * cross-cutting first, then the API modules, then the static client and its SPA fallback. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    // Errors are logged by class and code only (safeError): messages can carry user content.
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : { level: config.LOG_LEVEL, serializers: { err: safeError }, stream: deps.logStream },
    // One line per request would let a flood fill the disk: accessLogPlugin samples instead.
    logController: new LogController({ disableRequestLogging: true }),
    // No proxy in front: the server itself bounds how long a client may hold a socket.
    // Silent sockets close after connectionTimeout, idle keep-alive ones after
    // keepAliveTimeout; headers must arrive within headersTimeout and the whole request
    // within requestTimeout. WebSockets are exempt (ws clears the socket timeout).
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    http: { headersTimeout: 15_000 },
    requestTimeout: 30_000,
    bodyLimit: 256 * 1024,
    forceCloseConnections: "idle",
    frameworkErrors,
    clientErrorHandler: clientErrors,
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(",").map((s) => s.trim()) : false,
  });
  const connections = new ConnectionLimiter({
    total: config.MAX_CONNECTIONS,
    perIp: config.MAX_CONNECTIONS_PER_IP,
  });
  connections.attach(app.server);
  closeQuietSocketsOnClose(app);
  app.decorate("connections", connections);
  const registeredRoutes: RouteOptions[] = [];
  app.addHook("onRoute", (route) => {
    registeredRoutes.push(route);
  });
  app.decorate("registeredRoutes", registeredRoutes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ strict: !config.isProduction }));
  if (!config.isProduction) requireResponseSchemas(app);

  const services = createServices(deps, (message) => app.log.warn(message));
  app.decorate("services", services);
  // The database closes after the app: confirmations written behind must land first, and the
  // indexer's batch in flight.
  app.addHook("onClose", services.flushWrites);
  // Background work runs on the leader only (docs/decisions/013-leader-and-change-bus.md;
  // PGlite: always this process): the indexer's ingestion, and the automatic reward minter
  // (which reconciles what a crash left pending, then keeps minting). A node that loses
  // leadership stops them; main.ts then restarts the process as a follower.
  const { leadership, bus } = services;
  leadership.onGained(() => {
    services.indexer.start();
    services.rewardAutoMinter.start();
    // Owed creator fees: settles payouts a crash left pending, then pays what it can.
    services.feePayouts.start();
  });
  leadership.onLost(async () => {
    await Promise.all([
      services.indexer.stop(),
      services.rewardAutoMinter.stop(),
      services.feePayouts.stop(),
    ]);
  });
  app.addHook("onReady", async () => {
    if (services.busTransport) await bus.connect(services.busTransport);
    await leadership.start();
  });
  app.addHook("onClose", async () => {
    await Promise.all([
      services.indexer.stop(),
      services.rewardAutoMinter.stop(),
      services.feePayouts.stop(),
    ]);
    await Promise.all([leadership.stop(), bus.stop()]);
  });
  app.addHook("onClose", () => services.limits.close());
  // Live streams never end by themselves: ended first, or closing would wait on their sockets.
  app.addHook("preClose", async () => services.marketLive.closeAll());
  const secure = (config.PUBLIC_URL ?? "").startsWith("https://");

  await app.register(accessLogPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    connectSrc: config.SOLANA_RPC_URL ? [new URL(config.SOLANA_RPC_URL).origin] : [],
    rateLimitMax: 6000,
    rateLimits: config.RATE_LIMITS === "on",
    limits: services.limits,
  });
  await app.register(sessionsPlugin, { sessions: services.sessions, secure });

  for (const register of services.routes) await app.register(register);

  await app.register(staticPlugin, { root: path.resolve(deps.clientRoot), pageHtml: services.pageHtml });
  return app;
}
