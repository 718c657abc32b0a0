import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HealthSchema } from "@shared/schemas/health";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { type Database, openDatabase } from "../../src/server/db/client";
import { markets, marketTrades } from "../../src/server/db/schema/index";
import { generateSigner } from "../../src/server/ledger/keys";
import { RpcLedger } from "../../src/server/ledger/rpc-ledger";
import { buildSolTransferTransaction } from "../../src/server/ledger/system";
import { IndexerRepo } from "../../src/server/modules/indexer/indexer.repo";
import { type RunningServer, startServer } from "../e2e/fixtures";
import { Client } from "../support/http";
import { tokensOf } from "../support/market";
import { createPostgresDatabase } from "../support/test-database";

// Issue 15's proof (docs/decisions/013-leader-and-change-bus.md): a ledger node (embedded,
// serving /rpc) and two API nodes as real processes on one PostgreSQL database, their ledger
// the ledger node's /rpc, requests spread round-robin. One node leads and alone runs the
// indexer and the minter; changes reach the other; holders equal the chain; kill -9 of the
// leader mid-load: the other takes over and serves, and nothing acknowledged is lost.
const database = await createPostgresDatabase();
if (!database) console.log("scale-out: runs in the PostgreSQL pass (TEST_DB=postgres, TEST_DATABASE_URL)");

type Health = z.infer<typeof HealthSchema>;
const health = async (url: string): Promise<Health> =>
  HealthSchema.parse((await new Client(url, 10_000).get("/api/health")).body);

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Person {
  email: string;
  wallet: string;
  /** One session per node: requests go round-robin. */
  on: Client[];
}

interface Ack {
  tradeId: string;
  signature: string;
}

describe.skipIf(!database)("several API nodes on one PostgreSQL and one ledger node", () => {
  const servers: RunningServer[] = [];
  // The API nodes share their keys folder (custody, treasury, rewards sponsor): on
  // PostgreSQL and an RPC ledger that is all DATA_DIR holds.
  const keysDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-scale-keys-"));
  let db: Database | null = null;
  let chain: RpcLedger | null = null;
  afterAll(async () => {
    await chain?.close();
    await db?.close();
    for (const s of servers.reverse()) await s.stop("SIGKILL");
    await database?.drop();
    rmSync(keysDir, { recursive: true, force: true });
  });

  it("serves any user on any node, runs background work once, and survives kill -9 of the leader", {
    timeout: 600_000,
  }, async () => {
    const ledgerNode = await startServer({ RATE_LIMITS: "off" });
    servers.push(ledgerNode);
    chain = new RpcLedger({ url: `${ledgerNode.url}/rpc`, pollMs: 20 });
    const apiEnv = {
      DATABASE_URL: database?.url ?? "",
      SOLANA_RPC_URL: `${ledgerNode.url}/rpc`,
      RATE_LIMITS: "off",
      INDEXER_POLL_MS: "200",
      INDEXER_RPC_PER_SECOND: "1000",
    };
    // Started one after the other: the first makes the shared keys, and leads.
    const node1 = await startServer(apiEnv, keysDir);
    const node2 = await startServer(apiEnv, keysDir);
    servers.push(node1, node2);
    db = await openDatabase({ url: database?.url });

    const [h1, h2] = [await health(node1.url), await health(node2.url)];
    expect(h1.node).toMatchObject({
      leader: true,
      indexerRunning: true,
      minterRunning: true,
      changesVia: "postgres",
      changesShared: true,
    });
    expect(h1.indexer.role).toBe("leader");
    expect(h1.creatorFeePayouts).toEqual({ ok: true, running: true });
    expect(h2.creatorFeePayouts).toEqual({ ok: true, running: false });
    expect(h2.node).toMatchObject({
      leader: false,
      indexerRunning: false,
      minterRunning: false,
      changesVia: "postgres",
      changesShared: true,
    });
    expect(h2.indexer).toMatchObject({ role: "follower", ok: true });
    expect(h2.status).toBe("ok");

    // The ledger node's faucet allows 10 airdrops a minute per address: one funder pays all.
    const funder = generateSigner();
    for (let i = 0; i < 2; i++) await chain.airdrop(funder.address, 5_000_000_000n);
    const fund = async (to: string, lamports: bigint) => {
      const transfer = await buildSolTransferTransaction({
        from: funder,
        to,
        lamports,
        blockhash: await (chain as RpcLedger).getLatestBlockhash(),
      });
      await (chain as RpcLedger).sendTransaction(transfer.wire);
    };

    // Sign up on node 1, log in on node 2 (and on node 1: a session per node), wallet, SOL.
    const join = async (name: string): Promise<Person> => {
      const email = `${name}@example.com`;
      const first = new Client(node1.url, 30_000);
      const reg = await first.post("/api/register", { username: name, email, password: "secret1" });
      expect(reg.status, JSON.stringify(reg.body)).toBe(201);
      const second = new Client(node2.url, 30_000);
      expect((await second.post("/api/auth/email", { email, password: "secret1" })).status).toBe(200);
      const gen = await second.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
      expect(gen.status).toBe(201);
      const wallet = gen.body.wallet.publicKey;
      // The wallet made on node 2 is in node 1's list as soon as node 1 hears of it (its
      // cached list dropped by the change notice, in milliseconds).
      await until(async () => {
        const mine = await first.get<{ wallets: Array<{ publicKey: string }> }>("/api/wallets");
        return mine.body.wallets.some((w) => w.publicKey === wallet);
      }, "node 1 to list the wallet made on node 2");
      await fund(wallet, name === "scale_creator" ? 2_000_000_000n : 300_000_000n);
      return { email, wallet, on: [first, second] };
    };
    const creator = await join("scale_creator");
    const creatorMe = await creator.on[1]?.get<{ user: { id: string } }>("/api/auth/me");
    // Launch on node 2.
    const launched = await creator.on[1]?.post<{ mintAddress: string }>("/api/tokens/create", {
      name: "Scale Out",
      symbol: "SCALE",
      totalSupply: "100000000",
      userId: creatorMe?.body.user.id,
      creatorWallet: creator.wallet,
      market: { curveShareBps: 8000 },
    });
    expect(launched?.status, JSON.stringify(launched?.body)).toBe(201);
    const mint = launched?.body.mintAddress ?? "";

    const fans: Person[] = [];
    for (let i = 0; i < 20; i++) fans.push(await join(`scale_fan_${i}`));

    const acknowledged: Ack[] = [];
    let next = 0;
    const buy = async (who: Person, key: string, alive: boolean[]) => {
      // Round-robin over the nodes still up.
      const up = [0, 1].filter((n) => alive[n]);
      const n = up[next++ % up.length] as number;
      const res = await (who.on[n] as Client)
        .post<Ack>(`/api/market/${mint}/buy`, { solIn: "10000000", minTokensOut: "0", idempotencyKey: key })
        .catch(() => null);
      if (res?.status === 200) acknowledged.push(res.body);
      else if (res && alive[n]) throw new Error(`buy refused: ${res.status} ${JSON.stringify(res.body)}`);
    };

    // One buys on node 1 while the 20 others buy on both.
    const bothUp = [true, true];
    await Promise.all([
      (async () => {
        for (let k = 0; k < 3; k++) {
          const res = await fans[0]?.on[0]?.post<Ack>(`/api/market/${mint}/buy`, {
            solIn: "20000000",
            minTokensOut: "0",
            idempotencyKey: `first-${k}`,
          });
          expect(res?.status, JSON.stringify(res?.body)).toBe(200);
          if (res) acknowledged.push(res.body);
        }
      })(),
      ...fans.slice(1).map(async (fan, i) => {
        for (let k = 0; k < 2; k++) await buy(fan, `warm-${i}-${k}`, bothUp);
      }),
    ]);
    expect(acknowledged).toHaveLength(3 + 19 * 2);

    // Holders (written by the leader alone) equal the chain, read through the follower too.
    const owners = [creator, ...fans].map((p) => p.wallet);
    const indexed = new IndexerRepo(db);
    const holdersMatchChain = async () => {
      const rows = await indexed.topHolders(mint, 1000);
      const byOwner = new Map(rows.map((r) => [r.owner, r.balance]));
      for (const owner of owners)
        if ((byOwner.get(owner) ?? 0n) !== (await tokensOf(chain as RpcLedger, owner, mint))) return false;
      return true;
    };
    await until(holdersMatchChain, "the leader's indexer to reach the chain");
    const viaFollower = await new Client(node2.url).get<{ holders: Array<{ owner: string }> }>(
      `/api/tokens/${mint}`,
    );
    expect(viaFollower.body.holders.map((h) => h.owner)).toEqual(expect.arrayContaining([fans[0]?.wallet]));
    // The follower heard the leader's changes (holders, markets) on the bus.
    expect((await health(node2.url)).node.changesHeard).toBeGreaterThan(0);

    // A claim-only reward made on node 1, claimed on node 2 by a fan who holds enough.
    const reward = await creator.on[0]?.post<{ id: string }>("/api/nft-rewards/create", {
      tokenMint: mint,
      title: "Scale Badge",
      rarity: "rare",
      totalSupply: 5,
      autoMint: false,
      unlockCondition: { type: "holding_amount", value: "1" },
    });
    expect(reward?.status, JSON.stringify(reward?.body)).toBe(201);
    const claim = await fans[0]?.on[1]?.post(`/api/nft-rewards/${reward?.body.id}/claim`, {});
    expect(claim?.status, JSON.stringify(claim?.body)).toBe(200);
    const again = await fans[0]?.on[0]?.post(`/api/nft-rewards/${reward?.body.id}/claim`, {});
    // The same claim again on node 1: the same NFT, minted once.
    expect(again?.status).toBe(200);
    expect(again?.body).toEqual(claim?.body);

    // A gated agent made on node 2: a holder chats on node 1; someone holding none is refused.
    const agent = await creator.on[1]?.post<{ id: string }>("/api/ai-agents", {
      tokenMint: mint,
      name: "Scale Guide",
      specialty: "Answering fans",
      avatar: "🤖",
      tier: "basic",
      tokenRequirement: "1",
      responseStyle: "Brief",
    });
    expect(agent?.status, JSON.stringify(agent?.body)).toBe(201);
    const chat = { agentId: agent?.body.id, message: "Hello from node 1" };
    const answered = await fans[0]?.on[0]?.post<{ reply: { message: string } }>("/api/ai-agents/chat", chat);
    expect(answered?.status, JSON.stringify(answered?.body)).toBe(200);
    expect(answered?.body.reply.message.length).toBeGreaterThan(0);
    const outsider = await join("scale_outsider");
    const refused = await outsider.on[1]?.post<{ error: string }>("/api/ai-agents/chat", chat);
    expect(refused?.status).toBe(403);
    expect(refused?.body.error).toBe("You need 1 SCALE tokens to use this agent.");

    // Only the leader ran background work all along.
    expect((await health(node1.url)).node).toMatchObject({ leader: true, terms: 1, indexerRunning: true });
    expect((await health(node2.url)).node).toMatchObject({ leader: false, terms: 0, indexerRunning: false });

    // kill -9 the leader mid-load: every fan keeps buying round-robin; the 10th
    // acknowledgement of this round kills node 1, after which only node 2 is asked.
    const alive = [true, true];
    const before = acknowledged.length;
    await Promise.all(
      fans.slice(1).map(async (fan, i) => {
        for (let k = 0; k < 3; k++) {
          await buy(fan, `load-${i}-${k}`, alive);
          if (alive[0] && acknowledged.length - before >= 10) {
            alive[0] = false;
            node1.proc.kill("SIGKILL");
          }
        }
      }),
    );
    expect(alive[0]).toBe(false);
    await until(async () => (await health(node2.url)).node.leader, "node 2 to take leadership", 30_000);
    const taken = await health(node2.url);
    expect(taken.node).toMatchObject({ leader: true, terms: 1, indexerRunning: true, minterRunning: true });
    expect(taken.creatorFeePayouts.running).toBe(true);
    // And serves: one more buy after the takeover, through node 2 alone.
    await buy(fans[1] as Person, "after-takeover", alive);

    // Nothing acknowledged lost: every trade is there once and confirmed (the new leader
    // settled what node 1 left pending), and on chain.
    const ids = acknowledged.map((a) => a.tradeId);
    expect(new Set(ids).size).toBe(ids.length);
    await until(async () => {
      const rows = await (db as Database).db
        .select({ id: marketTrades.id, status: marketTrades.status })
        .from(marketTrades)
        .where(inArray(marketTrades.id, ids));
      return rows.length === ids.length && rows.every((r) => r.status === "confirmed");
    }, "every acknowledged trade confirmed");
    const statuses = await chain.getSignatureStatuses(acknowledged.map((a) => a.signature));
    expect(statuses.every((s) => s.state === "confirmed")).toBe(true);
    // The new leader's indexer brings holders to the chain again.
    await until(holdersMatchChain, "the new leader's indexer to reach the chain");
    // One writer per curve across both nodes: the vault holds exactly what the curve says.
    const [curve] = await (db as Database).db
      .select({
        vault: markets.vault,
        rent: markets.vaultRentLamports,
        sol: markets.realSol,
        token: markets.realToken,
      })
      .from(markets)
      .where(eq(markets.mint, mint));
    expect(curve).toBeTruthy();
    const ledgerChain = chain as RpcLedger;
    expect(await ledgerChain.getBalance(curve?.vault ?? "")).toBe((curve?.rent ?? 0n) + (curve?.sol ?? 0n));
    const vaultTokens = (await ledgerChain.getTokenAccountsByOwner(curve?.vault ?? ""))
      .filter((h) => h.mint === mint)
      .reduce((sum, h) => sum + h.amount, 0n);
    expect(vaultTokens).toBe(curve?.token);
  });
});
