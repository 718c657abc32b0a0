import type { ApiError } from "@shared/schemas/api-error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { testWallet } from "../../../../tests/support/keys";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type UserBody = { user: { id: string; username: string | null; email: string | null; wallets: unknown[] } };
type ErrorBody = ApiError;

describe("email accounts", () => {
  it("signs up, reads /me, logs out, logs back in", async () => {
    const c = new Client(t.url);
    const reg = await c.post<UserBody>("/api/register", {
      username: "maya",
      email: "Maya@Example.com",
      password: "secret1",
    });
    expect(reg.status).toBe(201);
    expect(reg.body.user.email).toBe("maya@example.com");
    const cookie = reg.headers.getSetCookie()[0] ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(JSON.stringify(reg.body)).not.toMatch(/password|argon/i);

    expect((await c.get<UserBody>("/api/auth/me")).body.user?.id).toBe(reg.body.user.id);
    expect((await c.post("/api/auth/logout")).status).toBe(200);
    expect((await c.get<{ user: null }>("/api/auth/me")).body.user).toBeNull();

    const login = await c.post<UserBody>("/api/auth/email", {
      email: "maya@example.com",
      password: "secret1",
    });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(reg.body.user.id);
  });

  it("refuses a taken email or username with a clear 409", async () => {
    const c = new Client(t.url);
    await c.post("/api/register", { username: "taken1", email: "taken@example.com", password: "secret1" });
    const sameEmail = await c.post<ErrorBody>("/api/register", {
      username: "other1",
      email: "TAKEN@example.com",
      password: "secret1",
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error).toBe("Email already registered");
    expect(sameEmail.body.code).toBe("EMAIL_TAKEN");
    const sameName = await c.post<ErrorBody>("/api/register", {
      username: "TAKEN1",
      email: "x@example.com",
      password: "secret1",
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error).toBe("Username already taken");
    expect(sameName.body.code).toBe("USERNAME_TAKEN");
  });

  it("gives one answer for a wrong password and an unknown email", async () => {
    const c = new Client(t.url);
    await c.post("/api/register", { username: "lena", email: "lena@example.com", password: "secret1" });
    const wrong = await c.post<ErrorBody>("/api/auth/email", {
      email: "lena@example.com",
      password: "wrong-pass",
    });
    const unknown = await c.post<ErrorBody>("/api/auth/email", {
      email: "nobody@example.com",
      password: "wrong-pass",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    [
      "/api/register",
      { username: "ab", email: "a@b.co", password: "secret1" },
      "Username must be at least 3 characters",
    ],
    ["/api/register", { username: "abc", email: "bad", password: "secret1" }, "Invalid email address"],
    [
      "/api/register",
      { username: "abc", email: "a@b.co", password: "12345" },
      "Password must be at least 6 characters",
    ],
    ["/api/auth/email", { email: "bad", password: "secret1" }, "Invalid email address"],
    ["/api/auth/email", { email: "a@b.co", password: "1" }, "Password must be at least 6 characters"],
    ["/api/auth/wallet/challenge", { walletAddress: "tooshort" }, "Invalid wallet address"],
  ])("%s %o -> 400 %s", async (path, body, message) => {
    const res = await new Client(t.url).post<ErrorBody>(path, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it("rotates the session at login: the old cookie dies", async () => {
    const a = new Client(t.url);
    await a.post("/api/register", { username: "rota", email: "rota@example.com", password: "secret1" });
    const stolen = new Client(t.url);
    stolen.cookie = a.cookie;
    await a.post("/api/auth/email", { email: "rota@example.com", password: "secret1" });
    expect((await stolen.get<{ user: unknown }>("/api/auth/me")).body.user).toBeNull();
    expect((await a.get<UserBody>("/api/auth/me")).body.user).not.toBeNull();
  });

  it("refuses cross-site and non-JSON state changes", async () => {
    const cross = await fetch(`${t.url}/api/auth/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      body: JSON.stringify({ email: "a@b.co", password: "secret1" }),
    });
    expect(cross.status).toBe(403);
    const plain = await fetch(`${t.url}/api/auth/email`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ email: "a@b.co", password: "secret1" }),
    });
    expect(plain.status).toBe(415);
    const garbage = await fetch(`${t.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as ErrorBody).error).toBe("Request body is not valid JSON");
  });
});

describe("wallet sign-in", () => {
  async function challenge(c: Client, address: string) {
    const res = await c.post<{ message: string }>("/api/auth/wallet/challenge", { walletAddress: address });
    expect(res.status).toBe(200);
    return res.body.message;
  }

  it("signs in with a signed challenge, creating the account once", async () => {
    const w = await testWallet();
    const c = new Client(t.url);
    const message = await challenge(c, w.address);
    expect(message).toContain(w.address);
    expect(message).toMatch(/Nonce: [0-9a-f]{32}/);
    const first = await c.post<UserBody>("/api/auth/wallet", {
      walletAddress: w.address,
      message,
      signature: w.signMessage(message),
    });
    expect(first.status).toBe(200);
    expect(first.body.user.wallets).toEqual([{ publicKey: w.address, kind: "external" }]);

    const again = new Client(t.url);
    const m2 = await challenge(again, w.address);
    const second = await again.post<UserBody>("/api/auth/wallet", {
      walletAddress: w.address,
      message: m2,
      signature: w.signMessage(m2),
    });
    expect(second.body.user.id).toBe(first.body.user.id);
  });

  it("refuses a bare address, a replay, another key's signature and an edited message", async () => {
    const w = await testWallet();
    const other = await testWallet();
    const c = new Client(t.url);

    const bare = await c.post<ErrorBody>("/api/auth/wallet", { walletAddress: w.address });
    expect(bare.status).toBe(400);

    const m = await challenge(c, w.address);
    const wrongKey = await c.post("/api/auth/wallet", {
      walletAddress: w.address,
      message: m,
      signature: other.signMessage(m),
    });
    expect(wrongKey.status).toBe(401);

    const edited = m.replace("Sign in", "Sign on");
    const tampered = await c.post("/api/auth/wallet", {
      walletAddress: w.address,
      message: edited,
      signature: w.signMessage(edited),
    });
    expect(tampered.status).toBe(401);

    const ok = await c.post("/api/auth/wallet", {
      walletAddress: w.address,
      message: m,
      signature: w.signMessage(m),
    });
    expect(ok.status).toBe(200);
    const replay = await new Client(t.url).post("/api/auth/wallet", {
      walletAddress: w.address,
      message: m,
      signature: w.signMessage(m),
    });
    expect(replay.status).toBe(401);

    const forOther = await challenge(c, other.address);
    const swapped = await c.post("/api/auth/wallet", {
      walletAddress: w.address,
      message: forOther,
      signature: w.signMessage(forOther),
    });
    expect(swapped.status).toBe(401);
  });

  it("burns a nonce once: 20 parallel submits make one session", async () => {
    const w = await testWallet();
    const m = await challenge(new Client(t.url), w.address);
    const signature = w.signMessage(m);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        new Client(t.url).post("/api/auth/wallet", { walletAddress: w.address, message: m, signature }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // The rest are refused: the burnt nonce (401) or, past the sign-in rate limit, 429.
    expect(results.filter((r) => r.status === 401 || r.status === 429)).toHaveLength(19);
    const sessions = await t.deps.database.db.query.sessions.findMany();
    const winner = results.find((r) => r.status === 200)?.body as { user: { id: string } };
    expect(sessions.filter((s) => s.userId === winner.user.id)).toHaveLength(1);
  });
});
