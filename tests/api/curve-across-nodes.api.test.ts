import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LedgerError } from "../../src/server/ledger/ledger";
import { Client } from "../support/http";
import { testWallet } from "../support/keys";
import { launch, type Member, member, tokensOf } from "../support/market";
import { onPostgresPass } from "../support/shared-services";
import type { TestApp } from "../support/test-app";
import type { TestDatabase } from "../support/test-database";
import { startTwoApiNodes, type TwoApiNodes } from "../support/two-api-nodes";

// One writer per curve across two API nodes on one PostgreSQL database (issue 15, decision
// 012): trades spread over both nodes at once leave the curve's reserves in the database equal
// to the vault's balances on chain, and an idempotency key answers one trade (or one launch) on
// either node.

const ON_POSTGRES = onPostgresPass("curve-across-nodes");
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

/** The same person's session on the other node. */
function on(node: TestApp, m: Member): Client {
  const c = new Client(node.url);
  c.cookie = m.c.cookie;
  return c;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The curve in the database against what its vault holds on chain. */
async function curveAndVault(mint: string) {
  const [market] = await rows<{ vault: string; real_sol: string; real_token: string }>(
    sql`select vault, real_sol, real_token from markets where mint = ${mint}`,
  );
  const ledger = a.deps.ledger;
  const rent = await ledger.minimumBalanceForRentExemption(0);
  return {
    curve: { sol: BigInt(market?.real_sol ?? -1), tokens: BigInt(market?.real_token ?? -1) },
    vault: {
      sol: (await ledger.getBalance(market?.vault ?? "")) - rent,
      tokens: await tokensOf(ledger, market?.vault ?? "", mint),
    },
  };
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.runIf(ON_POSTGRES)("curves and keys across two API nodes", () => {
  it("20 concurrent buys over both nodes: each confirmed once, reserves equal the vault", {
    timeout: 180_000,
  }, async () => {
    const ledger = a.deps.ledger;
    const creator = await member(a.url, ledger, "xn_creator", 5n * SOL);
    const mint = await launch(creator, "XNODE", "1000000", { curveShareBps: 8000 });
    clock += WINDOW_MS + 1;
    const fans: Member[] = [];
    for (let i = 0; i < 10; i++) fans.push(await member(a.url, ledger, `xn_fan${i}`, 2n * SOL));

    const buys = Array.from({ length: 20 }, (_, i) => {
      const fan = fans[i % 10] as Member;
      const client = i % 2 ? on(b, fan) : fan.c;
      return client.post<{ tradeId: string; tokensOut: string }>(`/api/market/${mint}/buy`, {
        solIn: (SOL / 20n).toString(),
        minTokensOut: "1",
        idempotencyKey: `spread-${i}`,
      });
    });
    const answers = await Promise.all(buys);
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);

    // Every acknowledged trade is in the database once, confirmed.
    const confirmed = await rows<{ id: string; tokens: string }>(
      sql`select id, tokens from market_trades where mint = ${mint} and status = 'confirmed'`,
    );
    expect(confirmed.map((r) => r.id).sort()).toEqual(answers.map((r) => r.body.tradeId).sort());
    const [pending] = await rows<{ n: string }>(
      sql`select count(*) as n from market_trades where mint = ${mint} and status = 'pending'`,
    );
    expect(Number(pending?.n)).toBe(0);

    // The curve in the database is what the vault holds on chain.
    const [market] = await rows<{
      vault: string;
      real_sol: string;
      real_token: string;
      initial_real_token: string;
    }>(sql`select vault, real_sol, real_token, initial_real_token from markets where mint = ${mint}`);
    const vault = market?.vault ?? "";
    const rent = await ledger.minimumBalanceForRentExemption(0);
    expect(await ledger.getBalance(vault)).toBe(rent + BigInt(market?.real_sol ?? -1));
    expect(await tokensOf(ledger, vault, mint)).toBe(BigInt(market?.real_token ?? -1));
    const sold = confirmed.reduce((sum, r) => sum + BigInt(r.tokens), 0n);
    expect(BigInt(market?.initial_real_token ?? 0) - BigInt(market?.real_token ?? 0)).toBe(sold);
    // And each fan holds exactly what its two buys bought.
    for (const [i, fan] of fans.entries()) {
      const bought = BigInt(answers[i]?.body.tokensOut ?? 0) + BigInt(answers[i + 10]?.body.tokensOut ?? 0);
      expect(await tokensOf(ledger, fan.wallet, mint)).toBe(bought);
    }
  });

  it("a launch retried on the other node answers the same token, launched once", {
    timeout: 120_000,
  }, async () => {
    const creator = await member(a.url, a.deps.ledger, "xl_creator", 5n * SOL);
    const body = {
      name: "Retried Coin",
      symbol: "RETRY",
      totalSupply: "1000000",
      userId: creator.userId,
      creatorWallet: creator.wallet,
      idempotencyKey: "launch-once",
    };
    const first = await creator.c.post<{ mintAddress: string }>("/api/tokens/create", body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await on(b, creator).post<{ mintAddress: string }>("/api/tokens/create", body);
    expect(retry.body.mintAddress).toBe(first.body.mintAddress);
    const tokens = await rows<{ n: string }>(
      sql`select count(*) as n from tokens where idempotency_key = 'launch-once'`,
    );
    expect(Number(tokens[0]?.n)).toBe(1);
  });

  it("an idempotency key answers one trade on either node, sent to both at once or retried", {
    timeout: 120_000,
  }, async () => {
    const ledger = a.deps.ledger;
    const creator = await member(a.url, ledger, "xk_creator", 5n * SOL);
    const mint = await launch(creator, "XKEY", "1000000", { curveShareBps: 8000 });
    clock += WINDOW_MS + 1;
    const fan = await member(a.url, ledger, "xk_fan", 2n * SOL);
    const order = { solIn: (SOL / 10n).toString(), minTokensOut: "1", idempotencyKey: "same-key" };
    const [onA, onB] = await Promise.all([
      fan.c.post<{ tradeId: string }>(`/api/market/${mint}/buy`, order),
      on(b, fan).post<{ tradeId: string }>(`/api/market/${mint}/buy`, order),
    ]);
    expect(onA.status, JSON.stringify(onA.body)).toBe(200);
    expect(onB.status, JSON.stringify(onB.body)).toBe(200);
    expect(onB.body).toEqual(onA.body);
    // A retry later, on either node, answers that trade again.
    const retry = await on(b, fan).post<{ tradeId: string }>(`/api/market/${mint}/buy`, order);
    expect(retry.body).toEqual(onA.body);
    const trades = await rows<{ n: string }>(
      sql`select count(*) as n from market_trades where mint = ${mint} and idempotency_key = 'same-key'`,
    );
    expect(Number(trades[0]?.n)).toBe(1);
    expect(await tokensOf(ledger, fan.wallet, mint)).toBeGreaterThan(0n);
  });

  it("a new leader's reconciliation of a curve waits for the curve's lock held elsewhere, then settles it: vault equals curve", {
    timeout: 120_000,
  }, async () => {
    const ledger = a.deps.ledger;
    const creator = await member(a.url, ledger, "xr_creator", 5n * SOL);
    const mint = await launch(creator, "XRECON", "1000000", { curveShareBps: 8000 });
    clock += WINDOW_MS + 1;
    const fan = await member(a.url, ledger, "xr_fan", 2n * SOL);
    // A buy on node a reaches the chain but its answer is lost (as when the node dies right
    // after sending): the trade stays recorded, pending, and the curve in the database is
    // behind the vault.
    type Staged = { signature: string; durable: Promise<void> };
    const l = ledger as unknown as { sendTransactionStaged(wire: Uint8Array): Promise<Staged> };
    const real = l.sendTransactionStaged.bind(l);
    l.sendTransactionStaged = async (wire) => {
      l.sendTransactionStaged = real;
      await (await real(wire)).durable;
      throw new LedgerError("The ledger did not answer", "unavailable");
    };
    const lost = await fan.c.post(`/api/market/${mint}/buy`, {
      solIn: (SOL / 10n).toString(),
      minTokensOut: "1",
      idempotencyKey: "lost-answer",
    });
    expect(lost.status).toBe(503);
    const pendingOf = async () =>
      rows<{ status: string }>(sql`select status from market_trades where mint = ${mint}`);
    expect(await pendingOf()).toEqual([{ status: "pending" }]);
    const before = await curveAndVault(mint);
    expect(before.vault).not.toEqual(before.curve);

    // Another connection (a node trading this curve) holds the curve's lock, under the key
    // CurveBook takes it by.
    const holder = db.database.newSession?.();
    if (!holder) throw new Error("PostgreSQL sessions expected");
    await holder.connect();
    try {
      await holder.query("select pg_advisory_lock(hashtextextended($1, 0))", [`curve:${mint}`]);
      // Node b settles what was left pending, as when it takes leadership.
      let done = false;
      const reconciled = b.app.services.market.reconcilePending().finally(() => {
        done = true;
      });
      // It waits on that lock (PostgreSQL shows its request not granted), and settles nothing.
      await until(async () => {
        const [w] = await rows<{ n: string }>(
          sql`select count(*) as n from pg_locks where locktype = 'advisory' and not granted
              and database = (select oid from pg_database where datname = current_database())`,
        );
        return Number(w?.n) === 1;
      }, "reconciliation to wait on the curve's lock");
      expect(done).toBe(false);
      expect(await pendingOf()).toEqual([{ status: "pending" }]);

      await holder.query("select pg_advisory_unlock(hashtextextended($1, 0))", [`curve:${mint}`]);
      const settled = await reconciled;
      expect(settled.trades).toBe(1);
    } finally {
      await holder.end();
    }
    expect(await pendingOf()).toEqual([{ status: "confirmed" }]);
    const after = await curveAndVault(mint);
    expect(after.vault).toEqual(after.curve);
    expect(after.curve.tokens).toBeLessThan(before.curve.tokens);
    // Node a trades on from the settled curve.
    const next = await fan.c.post(`/api/market/${mint}/buy`, {
      solIn: (SOL / 10n).toString(),
      minTokensOut: "1",
      idempotencyKey: "after-settle",
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const last = await curveAndVault(mint);
    expect(last.vault).toEqual(last.curve);
  });
});
