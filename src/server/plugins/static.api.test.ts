import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SPA_ROUTES } from "@shared/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../tests/support/test-app";

// The SPA fallback: the client's routes get the app with 200, other page paths get the app
// with 404, and API, RPC and file paths that match nothing are plain 404s.

const INDEX = "<!doctype html><title>app</title><div id=root></div>";
let t: TestApp;
let clientRoot: string;

beforeAll(async () => {
  clientRoot = mkdtempSync(path.join(os.tmpdir(), "launchpad-client-"));
  writeFileSync(path.join(clientRoot, "index.html"), INDEX);
  writeFileSync(path.join(clientRoot, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  t = await startTestApp({}, { clientRoot });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientRoot, { recursive: true, force: true });
});

async function get(p: string, method = "GET") {
  const res = await fetch(t.url + p, { method });
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: await res.text() };
}

describe("static files and the SPA fallback", () => {
  it("serves every client route with the app and 200", async () => {
    const paths = SPA_ROUTES.map((r) => r.replace(":mint", "So11111111111111111111111111111111111111112"));
    for (const p of [...paths, "/create/", "/Dashboard", "/auth?next=%2Fcreate"]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.type, p).toContain("text/html");
      expect(res.body, p).toBe(INDEX);
    }
  });

  it("serves an unknown page path with the app (its 404 page) and a 404 status", async () => {
    for (const p of ["/no-such-page", "/token", "/token/a/b", "/dashboard/extra"]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.type, p).toContain("text/html");
      expect(res.body, p).toBe(INDEX);
    }
  });

  it("answers a plain 404 for unknown API, RPC and file paths", async () => {
    for (const p of ["/api/nope", "/api", "/rpc/nope", "/favicon-x.png", "/assets/gone.js", "/token/x.png"]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.type, p).toContain("application/json");
      expect(JSON.parse(res.body), p).toEqual({ error: "Not found", code: "NOT_FOUND" });
    }
    expect((await get("/favicon.svg")).status).toBe(200);
    expect((await get("/no-such-page", "POST")).status).toBe(404);
  });
});
