import net from "node:net";
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

describe("requests the HTTP parser refuses", () => {
  /** Raw bytes on a socket of their own: what a fetch client could never send. */
  function raw(bytes: string): Promise<string> {
    const { hostname, port } = new URL(t.url);
    return new Promise((resolve, reject) => {
      let got = "";
      const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
      socket.on("data", (d) => (got += String(d)));
      socket.on("close", () => resolve(got));
      socket.on("error", reject);
    });
  }

  it.each([
    ["a space in the path", "GET /api/a b HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["raw non-ASCII bytes in the request line", "GET /\u00ff\u00fe HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["a malformed header", "GET / HTTP/1.1\r\nHost x\r\n\r\n", 400],
    ["headers past the limit", `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431],
  ])("answers %s in the API's error shape", async (_what, bytes, status) => {
    const answer = await raw(bytes);
    expect(answer.split("\r\n")[0]).toBe(
      `HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : "Bad Request"}`,
    );
    const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as { error: string; code: string };
    expect(body.code).toBe("BAD_REQUEST");
    expect(body.error.length).toBeGreaterThan(10);
  });
});
