import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisTransport } from "../../src/server/lib/bus-redis";
import { ChangeBus } from "../../src/server/lib/change-bus";
import { redisIfUp } from "../support/shared-services";
import { startTcpProxy } from "../support/tcp-proxy";

// The change bus on Redis pub/sub (REDIS_URL; docs/decisions/013): a change published on one
// node is applied once on each other node and never twice on its own; when the subscriptions
// drop, each node connects again, drops what it keeps (resync) and changes flow again.

const url = await redisIfUp("change-bus-redis");

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!url)("change bus on Redis", () => {
  // A prefix of its own: other runs on the same server never hear these notices.
  const prefix = `test-${randomUUID()}:`;
  const warnings: string[] = [];
  const names = ["one", "two", "three"] as const;
  const buses = names.map(() => new ChangeBus((m) => warnings.push(m)));
  const seen = new Map<string, string[]>(names.map((n) => [n, []]));
  const resynced = new Map<string, number>(names.map((n) => [n, 0]));
  beforeAll(async () => {
    for (const [i, bus] of buses.entries()) {
      const name = names[i] as string;
      bus.on("market", (keys) => seen.get(name)?.push(...keys));
      bus.onResync(() => resynced.set(name, (resynced.get(name) ?? 0) + 1));
      await bus.connect(new RedisTransport(url ?? "", prefix));
    }
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.stop()));
  });
  const [one, two, three] = buses as [ChangeBus, ChangeBus, ChangeBus];

  /** Kills this test's subscribed (or publishing) connections, named after the channel: other
   * clients of the server are left alone. */
  async function kill(which: "sub" | "pub"): Promise<void> {
    const admin = new Redis(url ?? "");
    try {
      const list = String(await admin.call("client", "list"));
      const ids = list
        .split("\n")
        .filter((line) => line.includes(` name=${prefix}changes-${which} `))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1] ?? "");
      expect(ids).toHaveLength(3);
      for (const id of ids) await admin.call("client", "kill", "id", id);
    } finally {
      admin.disconnect();
    }
  }
  const keysOf = (name: string) => seen.get(name) ?? [];

  it("delivers a change once to each other node, and the publisher applies it once", async () => {
    expect(one.health()).toEqual({ via: "redis", shared: true, listening: true, heard: 0, resynced: 1 });
    const mints = Array.from({ length: 130 }, (_, i) => `Mint${i}`);
    one.publish("market", mints);
    expect(keysOf("one")).toEqual(mints);
    // Then a marker: notices from one node arrive in order, so once it is in, all is.
    one.publish("market", ["Marker"]);
    await until(() => keysOf("two").includes("Marker") && keysOf("three").includes("Marker"), "the marker");
    for (const name of ["two", "three"]) expect(keysOf(name)).toEqual([...mints, "Marker"]);
    expect(keysOf("one")).toEqual([...mints, "Marker"]);
    // Sliced as on PostgreSQL: 60 keys a notice, so 3 notices and the marker.
    expect(two.health().heard).toBe(4);
    expect(three.health().heard).toBe(4);
    expect(one.health().heard).toBe(0);
  });

  it("reconnects after its subscriptions are killed, drops what each node keeps, and changes flow again", async () => {
    const before = names.map((n) => resynced.get(n) ?? 0);
    // Only this test's subscriptions (named after the channel): other clients of the server
    // are left alone.
    await kill("sub");
    await until(
      () => names.every((n, i) => (resynced.get(n) ?? 0) > (before[i] ?? 0)),
      "each bus to subscribe again and resync",
    );
    await until(() => buses.every((bus) => bus.health().shared), "each bus to be up");
    three.publish("market", ["AfterReconnect"]);
    await until(
      () => keysOf("one").includes("AfterReconnect") && keysOf("two").includes("AfterReconnect"),
      "the change after reconnecting",
    );
    expect(keysOf("one").filter((k) => k === "AfterReconnect")).toHaveLength(1);
    expect(keysOf("two").filter((k) => k === "AfterReconnect")).toHaveLength(1);
  });

  it("a node that could not send a change asks the others to drop all once it can send again", async () => {
    const before = {
      two: resynced.get("two") ?? 0,
      three: resynced.get("three") ?? 0,
      one: resynced.get("one"),
    };
    await kill("pub");
    await until(() => !one.health().shared, "node one to see its link down");
    // Applied here, not sent: the others cannot know of it.
    one.publish("market", ["WhileDown"]);
    expect(keysOf("one")).toContain("WhileDown");
    await until(
      () => (resynced.get("two") ?? 0) > before.two && (resynced.get("three") ?? 0) > before.three,
      "the others to resync at node one's request",
    );
    expect(keysOf("two")).not.toContain("WhileDown");
    expect(keysOf("three")).not.toContain("WhileDown");
    // Node one's subscription never dropped: it had nothing to drop.
    expect(resynced.get("one")).toBe(before.one);
  });
});

describe.skipIf(!url)("change bus on Redis, a silent link", () => {
  it("gives up on a notice nobody answers within a second, and asks the others to resync once back", async () => {
    const prefix = `test-${randomUUID()}:`;
    const proxy = await startTcpProxy(url ?? "");
    const warnings: string[] = [];
    const one = new ChangeBus((m) => warnings.push(m));
    const two = new ChangeBus();
    let twoResynced = 0;
    two.onResync(() => twoResynced++);
    try {
      await one.connect(new RedisTransport(proxy.url, prefix, (m) => warnings.push(m)));
      await two.connect(new RedisTransport(url ?? "", prefix));
      expect(one.health().shared).toBe(true);
      // Nothing closes, nothing answers: the notice used to wait for ever, and every notice
      // after it behind it.
      proxy.freeze();
      one.publish("market", ["IntoTheVoid"]);
      await until(() => warnings.some((w) => w.startsWith("change notice not sent")), "the notice to fail");
      expect(warnings).toContain("change notice not sent: Error");
      const before = twoResynced;
      await proxy.restore();
      await until(() => twoResynced > before, "node two to resync at node one's request");
    } finally {
      await Promise.all([one.stop(), two.stop()]);
      await proxy.close();
    }
  });
});
