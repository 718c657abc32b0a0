import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { freezeDate } from "../../../../tests/support/frozen-date";
import { Client } from "../../../../tests/support/http";
import { watchQueries } from "../../../../tests/support/queries";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
const queries = watchQueries();
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  queries.stop();
  await t?.close();
});

const sessionReads = () => queries.reads().filter((sql) => sql.includes('from "sessions"'));

describe("session lookups", () => {
  it("reads a session once for the requests of a page arriving together, and not again after", async () => {
    const c = new Client(t.url);
    await c.post("/api/register", { username: "sc_page", email: "sc_page@example.com", password: "secret1" });
    const clock = freezeDate();
    queries.reset();
    const answers = await Promise.all(Array.from({ length: 6 }, () => c.get("/api/auth/me")));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(sessionReads()).toHaveLength(1);
    await c.get("/api/auth/me");
    expect(sessionReads()).toHaveLength(1);
    clock.release();
  });

  it("refuses a signed-out session at once, cached or not", async () => {
    const c = new Client(t.url);
    await c.post("/api/register", { username: "sc_out", email: "sc_out@example.com", password: "secret1" });
    const stolen = c.cookie;
    type Me = { user: { username: string } | null };
    expect((await c.get<Me>("/api/auth/me")).body.user?.username).toBe("sc_out");
    expect((await c.post("/api/auth/logout")).status).toBe(200);
    const thief = new Client(t.url);
    thief.cookie = stolen;
    expect((await thief.get<Me>("/api/auth/me")).body.user).toBeNull();
    expect((await thief.get("/api/wallets")).status).toBe(401);
  });
});
