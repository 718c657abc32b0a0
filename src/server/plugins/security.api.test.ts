import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../tests/support/http";
import { startTestApp, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const hostile = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

async function signedIn(email: string): Promise<Client> {
  const c = new Client(t.url);
  const res = await c.post("/api/register", { email, password: "secret1", username: email.split("@")[0] });
  expect(res.status).toBe(201);
  return c;
}

describe("CSRF", () => {
  // The router decodes the path; the check must see the route, not the raw URL.
  it.each(["/api/auth/logout", "/%61pi/auth/logout", "/%61%70%69/auth/logout", "/api/auth/%6cogout"])(
    "refuses a cross-site POST %s and the victim stays signed in",
    async (path) => {
      const victim = await signedIn(`v${Math.floor(Math.random() * 1e9)}@example.com`);
      const res = await fetch(t.url + path, {
        method: "POST",
        headers: { ...hostile, cookie: victim.cookie, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(403);
      expect((await victim.get<{ user: unknown }>("/api/auth/me")).body.user).not.toBeNull();
    },
  );

  it("refuses a cross-site wallet generation through an encoded path: no wallet is added", async () => {
    const victim = await signedIn(`w${Math.floor(Math.random() * 1e9)}@example.com`);
    const res = await fetch(`${t.url}/%61pi/wallet/generate`, {
      method: "POST",
      headers: { ...hostile, cookie: victim.cookie },
    });
    expect(res.status).toBe(403);
    expect((await victim.get<{ wallets: unknown[] }>("/api/wallets")).body.wallets).toHaveLength(0);
  });

  it("refuses cross-site state changes outside /api too (no route is exempt by its raw URL)", async () => {
    const res = await fetch(`${t.url}/nowhere`, { method: "POST", headers: hostile });
    expect(res.status).toBe(403);
  });

  it("keeps the JSON-RPC open to any origin, however its path is spelled", async () => {
    for (const path of ["/rpc", "/%72pc"]) {
      const res = await fetch(t.url + path, {
        method: "POST",
        headers: { ...hostile, "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getSlot" }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { result: unknown }).result).toEqual(expect.any(Number));
    }
  });

  it("lets same-origin browsers and non-browser clients through", async () => {
    const same = await fetch(`${t.url}/api/auth/logout`, {
      method: "POST",
      headers: { origin: t.url, "content-type": "application/json" },
      body: "{}",
    });
    expect(same.status).toBe(200);
    const script = await fetch(`${t.url}/api/auth/logout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(script.status).toBe(200);
  });
});
