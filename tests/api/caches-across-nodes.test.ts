import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangeTopic } from "../../src/server/lib/change-bus";
import { Client } from "../support/http";
import { testWallet } from "../support/keys";
import { launch, type Member, member, signPrepared } from "../support/market";
import { signInWithWallet } from "../support/people";
import { onPostgresPass } from "../support/shared-services";
import type { TestApp } from "../support/test-app";
import type { TestDatabase } from "../support/test-database";
import { startTwoApiNodes, type TwoApiNodes } from "../support/two-api-nodes";

// Every in-process cache is dropped on every API node by the change bus (decision 013, "Each
// cache's treatment"): with no time-to-live left as a safety net, what node a changes shows
// on node b as soon as b has heard a's notice. Each case reads on b first (so b has it
// cached), changes it on a, waits for b to hear the notice (never a sleep), and reads on b.
// Last, a bus reconnection drops what b keeps even when the change came with no notice.

const ON_POSTGRES = onPostgresPass("caches-across-nodes");
const SOL = 1_000_000_000n;
const WINDOW_MS = 5 * 60_000;
let clock = Date.parse("2026-11-01T12:00:00Z");
const now = () => clock;

let nodes: TwoApiNodes;
let db: TestDatabase;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  if (!ON_POSTGRES) return;
  nodes = await startTwoApiNodes(
    { RATE_LIMITS: "off", TREASURY_ADDRESS: (await testWallet()).address },
    { now },
  );
  ({ db, a, b } = nodes);
}, 120_000);
afterAll(async () => {
  await nodes?.close();
});

/** The same person's session on node b. */
function onB(m: Member): Client {
  const c = new Client(b.url);
  c.cookie = m.c.cookie;
  return c;
}

/** Resolves when `node` hears a notice on `topic` (naming `key`, when given). Call before the
 * change: the notice may come before the change's answer does. */
function hears(node: TestApp, topic: ChangeTopic, key?: string): Promise<void> {
  return new Promise((resolve) => {
    node.app.services.bus.on(topic, (keys) => {
      if (key === undefined || keys.includes(key)) resolve();
    });
  });
}

/** Every notice node a published so far has been applied on node b: a's notices go out one
 * at a time on one connection, so b hearing a marker sent now means it heard all before it. */
async function caughtUp(): Promise<void> {
  const marker = `marker-${randomUUID()}`;
  const heard = hears(b, "trust", marker);
  a.app.services.bus.publish("trust", [marker], { here: false });
  await heard;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe.runIf(ON_POSTGRES)("in-process caches across two API nodes", () => {
  let creator: Member;
  let fan: Member;
  let mint: string;
  beforeAll(async () => {
    creator = await member(a.url, a.deps.ledger, "cx_creator", 5n * SOL);
    fan = await member(a.url, a.deps.ledger, "cx_fan", 2n * SOL);
  }, 60_000);

  it("a launch on node a is in the creator's token list on node b once b heard it", async () => {
    const before = await onB(creator).get<Array<{ mintAddress: string }>>(
      `/api/tokens/user/${creator.userId}`,
    );
    expect(before.body).toEqual([]);
    // And again: b now serves it from memory.
    expect((await onB(creator).get(`/api/tokens/user/${creator.userId}`)).body).toEqual([]);
    const heard = hears(b, "tokens", creator.userId);
    mint = await launch(creator, "CACHEX", "1000000", { curveShareBps: 8000 });
    await heard;
    const after = await onB(creator).get<Array<{ mintAddress: string }>>(
      `/api/tokens/user/${creator.userId}`,
    );
    expect(after.body.map((t) => t.mintAddress)).toEqual([mint]);
    // The confirmation's notice goes out once it is committed: b then lists the token active.
    await caughtUp();
    const confirmed = await onB(creator).get<Array<{ status: string }>>(`/api/tokens/user/${creator.userId}`);
    expect(confirmed.body.map((t) => t.status)).toEqual(["active"]);
    clock += WINDOW_MS + 1;
  });

  it("a trade on node a moves the market node b serves, and the fan's holdings there", async () => {
    const state = () =>
      onB(fan).get<{ realTokenReserves: string; realSolReserves: string }>(`/api/market/${mint}`);
    const first = await state();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await state()).body).toEqual(first.body);
    const holdersHeard = hears(b, "holders", mint);
    const buy = await fan.c.post<{ tokensOut: string }>(`/api/market/${mint}/buy`, {
      solIn: (SOL / 10n).toString(),
      minTokensOut: "1",
      idempotencyKey: "cache-buy",
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    await caughtUp();
    const [market] = await rows<{ real_token: string; real_sol: string }>(
      sql`select real_token::text, real_sol::text from markets where mint = ${mint}`,
    );
    const moved = await state();
    expect(moved.body.realTokenReserves).toBe(market?.real_token);
    expect(moved.body.realSolReserves).toBe(market?.real_sol);
    expect(moved.body.realTokenReserves).not.toBe(first.body.realTokenReserves);
    // The leader's indexer wrote the fan's new balance and said so: b's portfolio shows it.
    await holdersHeard;
    const holdings = await onB(fan).get<{ holdings: Array<{ mint: string; balance: string }> }>(
      "/api/portfolio/holdings",
    );
    expect(holdings.status, JSON.stringify(holdings.body)).toBe(200);
    expect(holdings.body.holdings.map((h) => h.mint)).toContain(mint);
  });

  it("an agent made on node a is in node b's agent list; a reward made on a is in b's list", async () => {
    const list = () => onB(fan).get<Array<{ id: string; name: string }>>("/api/ai-agents");
    const before = await list();
    expect(before.body).toEqual([]);
    const heard = hears(b, "agents");
    const agent = await creator.c.post<{ id: string }>("/api/ai-agents", {
      tokenMint: mint,
      name: "Cache Guide",
      specialty: "Answering fans",
      avatar: "🤖",
      tier: "basic",
      tokenRequirement: "1",
      responseStyle: "Brief",
    });
    expect(agent.status, JSON.stringify(agent.body)).toBe(201);
    await heard;
    expect((await list()).body.map((x) => x.id)).toEqual([agent.body.id]);

    // Rewards keep no in-process copy: b reads the table.
    const rewards = async () =>
      (await onB(fan).get<{ rewards: Array<{ id: string }> }>("/api/nft-rewards/active")).body.rewards;
    expect(await rewards()).toEqual([]);
    const reward = await creator.c.post<{ id: string }>("/api/nft-rewards/create", {
      tokenMint: mint,
      title: "Cache Badge",
      rarity: "rare",
      totalSupply: 5,
      autoMint: false,
      unlockCondition: { type: "holding_amount", value: "1" },
    });
    expect(reward.status, JSON.stringify(reward.body)).toBe(201);
    expect((await rewards()).map((r) => r.id)).toEqual([reward.body.id]);
  });

  it("a logout on node a ends the session on node b", async () => {
    const c = new Client(a.url);
    const login = await c.post("/api/auth/email", { email: "cx_fan@example.com", password: "secret1" });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const sessionOnB = new Client(b.url);
    sessionOnB.cookie = c.cookie;
    expect((await sessionOnB.get("/api/wallets")).status).toBe(200);
    const heard = hears(b, "session");
    expect((await c.post("/api/auth/logout", {})).status).toBe(200);
    await heard;
    expect((await sessionOnB.get("/api/wallets")).status).toBe(401);
  });

  it("a browser wallet's metadata lock prepared on node a is taken by node b (nothing kept in a node)", async () => {
    const w = await testWallet();
    await a.deps.ledger.airdrop(w.address, 2n * SOL);
    const { c, userId } = await signInWithWallet(a.url, w);
    const prepared = await c.post<{ tokenId: string; mintAddress: string; transaction: string }>(
      "/api/tokens/prepare",
      { name: "Node Lock", symbol: "NLOCK", totalSupply: "1000", userId, creatorWallet: w.address },
    );
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const launched = await c.post("/api/tokens/submit", {
      tokenId: prepared.body.tokenId,
      transaction: signPrepared(prepared.body.transaction, w.address, w.signBytes),
    });
    expect(launched.status, JSON.stringify(launched.body)).toBe(201);
    const mint = prepared.body.mintAddress;

    const lock = await c.post<{ lockId: string; transaction: string }>(
      `/api/tokens/${mint}/metadata/lock/prepare`,
    );
    expect(lock.status).toBe(200);
    const cOnB = new Client(b.url);
    cOnB.cookie = c.cookie;
    const stale = await cOnB.post<{ code: string }>(`/api/tokens/${mint}/metadata/lock/submit`, {
      lockId: "11111111111111111111111111111111",
      transaction: signPrepared(lock.body.transaction, w.address, w.signBytes),
    });
    expect(stale.status).toBe(410);
    expect(stale.body.code).toBe("PREPARE_EXPIRED");
    const done = await cOnB.post<{ locked: boolean; signature: string | null }>(
      `/api/tokens/${mint}/metadata/lock/submit`,
      { lockId: lock.body.lockId, transaction: signPrepared(lock.body.transaction, w.address, w.signBytes) },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.signature).toBeTruthy();
    expect((await a.deps.ledger.getMint(mint))?.metadata?.updateAuthority).toBeNull();
  });

  it("a bus reconnection drops what node b keeps, even a change made with no notice", async () => {
    const c = new Client(a.url);
    const login = await c.post("/api/auth/email", { email: "cx_creator@example.com", password: "secret1" });
    expect(login.status).toBe(200);
    const sessionOnB = new Client(b.url);
    sessionOnB.cookie = c.cookie;
    expect((await sessionOnB.get("/api/wallets")).status).toBe(200);
    // The session's row goes behind the bus's back (as if its notice was lost): b's copy holds.
    await db.database.db.execute(sql`delete from sessions where user_id = ${creator.userId}`);
    expect((await sessionOnB.get("/api/wallets")).status).toBe(200);

    // b's bus connection drops; it connects again and, having maybe missed notices, drops all.
    const bus = b.app.services.bus;
    const resyncs = bus.health().resynced;
    const [killed] = await rows<{ n: string }>(
      sql`select count(pg_terminate_backend(pid)) as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and (query like 'listen %' or query like 'select pg_notify%')`,
    );
    expect(Number(killed?.n)).toBeGreaterThan(0);
    const deadline = Date.now() + 15_000;
    while (bus.health().resynced === resyncs) {
      if (Date.now() > deadline) throw new Error("the bus did not reconnect");
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(bus.health()).toMatchObject({ via: "postgres", shared: true });
    expect((await sessionOnB.get("/api/wallets")).status).toBe(401);
  });
});
