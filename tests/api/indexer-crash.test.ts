import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseAmount } from "@shared/amounts";
import { HealthSchema } from "@shared/schemas/health";
import { afterAll, describe, expect, it } from "vitest";
import { RpcLedger } from "../../src/server/ledger/rpc-ledger";
import { type RunningServer, startServer } from "../e2e/fixtures";
import { Client } from "../support/http";

// The indexer survives kill -9: the server is killed while transfers are in flight (so
// commits it had not indexed yet die with it), restarted on the same data, and once it has
// caught up its holders equal the chain's, over /rpc as any client reads them.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-indexer-crash-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Page = { holders: Array<{ owner: string; amount: string }> };

async function caughtUp(url: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await new Client(url).get("/api/health");
    const health = HealthSchema.safeParse(res.body);
    if (health.success && health.data.indexer.caughtUp && health.data.indexer.behind === 0) return;
    if (Date.now() > deadline) throw new Error(`indexer did not catch up: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The token page's holders (the indexer's) and the chain's, owner -> base units. Read by
 * `reader`: someone signed in sees their own transfers there at once (docs/indexer.md). */
async function compare(server: RunningServer, mint: string, reader = new Client(server.url)) {
  const page = await reader.get<Page>(`/api/tokens/${mint}`);
  expect(page.status).toBe(200);
  const indexed = new Map(page.body.holders.map((h) => [h.owner, parseAmount(h.amount, 9)]));
  const chain = new Map<string, bigint>();
  for (const a of await new RpcLedger({ url: `${server.url}/rpc` }).getTokenAccountsByMint(mint))
    if (a.amount > 0n) chain.set(a.owner, (chain.get(a.owner) ?? 0n) + a.amount);
  const order = (m: Map<string, bigint | null>) => [...m].sort(([a], [b]) => a.localeCompare(b));
  expect(order(indexed)).toEqual(order(chain));
  return chain;
}

describe("indexer crash safety (kill -9)", () => {
  it("catches up after kill -9 mid-transfers and agrees with the chain, twice over", {
    timeout: 300_000,
  }, async () => {
    let mint = "";
    let creator: { email: string } | null = null;
    const fans = ["icfan_a", "icfan_b", "icfan_c"];
    for (let round = 0; round < 2; round++) {
      const server = await startServer({ RATE_LIMITS: "off" }, dataDir);
      const c = new Client(server.url, 15_000);
      if (!creator) {
        for (const fan of fans) {
          const f = new Client(server.url);
          await f.post("/api/register", { username: fan, email: `${fan}@example.com`, password: "secret1" });
          expect((await f.post("/api/wallet/generate")).status).toBe(201);
        }
        const reg = await c.post<{ user: { id: string } }>("/api/register", {
          username: "icrash",
          email: "icrash@example.com",
          password: "secret1",
        });
        const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
        for (let i = 0; i < 2; i++)
          await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
        const launched = await c.post<{ mintAddress: string }>("/api/tokens/create", {
          name: "Crash Indexed",
          symbol: "CRIDX",
          totalSupply: "1000000",
          userId: reg.body.user.id,
          creatorWallet: gen.body.wallet.publicKey,
        });
        expect(launched.status).toBe(201);
        mint = launched.body.mintAddress;
        creator = { email: "icrash@example.com" };
      } else {
        expect((await c.post("/api/auth/email", { email: creator.email, password: "secret1" })).status).toBe(
          200,
        );
        // Restarted on the same data: caught up from the cursors, it agrees before anything new.
        await caughtUp(server.url);
        await compare(server, mint);
      }

      // Three streams of transfers; kill -9 as soon as the 6th acknowledgement arrives.
      let acks = 0;
      let killed = false;
      const stream = async (s: number) => {
        for (let i = 0; !killed; i++) {
          const res = await c
            .post(`/api/tokens/${mint}/transfer`, { to: fans[s], amount: `${1 + s * 1000 + i}` })
            .catch(() => null);
          if (res?.status === 200 && ++acks >= 6 && !killed) {
            killed = true;
            server.proc.kill("SIGKILL");
          } else if (res && res.status !== 200 && !killed) {
            throw new Error(`transfer refused: ${res.status} ${JSON.stringify(res.body)}`);
          }
        }
      };
      await Promise.all([0, 1, 2].map(stream));
      await server.stop("SIGKILL");
    }

    const server = await startServer({ RATE_LIMITS: "off" }, dataDir);
    try {
      await caughtUp(server.url);
      const chain = await compare(server, mint);
      expect(chain.size).toBe(4);
      // And it follows the live stream again after catching up.
      const c = new Client(server.url);
      expect(
        (await c.post("/api/auth/email", { email: "icrash@example.com", password: "secret1" })).status,
      ).toBe(200);
      expect((await c.post(`/api/tokens/${mint}/transfer`, { to: "icfan_a", amount: "1000" })).status).toBe(
        200,
      );
      await compare(server, mint, c);
    } finally {
      await server.stop();
    }
  });
});
