import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgresPass, redisIfUp } from "../support/shared-services";
import type { TestApp } from "../support/test-app";
import { startTwoApiNodes, type TwoApiNodes } from "../support/two-api-nodes";

// Two API nodes on one PostgreSQL database count their limits together, in the database or
// in Redis (issue 15, decision 012): N nodes must not give an attacker N times the budget.
// The second node's chain is the first one's /rpc, as several nodes run in production.

const ON_POSTGRES = onPostgresPass("shared-limits");
const REDIS_URL = ON_POSTGRES ? await redisIfUp("shared-limits") : null;

async function send(node: TestApp, ip: string, path: string, body: unknown, cookie = "") {
  const res = await fetch(`${node.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .join("; ");
  return { status: res.status, body: (await res.json()) as { error?: string }, cookies };
}

const stores = [
  { name: "PostgreSQL", env: {} as Record<string, string>, kind: "postgres" },
  ...(REDIS_URL
    ? [
        {
          name: "Redis",
          // A prefix of its own: runs sharing the Redis server never share counters.
          env: { REDIS_URL, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString("hex")}:` },
          kind: "redis",
        },
      ]
    : []),
];

describe.runIf(ON_POSTGRES).each(stores)("limits shared by two API nodes ($name)", ({ env, kind }) => {
  let nodes: TwoApiNodes;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    nodes = await startTwoApiNodes({ TRUST_PROXY: "127.0.0.1", ...env });
    ({ a, b } = nodes);
  }, 120_000);
  afterAll(async () => {
    await nodes?.close();
  });

  it("counts in the shared store", () => {
    expect(a.app.services.limits.kind).toBe(kind);
    expect(b.app.services.limits.kind).toBe(kind);
  });

  it("carries the change bus's notices there too: a logout on one node ends the session on the other", async () => {
    for (const node of [a, b])
      expect(node.app.services.bus.health()).toMatchObject({ via: kind, shared: true });
    const reg = await send(a, "10.9.0.9", "/api/register", {
      username: "busnotice",
      email: "busnotice@example.com",
      password: "right-pass",
    });
    expect(reg.status).toBe(201);
    const wallets = async (node: TestApp) =>
      (await fetch(`${node.url}/api/wallets`, { headers: { cookie: reg.cookies } })).status;
    expect(await wallets(b)).toBe(200);
    const heard = new Promise<void>((resolve) => b.app.services.bus.on("session", () => resolve()));
    expect((await send(a, "10.9.0.9", "/api/auth/logout", {}, reg.cookies)).status).toBe(200);
    await heard;
    expect(await wallets(b)).toBe(401);
  });

  it("throttles sign-in on an account after 5 failures in all, whichever node saw them", async () => {
    const reg = await send(a, "10.9.0.1", "/api/register", {
      username: "twonodes",
      email: "twonodes@example.com",
      password: "right-pass",
    });
    expect(reg.status).toBe(201);
    const guess = (node: TestApp, i: number) =>
      send(node, `10.9.1.${i}`, "/api/auth/email", { email: "twonodes@example.com", password: `guess-${i}` });
    // Five free failures spread over both nodes (three on one, two on the other).
    for (let i = 0; i < 5; i++) expect((await guess(i % 2 ? b : a, i)).status).toBe(401);
    // Each node alone has seen at most three: only a shared count refuses now, on both.
    const onB = await guess(b, 5);
    const onA = await guess(a, 6);
    expect(onB.status).toBe(429);
    expect(onA.status).toBe(429);
    expect(onB.body.error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/);
  });

  it("lets the owner's browser, trusted by one node, past the delay on the other", async () => {
    const reg = await send(a, "10.9.4.1", "/api/register", {
      username: "owner2",
      email: "owner2@example.com",
      password: "right-pass",
    });
    expect(reg.status).toBe(201);
    const device = reg.cookies
      .split("; ")
      .filter((c) => c.startsWith("device="))
      .join("; ");
    expect(device).toMatch(/^device=/);
    const failures: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await send(i % 2 ? b : a, `10.9.5.${i}`, "/api/auth/email", {
        email: "owner2@example.com",
        password: `guess-${i}`,
      });
      failures.push(res.status);
    }
    // Five failures over both nodes, then the delay: the account is throttled everywhere.
    expect(failures).toEqual([401, 401, 401, 401, 401, 429]);
    const stranger = await send(b, "10.9.6.1", "/api/auth/email", {
      email: "owner2@example.com",
      password: "right-pass",
    });
    expect(stranger.status).toBe(429);
    const owner = await send(
      b,
      "10.9.6.2",
      "/api/auth/email",
      { email: "owner2@example.com", password: "right-pass" },
      device,
    );
    expect(owner.status).toBe(200);
  });

  it("allows one address 20 sign-in requests a minute across both nodes, not 20 on each", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const node = i % 2 ? b : a;
      // A new email each time: no account's delay applies, only the route's rate limit.
      const res = await send(node, "10.9.2.1", "/api/auth/email", {
        email: `nobody-${i}@example.com`,
        password: "whatever",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  });

  it("gives one address 10 test-SOL airdrops a minute across both nodes' /rpc", async () => {
    const airdrop = (node: TestApp, i: number) =>
      fetch(`${node.url}/rpc`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.9.3.1" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: i,
          method: "requestAirdrop",
          params: ["4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T", 1_000_000],
        }),
      }).then(async (r) => (await r.json()) as { result?: string; error?: { code: number } });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await airdrop(i % 2 ? b : a, i));
    expect(answers.slice(0, 10).every((r) => typeof r.result === "string")).toBe(true);
    expect(answers.slice(10).map((r) => r.error?.code)).toEqual([429, 429]);
  });
});
