import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { testWallet } from "../support/keys";
import { launch, type Member, member } from "../support/market";
import { onPostgresPass, redisIfUp } from "../support/shared-services";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import type { TestApp } from "../support/test-app";
import { startTwoApiNodes, type TwoApiNodes } from "../support/two-api-nodes";

// Two API nodes whose change notices go through Redis (decision 013); node b reaches Redis
// through a proxy, which the test cuts (as a dead link would: connects refused) or freezes (a
// silent network: nothing closes, nothing answers). While b hears no notices, nothing would
// tell it that a trade on a moved the market it cached: it drops its caches every second
// instead of serving them until the link is back, and its health says "degraded" with why.

const ON_POSTGRES = onPostgresPass("change-link-down");
const REDIS_URL = ON_POSTGRES ? await redisIfUp("change-link-down") : null;
const SOL = 1_000_000_000n;
const WINDOW_MS = 5 * 60_000;
let clock = Date.parse("2026-11-01T12:00:00Z");
const now = () => clock;

interface Health {
  status: string;
  node: { changesVia: string; changesShared: boolean; detail?: string };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.runIf(REDIS_URL)("a node whose change link is down", () => {
  let nodes: TwoApiNodes;
  let a: TestApp;
  let b: TestApp;
  let proxy: TcpProxy;
  let fan: Member;
  let mint: string;
  /** Times node b dropped every cache the bus covers. */
  let drops = 0;
  beforeAll(async () => {
    proxy = await startTcpProxy(REDIS_URL ?? "");
    nodes = await startTwoApiNodes(
      {
        RATE_LIMITS: "off",
        TREASURY_ADDRESS: (await testWallet()).address,
        REDIS_URL: REDIS_URL ?? "",
        // A prefix of its own: other runs on the same server never hear these notices.
        REDIS_KEY_PREFIX: `test-${randomBytes(6).toString("hex")}:`,
      },
      { now, bEnv: { REDIS_URL: proxy.url } },
    );
    ({ a, b } = nodes);
    b.app.services.bus.onResync(() => drops++);
    const creator = await member(a.url, a.deps.ledger, "ld_creator", 5n * SOL);
    fan = await member(a.url, a.deps.ledger, "ld_fan", 2n * SOL);
    mint = await launch(creator, "LDOWN", "1000000", { curveShareBps: 8000 });
    clock += WINDOW_MS + 1;
  }, 120_000);
  afterAll(async () => {
    await nodes?.close();
    await proxy?.close();
  });

  const health = async () => {
    const res = await new Client(b.url).get<Health>("/api/health");
    expect(res.status).toBe(200);
    return res.body;
  };
  const stateOnB = async () =>
    (await new Client(b.url).get<{ realTokenReserves: string }>(`/api/market/${mint}`)).body;
  const reservesInDatabase = async () => {
    const result = (await nodes.db.database.db.execute(
      sql`select real_token::text as real_token from markets where mint = ${mint}`,
    )) as unknown as { rows: Array<{ real_token: string }> };
    return result.rows[0]?.real_token;
  };
  /** A buy on node a, resolved once a has written it (its own bus applies its notice at once). */
  async function buyOnA(key: string): Promise<void> {
    const written = new Promise<void>((resolve) =>
      a.app.services.bus.on("market", (keys) => keys.includes(mint) && resolve()),
    );
    const buy = await fan.c.post(`/api/market/${mint}/buy`, {
      solIn: (SOL / 20n).toString(),
      minTokensOut: "1",
      idempotencyKey: key,
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    await written;
  }
  /** Resolves after node b next drops every cache it keeps. */
  async function nextDrop(): Promise<void> {
    const before = drops;
    await until(() => drops > before, "node b to drop its caches");
  }

  for (const [how, cut] of [
    ["cut (connections refused)", () => proxy.cut()],
    ["silent (nothing answers, nothing closes)", async () => proxy.freeze()],
  ] as const) {
    it(`serves no cache older than a second while its link is ${how}, and says so in health`, async () => {
      expect(await health()).toMatchObject({ status: "ok", node: { changesShared: true } });
      expect((await health()).node.detail).toBeUndefined();
      const first = await stateOnB();
      expect(await stateOnB()).toEqual(first);

      await cut();
      await until(() => !b.app.services.bus.health().listening, "node b to see its link down");
      expect(await health()).toMatchObject({
        status: "degraded",
        node: {
          changesVia: "redis",
          changesShared: false,
          detail:
            "change notices from the other nodes are not heard (redis): this node keeps its caches at most 1 s until the link is back",
        },
      });

      await buyOnA(`link-down-${how}`);
      const reserves = await reservesInDatabase();
      expect(reserves).not.toBe(first.realTokenReserves);
      // No notice reaches b: only its own drop of what it keeps shows it the trade.
      await nextDrop();
      expect((await stateOnB()).realTokenReserves).toBe(reserves);

      await proxy.restore();
      await until(() => b.app.services.bus.health().shared, "node b's link to be back");
      expect(await health()).toMatchObject({ status: "ok", node: { changesShared: true } });
      expect((await health()).node.detail).toBeUndefined();
    });
  }
});
