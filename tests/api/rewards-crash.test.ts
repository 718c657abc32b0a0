import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getAddressDecoder } from "@solana/kit";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { rewardMints } from "../../src/server/db/schema/index";
import { generateSigner } from "../../src/server/ledger/keys";
import { groupMemberOf, tokenGroupOf } from "../../src/server/ledger/reward-transactions";
import { RpcLedger } from "../../src/server/ledger/rpc-ledger";
import { startServer } from "../e2e/fixtures";
import { Client } from "../support/http";

// kill -9 during an automatic mint wave: the server is killed while it mints a reward to a
// few hundred holders and a fan's claims are acknowledged, then restarted on the same data
// (start-up reconciliation settles the recorded NFTs, the minter resumes). Afterwards, read
// from the chain: no wallet holds two NFTs of the reward, every acknowledged claim's NFT is
// there, and the collection's size equals the confirmed rows.

const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-rewards-crash-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const HOLDERS = 240;
const decodeAddress = (bytes: Uint8Array) => getAddressDecoder().decode(bytes);

describe("rewards crash safety (kill -9)", () => {
  it("after kill -9 mid-wave and a restart, no wallet has two of one reward and no acknowledged claim is lost", {
    timeout: 400_000,
  }, async () => {
    // Waves of 4: the kill below lands after the first NFTs with many steps of the wave left,
    // however slow or fast this machine is at the moment.
    let server = await startServer({ RATE_LIMITS: "off", REWARD_WAVE_CHUNK: "4" }, dataDir);
    const creator = new Client(server.url, 15_000);
    const reg = await creator.post<{ user: { id: string } }>("/api/register", {
      username: "crash_creator",
      email: "crash_creator@example.com",
      password: "secret1",
    });
    const gen = await creator.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
    for (let k = 0; k < 5; k++)
      await creator.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
    const launched = await creator.post<{ mintAddress: string }>("/api/tokens/create", {
      name: "Crash Rewards",
      symbol: "KRWD",
      totalSupply: "1000000",
      userId: reg.body.user.id,
      creatorWallet: gen.body.wallet.publicKey,
    });
    expect(launched.status).toBe(201);
    const mint = launched.body.mintAddress;

    const fan = new Client(server.url, 15_000);
    await fan.post("/api/register", {
      username: "crash_fan",
      email: "crash_fan@example.com",
      password: "secret1",
    });
    const fanWallet = (await fan.post<{ wallet: { publicKey: string } }>("/api/wallet/generate")).body.wallet
      .publicKey;
    const holders = [fanWallet, ...Array.from({ length: HOLDERS - 1 }, () => generateSigner().address)];
    for (const to of holders) {
      const res = await creator.post(`/api/tokens/${mint}/transfer`, { to, amount: "10" });
      expect(res.status).toBe(200);
    }

    // The reward wakes the automatic minter; the fan claims alongside; kill -9 once the wave
    // has minted some, with the fan's claim acknowledged.
    const created = await creator.post<{ id: string; collectionMint: string }>("/api/nft-rewards/create", {
      tokenMint: mint,
      title: "Crash Badge",
      rarity: "epic",
      totalSupply: 1000,
      unlockCondition: { type: "holding_amount", value: "10" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, collectionMint } = created.body;
    const acknowledged: Array<{ nftMint: string; signature: string }> = [];
    const claim = await fan.post<{ nftMint: string; signature: string }>(`/api/nft-rewards/${id}/claim`, {});
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    acknowledged.push(claim.body);
    await vi.waitFor(
      async () => {
        const r = await creator.get<{ mintedCount: number }>(`/api/nft-rewards/${id}`);
        expect(r.body.mintedCount).toBeGreaterThan(1);
      },
      { timeout: 60_000, interval: 20 },
    );
    server.proc.kill("SIGKILL");
    await server.stop("SIGKILL");
    // The kill did land mid-wave: fewer NFTs confirmed than holders.
    const killed = await openDatabase({ dataDir });
    try {
      const confirmed = await killed.db
        .select({ id: rewardMints.id })
        .from(rewardMints)
        .where(and(eq(rewardMints.rewardId, id), eq(rewardMints.status, "confirmed")));
      expect(confirmed.length).toBeLessThan(HOLDERS);
    } finally {
      await killed.close();
    }

    // Restart: reconcile, then the minter resumes the wave.
    server = await startServer({ RATE_LIMITS: "off" }, dataDir);
    try {
      const again = new Client(server.url, 15_000);
      await vi.waitFor(
        async () => {
          const r = await again.get<{ mintedCount: number }>(`/api/nft-rewards/${id}`);
          expect(r.body.mintedCount).toBe(HOLDERS);
        },
        { timeout: 120_000, interval: 100 },
      );
      const chain = new RpcLedger({ url: `${server.url}/rpc`, pollMs: 20 });
      try {
        const group = tokenGroupOf((await chain.getAccount(collectionMint))?.data ?? new Uint8Array());
        expect(group?.size).toBe(BigInt(HOLDERS));
        // Every holder's NFTs of this collection, from the chain: exactly one each.
        for (const owner of holders) {
          const nfts = (await chain.getTokenAccountsByOwner(owner)).filter((h) => h.amount === 1n);
          const accounts = await chain.getMultipleAccounts(nfts.map((n) => n.mint));
          const ofReward = accounts.filter(
            (a) => a && groupMemberOf(a.data, decodeAddress)?.group === collectionMint,
          );
          expect(ofReward, owner).toHaveLength(1);
        }
        const statuses = await chain.getSignatureStatuses(acknowledged.map((a) => a.signature));
        expect(statuses.every((s) => s.state === "confirmed")).toBe(true);
        for (const a of acknowledged) {
          const held = await chain.getTokenAccountsByOwner(fanWallet);
          expect(held.some((h) => h.mint === a.nftMint && h.amount === 1n)).toBe(true);
        }
      } finally {
        await chain.close();
      }
    } finally {
      await server.stop("SIGTERM");
    }
    const database = await openDatabase({ dataDir });
    try {
      const live = await database.db
        .select({ owner: rewardMints.owner, status: rewardMints.status, nftMint: rewardMints.nftMint })
        .from(rewardMints)
        .where(and(eq(rewardMints.rewardId, id), ne(rewardMints.status, "failed")));
      expect(live).toHaveLength(HOLDERS);
      expect(new Set(live.map((r) => r.owner)).size).toBe(HOLDERS);
      expect(live.every((r) => r.status === "confirmed")).toBe(true);
      expect(live.find((r) => r.owner === fanWallet)?.nftMint).toBe(acknowledged[0]?.nftMint);
    } finally {
      await database.close();
    }
  });
});
