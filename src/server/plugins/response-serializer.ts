import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance } from "fastify";
import { createSerializerCompiler, type serializerCompiler } from "fastify-type-provider-zod";

/** Every JSON answer goes out through its route's zod response schema (validated, unknown
 * keys dropped: a field never leaks by accident). With `strict` (development and tests) an
 * answer carrying a field its schema does not declare is a 500 instead of a quiet drop, so a
 * schema that falls behind its service shows in the tests rather than as a missing field in
 * the client. See docs/decisions/007-response-schemas.md. */
export function responseSerializerCompiler({ strict }: { strict: boolean }): typeof serializerCompiler {
  const compile = createSerializerCompiler();
  return (route) => {
    const serialize = compile(route);
    if (!strict) return serialize;
    return (data) => {
      const json = serialize(data);
      const dropped = undeclared(JSON.parse(JSON.stringify(data)), JSON.parse(json));
      if (dropped.length)
        throw new Error(
          `${route.method} ${route.url} answered fields its response schema lacks: ${dropped.slice(0, 5).join(", ")}`,
        );
      return json;
    };
  };
}

/** Paths present in `full` but not in `sent` (what the schema stripped). */
function undeclared(full: unknown, sent: unknown, path = "$"): string[] {
  if (isDeepStrictEqual(full, sent)) return [];
  if (Array.isArray(full) && Array.isArray(sent))
    return full.flatMap((item, i) => undeclared(item, sent[i], `${path}[${i}]`));
  if (isObject(full) && isObject(sent))
    return Object.keys(full).flatMap((key) =>
      key in sent ? undeclared(full[key], sent[key], `${path}.${key}`) : [`${path}.${key}`],
    );
  return [];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** API routes whose success answer is not JSON (Fastify sends strings and streams as is). */
const NOT_JSON = new Set([
  "/api/tokens/:mint/image.svg", // SVG
  "/api/nft-rewards/:id/image", // an uploaded raster image or the generated SVG
  "/api/analytics/:mint/report.csv", // CSV of the same figures as GET /api/analytics/:mint
  "/api/ai-agents/chat", // server-sent events; its JSON form is parsed by ChatResponseSchema
  "/api/market/:mint/live", // server-sent events of MarketStateSchema and TradeSchema JSON
]);

/** In development and tests, every JSON route under /api must declare the schema of its
 * success answer (src/shared/schemas): a route added without one fails at start-up. */
export function requireResponseSchemas(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || NOT_JSON.has(route.url) || route.method === "HEAD") return;
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    if (!Object.keys(response).some((status) => /^2\d\d$/.test(status)))
      throw new Error(`${route.method} ${route.url} has no response schema (see src/shared/schemas)`);
  });
}
