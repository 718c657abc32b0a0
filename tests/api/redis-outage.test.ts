import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisIfUp } from "../support/shared-services";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { startTestApp, type TestApp } from "../support/test-app";

// An API node whose REDIS_URL does not answer (docs/api.md, "Where limits are counted"): HTTP
// rate limits let requests through and the login throttle refuses with 503
// LIMITS_UNAVAILABLE, each at once (each used to wait for Redis: a sign-up took 20 s); the
// outage is one warning by class and code, never ioredis's own stack traces on stderr (a
// console.error fails the test); when Redis is back, limits count again by themselves.
// On the PostgreSQL pass the change bus is on the same Redis and is cut with it.

const REDIS_URL = await redisIfUp("redis-outage");
const capture = (lines: string[]) => ({ write: (line: string) => void lines.push(line) });

async function send(node: TestApp, method: string, path: string, body?: unknown) {
  const res = await fetch(`${node.url}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code?: string; status?: string } };
}

/** The log lines about Redis (the limits store's, the change bus's). */
function redisLines(lines: string[]): Array<{ level: number; msg: string }> {
  return lines.map((l) => JSON.parse(l)).filter((l) => /Redis/.test(l.msg ?? ""));
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const signUp = (node: TestApp, name: string) =>
  send(node, "POST", "/api/register", {
    username: name,
    email: `${name}@example.com`,
    password: "right-pass",
  });
const signIn = (node: TestApp, name: string) =>
  send(node, "POST", "/api/auth/email", { email: `${name}@example.com`, password: "wrong-pass" });

describe("an API node whose Redis refuses connections", () => {
  const lines: string[] = [];
  let node: TestApp;
  beforeAll(async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    node = await startTestApp(
      { REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: "warn" },
      { logStream: capture(lines) },
    );
  }, 120_000);
  afterAll(async () => {
    await node?.close();
  });

  it("answers: HTTP limits let requests through, the login throttle refuses with 503", async () => {
    for (let round = 0; round < 3; round++) {
      expect((await send(node, "GET", "/api/health")).status).toBe(200);
      expect((await send(node, "GET", "/api/explore")).status).toBe(200);
      expect((await signUp(node, `refused${round}`)).status).toBe(201);
      expect(await signIn(node, `refused${round}`)).toEqual({
        status: 503,
        body: { error: "Busy for a moment: please try again", code: "LIMITS_UNAVAILABLE" },
      });
    }
  });

  it("logs the outage once, by class and code, with no stack and no message", () => {
    const logged = redisLines(lines);
    const limits = logged.filter((l) => l.msg.startsWith("limits store"));
    expect(limits).toEqual([
      expect.objectContaining({
        level: 40,
        msg: "limits store (Redis) unavailable (Error ECONNREFUSED): HTTP rate limits let requests through; sign-ins and airdrops are refused until it is back",
      }),
    ]);
    // The change bus (PostgreSQL pass): one line of its own.
    expect(logged.length - limits.length).toBeLessThanOrEqual(1);
    expect(lines.join("\n")).not.toMatch(/connect ECONNREFUSED|127\.0\.0\.1:\d|\bat .*\.js:\d|"stack"/);
    // Each refused sign-in is counted in the minute's summary, not logged as a failure.
    expect(lines.filter((l) => l.includes('"request failed"'))).toEqual([]);
  });
});

describe.skipIf(!REDIS_URL)("an API node whose Redis is cut while in use, then back", () => {
  const lines: string[] = [];
  let node: TestApp;
  let proxy: TcpProxy;
  beforeAll(async () => {
    proxy = await startTcpProxy(REDIS_URL ?? "");
    node = await startTestApp(
      {
        REDIS_URL: proxy.url,
        REDIS_KEY_PREFIX: `test-${process.pid}-${Date.now()}:`,
        LOG_LEVEL: "warn",
      },
      { logStream: capture(lines) },
    );
  }, 120_000);
  afterAll(async () => {
    await node?.close();
    await proxy?.close();
  });

  it("refuses sign-ins while cut, lets the rest through, and counts again once Redis is back", async () => {
    expect((await signUp(node, "cutuser")).status).toBe(201);
    expect((await signIn(node, "cutuser")).status).toBe(401);
    expect(redisLines(lines)).toEqual([]);

    await proxy.cut();
    await until(async () => (await signIn(node, "cutuser")).status === 503, "sign-ins to be refused");
    expect((await signUp(node, "cutuser2")).status).toBe(201);
    expect((await send(node, "GET", "/api/explore")).status).toBe(200);
    expect((await signIn(node, "cutuser2")).body.code).toBe("LIMITS_UNAVAILABLE");
    await until(async () => redisLines(lines).some((l) => l.msg.startsWith("limits store")), "the line");

    await proxy.restore();
    await until(async () => (await signIn(node, "cutuser")).status === 401, "sign-ins to be checked again");
    const limits = redisLines(lines).filter((l) => l.msg.startsWith("limits store"));
    expect(limits).toHaveLength(1);
    expect(limits[0]?.msg).toMatch(/^limits store \(Redis\) unavailable \(Error E[A-Z]+\): /);
    expect(lines.join("\n")).not.toMatch(/connect ECONNREFUSED|127\.0\.0\.1:\d|\bat .*\.js:\d|"stack"/);
  });
});
