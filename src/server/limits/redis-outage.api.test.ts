import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import type { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { redisIfUp } from "../../../tests/support/shared-services";
import { startTcpProxy, type TcpProxy } from "../../../tests/support/tcp-proxy";
import { RedisLimits } from "./redis-limits";

// The Redis limits store when Redis does not answer (decision 012: HTTP limits then pass, the
// login throttle and airdrops refuse): every call fails at once instead of waiting for a
// reconnection, an outage is logged once by class and code (ioredis printed every failed
// reconnection with its stack), and the store comes back by itself. Redis is cut by a proxy
// in front of it (tests/support/tcp-proxy.ts), the server itself left alone.

const REDIS_URL = await redisIfUp("redis-outage");

/** Whether a call settled before the event loop's next turn: it failed (or answered) at once,
 * without waiting on the network or a timer. */
function settledAtOnce(call: Promise<unknown>): Promise<"resolved" | "rejected" | "waiting"> {
  const outcome = call.then(
    () => "resolved" as const,
    () => "rejected" as const,
  );
  return Promise.race([outcome, new Promise<"waiting">((r) => setImmediate(() => r("waiting")))]);
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every operation of the store, once. */
function everyCall(store: RedisLimits): Array<Promise<unknown>> {
  return [
    store.hit("http", "k", 60_000),
    store.streak("acct", "k", 60_000),
    store.readStreak("acct", "k"),
    store.log("ip", "k", 60_000, 5, true),
    store.recent("ip", "k", 60_000),
    store.forget("acct", "k"),
  ];
}

/** A port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let store: RedisLimits | undefined;
let proxy: TcpProxy | undefined;
const warnings: string[] = [];
/** Connection errors the client met (its own listener, beside the store's). */
let errors = 0;
function open(url: string): RedisLimits {
  warnings.length = 0;
  errors = 0;
  store = new RedisLimits(url, `test-${randomBytes(6).toString("hex")}:`, Date.now, (m) => warnings.push(m));
  (store as unknown as { client: Redis }).client.on("error", () => errors++);
  return store;
}
afterEach(async () => {
  await store?.close();
  await proxy?.close();
  store = undefined;
  proxy = undefined;
});

describe("Redis limits store, Redis unreachable", () => {
  it("fails every call at once, logs the outage once by class and code, never a stack", async () => {
    const port = await closedPort();
    const limits = open(`redis://127.0.0.1:${port}`);
    // The first call waits for the first try to connect (refused at once here).
    await expect(limits.hit("http", "k", 60_000)).rejects.toThrow();
    for (let round = 0; round < 5; round++)
      for (const call of everyCall(limits)) expect(await settledAtOnce(call)).toBe("rejected");
    // Several failed reconnections, one line.
    await until(() => errors >= 3, "three failed reconnections");
    expect(warnings).toEqual([
      "limits store (Redis) unavailable (Error ECONNREFUSED): HTTP rate limits let requests through; sign-ins and airdrops are refused until it is back",
    ]);
  });
});

describe.skipIf(!REDIS_URL)("Redis limits store, Redis cut while in use", () => {
  it("fails at once while cut, logs each outage once, and counts again when Redis is back", async () => {
    proxy = await startTcpProxy(REDIS_URL ?? "");
    const limits = open(proxy.url);
    expect(await limits.hit("http", "ip", 60_000)).toMatchObject({ count: 1 });
    await proxy.cut();
    await until(
      async () => (await settledAtOnce(limits.hit("http", "ip", 60_000))) === "rejected",
      "a call to fail at once",
    );
    for (let round = 0; round < 5; round++)
      for (const call of everyCall(limits)) expect(await settledAtOnce(call)).toBe("rejected");
    await until(() => errors >= 3, "three failed reconnections");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^limits store \(Redis\) unavailable \(Error E[A-Z]+\): /);

    await proxy.restore();
    let count = 0;
    await until(async () => {
      count = await limits.hit("http", "ip", 60_000).then(
        (r) => r.count,
        () => 0,
      );
      return count > 0;
    }, "the store to answer again");
    // What failed while Redis was away was never sent, nor sent again on reconnecting.
    expect(count).toBe(2);

    // A second outage is a second line.
    await proxy.cut();
    await until(() => warnings.length === 2, "the second outage's line");
    expect(warnings[1]).toMatch(/^limits store \(Redis\) unavailable \(Error E[A-Z]+\): /);
  });

  it("gives up on a silent link (no answer, no error) within a second, then fails at once", async () => {
    proxy = await startTcpProxy(REDIS_URL ?? "");
    const limits = open(proxy.url);
    expect(await limits.hit("http", "ip", 60_000)).toMatchObject({ count: 1 });
    proxy.freeze();
    const answer = limits.hit("http", "ip", 60_000).then(
      () => "answered",
      (err: Error) => err.message,
    );
    // Far past the store's one second: only a call waiting for ever gets here.
    const stuck = new Promise((r) => setTimeout(() => r("still waiting after 10 s"), 10_000).unref());
    expect(await Promise.race([answer, stuck])).toBe("Command timed out");
    for (const call of everyCall(limits)) expect(await settledAtOnce(call)).toBe("rejected");
    expect(warnings).toEqual([
      "limits store (Redis) unavailable (no answer within 1000 ms): HTTP rate limits let requests through; sign-ins and airdrops are refused until it is back",
    ]);
    await proxy.restore();
    await until(
      () =>
        limits.hit("http", "ip", 60_000).then(
          () => true,
          () => false,
        ),
      "the store to answer again",
    );
  });
});
