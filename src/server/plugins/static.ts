import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Serves the built client; any other GET outside /api and /rpc gets index.html so the
 * client router decides (its fallback is the spec's 404 page). */
export const staticPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const hasBuild = existsSync(path.join(opts.root, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets never change; the HTML always revalidates.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header("cache-control", "public, max-age=31536000, immutable");
        } else {
          reply.header("cache-control", "no-cache");
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith("/api/") || url === "/api" || url.startsWith("/rpc") || request.method !== "GET") {
      return reply.status(404).send({ error: "Not found", code: "NOT_FOUND" });
    }
    if (!hasBuild) {
      return reply
        .status(404)
        .type("text/plain")
        .send("Client not built. Run `npm run build` (npm start does it).");
    }
    return reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html");
  });
});
