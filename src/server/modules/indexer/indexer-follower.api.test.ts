import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpWithWallet } from "../../../../tests/support/people";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { IndexerRepo } from "./indexer.repo";
import { IndexerService } from "./indexer.service";

// A follower node's indexer (docs/decisions/013): never started, it reads what the leader
// writes to the shared tables, at once after each write (no cache of its own to go stale),
// and waits for a signature by looking for the leader's rows.

const UNIT = 10n ** 9n;
let t: TestApp;
let follower: IndexerService;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
  follower = new IndexerService({
    repo: new IndexerRepo(t.deps.database),
    ledger: t.deps.ledger,
    log: { warn: () => {} },
    pollMs: 60_000,
    rpcPerSecond: 5,
    followerPollMs: 20,
  });
});
afterAll(async () => t?.close());

describe("a follower's indexer", () => {
  it("reads the leader's holders and balances right after each write, and waits for a signature's rows", async () => {
    const artist = await signUpWithWallet(t.url, "follower_artist");
    await artist.c.post("/api/wallet/airdrop", { address: artist.wallet, amount: 2 });
    const fan = await signUpWithWallet(t.url, "follower_fan");
    const launched = await artist.c.post<{ mintAddress: string }>("/api/tokens/create", {
      name: "Follower Token",
      symbol: "FLW",
      totalSupply: "1000",
      userId: artist.userId,
      creatorWallet: artist.wallet,
    });
    expect(launched.status).toBe(201);
    const mint = launched.body.mintAddress;
    expect(follower.health()).toMatchObject({ role: "follower", ok: true });
    expect(t.app.services.indexer.health().role).toBe("leader");

    for (const [amount, expected] of [
      [40n, 40n],
      [2n, 42n],
    ] as const) {
      const sent = await artist.c.post<{ signature: string }>(`/api/tokens/${mint}/transfer`, {
        to: fan.wallet,
        amount: amount.toString(),
      });
      expect(sent.status).toBe(200);
      await follower.waitForSignature(sent.body.signature, 10_000);
      // The second round is as fresh as the first: nothing was kept from it to go stale.
      expect((await follower.balancesOf(fan.wallet)).get(mint)).toBe(expected * UNIT);
      expect(await follower.holders(mint, { limit: 10 })).toEqual(
        await t.app.services.indexer.holders(mint, { limit: 10 }),
      );
      expect(await follower.holderCount(mint)).toBe(2);
    }
    await expect(follower.waitForSignature("1".repeat(88), 100)).rejects.toThrow(/not indexed within 100 ms/);
  });
});
