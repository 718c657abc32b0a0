import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isExpectedOutage } from "./expected-outage";

const SLOW_MS = 1_000;
const SUMMARY_EVERY_MS = 60_000;

/** Access logging that a flood cannot turn into a flood of logs (Fastify's own per-request
 * lines are off: disableRequestLogging). Server errors and slow answers are logged one by
 * one, by route pattern (no query strings, no bodies); everything else, refusals by a rate
 * limit and 503s of an outage already logged by its subsystem included, is counted and
 * summed up in one line a minute. */
export const accessLogPlugin = fp(async (app: FastifyInstance, opts: { summaryEveryMs?: number }) => {
  let counts: Record<string, number> = {};

  app.addHook("onResponse", async (request, reply) => {
    const status = reply.statusCode;
    const key = status === 429 ? "429" : `${Math.floor(status / 100)}xx`;
    counts[key] = (counts[key] ?? 0) + 1;
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, route: request.routeOptions.url ?? "(no route)", status, ms };
    if (status >= 500 && !isExpectedOutage(reply)) request.log.error(line, "request failed");
    else if (ms >= SLOW_MS) request.log.warn(line, "slow request");
  });

  const summarise = () => {
    if (Object.keys(counts).length === 0) return;
    app.log.info({ requests: counts }, "requests by status");
    counts = {};
  };
  const timer = setInterval(summarise, opts.summaryEveryMs ?? SUMMARY_EVERY_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    summarise();
  });
});
