import { HealthSchema } from "@shared/schemas/health";
import { generateKeyPairSigner } from "@solana/kit";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { signUpWithWallet } from "../../../../tests/support/people";
import { seededRandom } from "../../../../tests/support/seeded-random";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { balanceChanges, holders as holdersTable, indexerCursors } from "../../db/schema/index";
import type { Ledger } from "../../ledger/ledger";
import { RpcLedger } from "../../ledger/rpc-ledger";
import { buildTransferTransaction } from "../../ledger/token-2022";
import { IndexerRepo } from "./indexer.repo";
import { IndexerService } from "./indexer.service";

// The indexer against the real server (PGlite, LiteSVM): what it says each mint's holders
// hold must equal the chain's token accounts, exactly, whoever sent the transactions.

const UNIT = 10n ** 9n;
let t: TestApp;
let remote: RpcLedger;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
  remote = new RpcLedger({ url: `${t.url}/rpc`, pollMs: 20 });
});
afterAll(async () => t?.close());

const indexer = () => t.app.services.indexer;

type Person = Awaited<ReturnType<typeof signUpWithWallet>> & { username: string };

async function member(baseUrl: string, username: string, fund: (wallet: string) => Promise<unknown>) {
  const who = await signUpWithWallet(baseUrl, username);
  await fund(who.wallet);
  return { ...who, username };
}

async function launch(who: Person, name: string, symbol: string, totalSupply: string): Promise<string> {
  const res = await who.c.post<{ mintAddress: string }>("/api/tokens/create", {
    name,
    symbol,
    totalSupply,
    userId: who.userId,
    creatorWallet: who.wallet,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.mintAddress;
}

async function transfer(from: Person, mint: string, to: string, whole: bigint): Promise<string> {
  const res = await from.c.post<{ signature: string }>(`/api/tokens/${mint}/transfer`, {
    to,
    amount: whole.toString(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.signature;
}

/** Owner -> balance of a mint, from the chain's token accounts (positive balances). */
async function chainHolders(ledger: Ledger, mint: string): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  for (const a of await ledger.getTokenAccountsByMint(mint))
    if (a.amount > 0n) out.set(a.owner, (out.get(a.owner) ?? 0n) + a.amount);
  return sorted(out);
}

async function indexedHolders(service: IndexerService, mint: string): Promise<Map<string, bigint>> {
  return sorted(new Map((await service.holders(mint, { limit: 1000 })).map((h) => [h.owner, h.balance])));
}

const sorted = (m: Map<string, bigint>) => new Map([...m].sort(([a], [b]) => a.localeCompare(b)));

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A second indexer over the same database and chain (as after a restart), caught up. */
async function freshIndexer(): Promise<IndexerService> {
  const service = new IndexerService({
    repo: new IndexerRepo(t.deps.database),
    ledger: t.deps.ledger,
    log: { warn: () => {} },
    pollMs: 60_000,
    rpcPerSecond: 5,
  });
  service.start();
  await until(() => service.health().caughtUp && service.health().behind === 0, "catch-up");
  return service;
}

async function tableCounts() {
  const { db } = t.deps.database;
  const [changes] = await db.select({ n: sql<number>`count(*)::int` }).from(balanceChanges);
  const rows = await db.select().from(holdersTable).orderBy(holdersTable.mint, holdersTable.owner);
  return { changes: changes?.n ?? 0, holders: rows.map((h) => [h.mint, h.owner, h.balance, h.firstHeldAt]) };
}

const mints: string[] = [];
const people: Person[] = [];

describe("chain indexer", () => {
  it("agrees with the chain after launches, random transfers and a transfer sent straight to /rpc", {
    timeout: 120_000,
  }, async () => {
    const random = seededRandom();
    const fund = (wallet: string) => t.deps.ledger.airdrop(wallet, 2n * UNIT);
    for (const name of ["ix_ada", "ix_bo", "ix_cy", "ix_dee", "ix_eve"])
      people.push(await member(t.url, name, fund));
    const [ada, bo, cy] = people as [Person, Person, Person];
    mints.push(await launch(ada, "Indexer Alpha", "IXALF", "1000000"));
    mints.push(await launch(bo, "Indexer Bravo", "IXBRV", "50000"));
    mints.push(await launch(cy, "Indexer Charlie", "IXCHL", "777"));

    // What each person holds, in whole tokens, to draw transfers that can succeed.
    const held = new Map<string, bigint>();
    const key = (mint: string, who: Person) => `${mint}:${who.username}`;
    held.set(key(mints[0] as string, ada), 1_000_000n);
    held.set(key(mints[1] as string, bo), 50_000n);
    held.set(key(mints[2] as string, cy), 777n);
    let last = "";
    for (let i = 0; i < 30; i++) {
      const mint = mints[random.int(mints.length)] as string;
      const holding = people.filter((p) => (held.get(key(mint, p)) ?? 0n) > 0n);
      const from = holding[random.int(holding.length)] as Person;
      const others = people.filter((p) => p !== from);
      const to = others[random.int(others.length)] as Person;
      const have = held.get(key(mint, from)) ?? 0n;
      // Sometimes everything: the sender drops to zero and keeps a row with last_zero_at.
      const amount =
        random.int(4) === 0 ? have : 1n + BigInt(random.int(Number(have < 1000n ? have : 1000n)));
      last = await transfer(from, mint, to.username, amount);
      held.set(key(mint, from), have - amount);
      held.set(key(mint, to), (held.get(key(mint, to)) ?? 0n) + amount);
      // Read while warm: the indexer keeps what it read current from its own writes
      // (holder-top.ts), so each answer here after the first is the kept one brought up to date.
      await indexer().waitForSignature(last, 10_000);
      expect(await indexedHolders(indexer(), mint)).toEqual(await chainHolders(t.deps.ledger, mint));
      expect(await indexer().holderCount(mint)).toBe((await chainHolders(t.deps.ledger, mint)).size);
      expect((await indexer().balancesOf(from.wallet)).get(mint) ?? 0n).toBe((have - amount) * UNIT);
    }

    // An outside wallet gets tokens, then sends some on through /rpc itself (not our API).
    const outsider = await generateKeyPairSigner();
    await t.deps.ledger.airdrop(outsider.address, UNIT);
    const m0 = mints[0] as string;
    const richest = (p: Person) => held.get(key(m0, p)) ?? 0n;
    const giver = people.reduce((a, b) => (richest(b) > richest(a) ? b : a));
    await transfer(giver, m0, outsider.address, richest(giver) / 2n);
    const direct = await buildTransferTransaction({
      owner: outsider,
      mint: mints[0] as string,
      destinationOwner: (people[4] as Person).wallet,
      amount: 3n * UNIT + 7n,
      decimals: 9,
      blockhash: await remote.getLatestBlockhash(),
    });
    await remote.sendTransaction(direct.wire);
    await indexer().waitForSignature(direct.signature, 10_000);
    await indexer().waitForSignature(last, 10_000);

    const everyone = [...people.map((p) => p.wallet), outsider.address];
    for (const mint of mints) {
      const truth = await chainHolders(t.deps.ledger, mint);
      expect(await indexedHolders(indexer(), mint)).toEqual(truth);
      // The same seen by a client over JSON-RPC (getTokenLargestAccounts, then each owner).
      expect(await chainHolders(remote, mint)).toEqual(truth);
      expect(await indexer().holderCount(mint)).toBe(truth.size);
      expect(
        (await indexer().holderCounts([mint, "NoSuchMint1111111111111111111111111111111"])).get(mint),
      ).toBe(truth.size);
      for (const owner of everyone) {
        const accounts = (await remote.getTokenAccountsByOwner(owner)).filter((a) => a.mint === mint);
        const onChain = accounts.reduce((sum, a) => sum + a.amount, 0n);
        expect((await indexer().balancesOf(owner)).get(mint) ?? 0n, `${owner} of ${mint}`).toBe(onChain);
        const since = await indexer().holderSince(mint, owner);
        expect(since === null, `${owner} holding since`).toBe(onChain === 0n);
      }
      // Every change is there: per owner, the deltas sum to the balance, and the newest
      // change's balance-after is the balance.
      const all = [];
      let cursor: string | undefined;
      do {
        const page = await indexer().changes({ mint }, { limit: 7, cursor });
        all.push(...page.changes);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const sums = new Map<string, bigint>();
      const newest = new Map<string, bigint>();
      for (const c of all) {
        sums.set(c.owner, (sums.get(c.owner) ?? 0n) + c.delta);
        if (!newest.has(c.owner)) newest.set(c.owner, c.balanceAfter);
      }
      for (const [owner, sum] of sums) {
        expect(sum).toBe(truth.get(owner) ?? 0n);
        expect(newest.get(owner)).toBe(truth.get(owner) ?? 0n);
      }
    }
    // The token page's holders are the indexer's.
    const page = await new Client(t.url).get<{ holders: Array<{ owner: string; amount: string }> }>(
      `/api/tokens/${mints[0]}`,
    );
    expect(page.body.holders.map((h) => h.owner)).toEqual(
      (await indexer().holders(mints[0] as string, { limit: 50 })).map((h) => h.owner),
    );
  });

  it("reports itself in /api/health with its lag", async () => {
    const res = await new Client(t.url).get("/api/health");
    expect(res.status).toBe(200);
    const { indexer: health } = HealthSchema.parse(res.body);
    expect(health).toMatchObject({ ok: true, source: "commit-stream", caughtUp: true, behind: 0 });
    expect(health.lagMs).not.toBeNull();
    expect(health.lagMs ?? -1).toBeGreaterThanOrEqual(0);
    expect(BigInt(health.lastIndexedSlot)).toBeGreaterThan(0n);
  });

  it("is idempotent: ingesting every signature again adds no row and changes no holder", async () => {
    const before = await tableCounts();
    expect(before.changes).toBeGreaterThan(30);
    // Without cursors, a new indexer pages back through every mint's whole history.
    await t.deps.database.db.delete(indexerCursors);
    const again = await freshIndexer();
    await again.stop();
    expect(await tableCounts()).toEqual(before);
  });

  it("resumes from its cursors after commits it never heard (as after kill -9)", async () => {
    // The app's indexer stops listening: what follows is lost to it, as to a killed process.
    await indexer().stop();
    const [, , cy, dee] = people as [Person, Person, Person, Person];
    for (const mint of mints) {
      const [top] = (await t.deps.ledger.getTokenAccountsByMint(mint)).map((a) => a.owner);
      const giver = people.find((p) => p.wallet === top) as Person;
      await transfer(giver, mint, giver === dee ? cy.username : dee.username, 1n);
    }
    const before = (await tableCounts()).changes;
    const service = await freshIndexer();
    try {
      for (const mint of mints)
        expect(await indexedHolders(service, mint)).toEqual(await chainHolders(t.deps.ledger, mint));
      // Only the missed transfers were new: two owners each.
      expect((await tableCounts()).changes).toBe(before + 2 * mints.length);
    } finally {
      await service.stop();
    }
  });

  it("backfills tokens launched while nothing was indexing", { timeout: 60_000 }, async () => {
    await indexer().stop();
    const { db } = t.deps.database;
    await db.delete(balanceChanges);
    await db.delete(holdersTable);
    await db.delete(indexerCursors);
    const [ada, bo] = people as [Person, Person];
    const late = await launch(ada, "Indexer Late", "IXLTE", "4200");
    await transfer(ada, late, bo.username, 42n);
    // And an older token moves while nothing indexes: its largest holder gives one away.
    const [top] = (await t.deps.ledger.getTokenAccountsByMint(mints[1] as string)).map((a) => a.owner);
    const giver = people.find((p) => p.wallet === top) as Person;
    await transfer(giver, mints[1] as string, giver === ada ? bo.username : ada.username, 1n);

    const service = await freshIndexer();
    try {
      // Counts first, from the table (nothing of these mints is in the new service's memory).
      const counts = await service.holderCounts([...mints, late]);
      for (const mint of [...mints, late])
        expect(counts.get(mint)).toBe((await chainHolders(t.deps.ledger, mint)).size);
      for (const mint of [...mints, late])
        expect(await indexedHolders(service, mint)).toEqual(await chainHolders(t.deps.ledger, mint));
      const cursors = await db.select().from(indexerCursors);
      expect(cursors.map((c) => c.mint).sort()).toEqual([...mints, late].sort());
      expect(cursors.every((c) => c.backfilledAt !== null)).toBe(true);
    } finally {
      await service.stop();
    }
  });
});

describe("chain indexer on an RPC ledger", () => {
  it("a second server whose SOLANA_RPC_URL is the first one's /rpc indexes its mints", {
    timeout: 120_000,
  }, async () => {
    const second = await startTestApp({
      RATE_LIMITS: "off",
      SOLANA_RPC_URL: `${t.url}/rpc`,
      INDEXER_POLL_MS: "100",
      INDEXER_RPC_PER_SECOND: "500",
    });
    try {
      const service = second.app.services.indexer;
      expect(service.health().source).toBe("rpc-poll");
      const fund = (wallet: string) => t.deps.ledger.airdrop(wallet, 2n * UNIT);
      const gus = await member(second.url, "rx_gus", fund);
      const hal = await member(second.url, "rx_hal", fund);
      const ivy = await member(second.url, "rx_ivy", fund);
      const mint = await launch(gus, "Remote Indexed", "RXIDX", "9000");
      await transfer(gus, mint, "rx_hal", 1000n);
      await transfer(gus, mint, "rx_ivy", 250n);
      await transfer(hal, mint, "rx_ivy", 1000n);
      const last = await transfer(ivy, mint, gus.wallet, 50n);
      await service.waitForSignature(last, 30_000);

      const truth = await chainHolders(t.deps.ledger, mint);
      expect(truth.size).toBe(2);
      expect(await indexedHolders(service, mint)).toEqual(truth);
      expect(await service.holderCount(mint)).toBe(2);
      expect(await service.holderSince(mint, hal.wallet)).toBeNull();
      const health = service.health();
      expect(health).toMatchObject({ ok: true, caughtUp: true });
      expect(health.lagMs).not.toBeNull();
    } finally {
      await second.close();
    }
  });
});

describe("chain indexer failures", () => {
  it("health and the log name a failure's class and code, never its message", async () => {
    // A driver's message quotes the query's values: here, words a user wrote.
    class FailingRepo extends IndexerRepo {
      override async platformMints(): Promise<string[]> {
        throw Object.assign(new Error("Failed query: select 1\nparams: my private note"), { code: "XX000" });
      }
    }
    const warnings: string[] = [];
    const service = new IndexerService({
      repo: new FailingRepo(t.deps.database),
      ledger: t.deps.ledger,
      log: { warn: (line) => warnings.push(line) },
      pollMs: 60_000,
      rpcPerSecond: 5,
    });
    service.start();
    try {
      await until(() => warnings.length > 0, "the failure's warning");
      expect(warnings[0]).toBe("indexing failed, retrying: Error SQLSTATE XX000");
      expect(service.health()).toMatchObject({
        ok: false,
        detail: "indexing failed, retrying: Error SQLSTATE XX000",
      });
    } finally {
      await service.stop();
    }
  });
});
