import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgresPass, redisIfUp } from "../../../tests/support/shared-services";
import { openPostgresTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import type { LimitsStore } from "./limits-store";
import { MemoryLimits } from "./memory-limits";
import { PostgresLimits } from "./postgres-limits";
import { RedisLimits } from "./redis-limits";

// The three limits stores answer alike, on a clock the test moves: in-process (one node),
// PostgreSQL and Redis (shared by several). Redis is the local server unless TEST_REDIS_URL.

let clock = 1_800_000_000_000;
const now = () => clock;
const ON_POSTGRES = onPostgresPass("limits-store");
const REDIS_URL = await redisIfUp("limits-store");
let db: TestDatabase | undefined;
beforeAll(async () => {
  if (ON_POSTGRES) db = await openPostgresTestDatabase();
});
afterAll(async () => db?.drop());

const stores: Array<[string, () => LimitsStore]> = [
  ["memory", () => new MemoryLimits(now)],
  ...(ON_POSTGRES
    ? ([["PostgreSQL", () => new PostgresLimits((db as TestDatabase).database.db, now)]] as Array<
        [string, () => LimitsStore]
      >)
    : []),
  ...(REDIS_URL
    ? ([["Redis", () => new RedisLimits(REDIS_URL, `test-${randomBytes(6).toString("hex")}:`, now)]] as Array<
        [string, () => LimitsStore]
      >)
    : []),
];

describe.each(stores)("limits store: %s", (_name, make) => {
  let store: LimitsStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(async () => store?.close());

  it("counts a fixed window, says how long is left, and starts a new one after it", async () => {
    expect(await store.hit("http", "ip-1", 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    clock += 10_000;
    expect(await store.hit("http", "ip-1", 60_000)).toEqual({ count: 2, ttlMs: 50_000 });
    expect(await store.hit("other", "ip-1", 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    clock += 50_000;
    expect(await store.hit("http", "ip-1", 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
  });

  it("counts 50 concurrent hits exactly", async () => {
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.hit("http", "burst", 60_000)));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it("keeps a streak until it goes quiet, and forgets it on demand", async () => {
    expect(await store.readStreak("acct", "a@x")).toBeNull();
    expect(await store.streak("acct", "a@x", 60_000)).toBe(1);
    clock += 30_000;
    expect(await store.streak("acct", "a@x", 60_000)).toBe(2);
    expect(await store.readStreak("acct", "a@x")).toEqual({ count: 2, lastAt: clock });
    clock += 59_000;
    expect(await store.readStreak("acct", "a@x")).toEqual({ count: 2, lastAt: clock - 59_000 });
    clock += 1_000;
    expect(await store.readStreak("acct", "a@x")).toBeNull();
    expect(await store.streak("acct", "a@x", 60_000)).toBe(1);
    await store.forget("acct", "a@x");
    expect(await store.readStreak("acct", "a@x")).toBeNull();
  });

  it("slides a window: keeps the newest hits, refuses past the cap, frees a slot as one ages out", async () => {
    const start = clock;
    for (let i = 0; i < 3; i++) {
      expect(await store.log("drop", "ip-2", 60_000, 3, true)).toBe(true);
      clock += 1_000;
    }
    expect(await store.log("drop", "ip-2", 60_000, 3, true)).toBe(false);
    expect(await store.recent("drop", "ip-2", 60_000)).toEqual([start, start + 1_000, start + 2_000]);
    clock = start + 60_000; // the first hit is now out of the window
    expect(await store.log("drop", "ip-2", 60_000, 3, true)).toBe(true);
    expect(await store.recent("drop", "ip-2", 60_000)).toEqual([start + 1_000, start + 2_000, clock]);
    // Without the cap it always records, keeping only the newest `keep`.
    for (let i = 0; i < 5; i++) expect(await store.log("fail", "ip-3", 60_000, 2)).toBe(true);
    expect(await store.recent("fail", "ip-3", 60_000)).toEqual([clock, clock]);
  });

  it("lets exactly the cap through when 20 ask at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => store.log("drop", "burst", 60_000, 5, true)),
    );
    expect(answers.filter(Boolean)).toHaveLength(5);
  });
});
