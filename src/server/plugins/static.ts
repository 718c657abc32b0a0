import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { isSpaRoute } from "@shared/routes";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Serves the built client. A GET for a page gets index.html so the client router decides;
 * the status is 200 for the client's routes (shared/routes) and 404 for the rest. API,
 * RPC and file paths that match nothing are plain 404s. */
export const staticPlugin = fp(async (app: FastifyInstance, opts: StaticOptions) => {
  const hasBuild = existsSync(path.join(opts.root, "index.html"));
  // Read once: pages that carry their own head (share cards) are index.html plus tags.
  let indexHtml: string | null = null;
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
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = new URL(request.url, "http://localhost").pathname;
    if (!isBrowserPage(request.method, pathname)) {
      return reply.status(404).send({ error: "Not found", code: "NOT_FOUND" });
    }
    if (!hasBuild) {
      return reply
        .status(404)
        .type("text/plain")
        .send("Client not built. Run `npm run build` (npm start does it).");
    }
    const rewrite = opts.pageHtml && isSpaRoute(pathname) ? await opts.pageHtml(pathname) : null;
    if (rewrite) {
      indexHtml ??= readFileSync(path.join(opts.root, "index.html"), "utf8");
      return reply
        .status(200)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(rewrite(indexHtml));
    }
    // Unknown browser paths still get the app (it shows the spec's 404 page), with a 404
    // status so crawlers and link checkers see the truth.
    return reply
      .status(isSpaRoute(pathname) ? 200 : 404)
      .type("text/html")
      .header("cache-control", "no-cache")
      .sendFile("index.html");
  });
});

interface StaticOptions {
  root: string;
  /** A page whose HTML differs from plain index.html (a token page's share card): returns the
   * rewrite of index.html, or null to serve it as is. */
  pageHtml?: (pathname: string) => Promise<((html: string) => string) | null>;
}

/** A GET for a page, not for an API call, the RPC endpoint or a file (a name with an
 * extension): only pages fall back to the app. */
function isBrowserPage(method: string, pathname: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (pathname === "/api" || pathname.startsWith("/api/") || pathname.startsWith("/rpc")) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !last.includes(".");
}
