import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { marketTrades } from "../../src/server/db/schema/index";
import { RpcLedger } from "../../src/server/ledger/rpc-ledger";
import { startServer } from "../e2e/fixtures";
import { Client } from "../support/http";
import { tokensOf } from "../support/market";

// A trade acknowledged with a 2xx survives kill -9 at any moment: the server is killed while
// trades are in flight on one curve, restarted on the same data (start-up reconciliation
// settles what was recorded), three times; every acknowledged trade is there once and the
// vault holds exactly what the curve's state says.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-market-crash-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface State {
  vault: string;
  realSolReserves: string;
  realTokenReserves: string;
}

async function vaultMatches(url: string, mint: string): Promise<void> {
  const state = (await new Client(url).get<State>(`/api/market/${mint}`)).body;
  const chain = new RpcLedger({ url: `${url}/rpc`, pollMs: 20 });
  try {
    const rent = await chain.minimumBalanceForRentExemption(0);
    expect(await chain.getBalance(state.vault)).toBe(rent + BigInt(state.realSolReserves));
    expect(await tokensOf(chain, state.vault, mint)).toBe(BigInt(state.realTokenReserves));
  } finally {
    await chain.close();
  }
}

describe("market crash safety (kill -9)", () => {
  it("keeps every acknowledged trade across kill -9 and restart, and the vault equals the curve, three times over", {
    timeout: 400_000,
  }, async () => {
    const acknowledged: Array<{ tradeId: string; signature: string }> = [];
    let mint = "";
    const people: Array<{ email: string }> = [];

    for (let round = 0; round < 3; round++) {
      const server = await startServer({ RATE_LIMITS: "off" }, dataDir);
      if (mint) await vaultMatches(server.url, mint);
      const clients: Client[] = [];
      if (!people.length) {
        for (let i = 0; i < 4; i++) {
          const c = new Client(server.url, 15_000);
          const reg = await c.post<{ user: { id: string } }>("/api/register", {
            username: `crash_trader_${i}`,
            email: `crash_trader_${i}@example.com`,
            password: "secret1",
          });
          const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
          for (let k = 0; k < 3; k++)
            await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
          if (i === 0) {
            const launched = await c.post<{ mintAddress: string }>("/api/tokens/create", {
              name: "Crash Curve",
              symbol: "KCURVE",
              totalSupply: "100000000",
              userId: reg.body.user.id,
              creatorWallet: gen.body.wallet.publicKey,
              market: { curveShareBps: 8000 },
            });
            expect(launched.status).toBe(201);
            mint = launched.body.mintAddress;
          }
          people.push({ email: `crash_trader_${i}@example.com` });
          clients.push(c);
        }
      } else {
        for (const p of people) {
          const c = new Client(server.url, 15_000);
          expect((await c.post("/api/auth/email", { email: p.email, password: "secret1" })).status).toBe(200);
          clients.push(c);
        }
      }

      // Three traders buy and sell in parallel; kill -9 at the 8th acknowledgement of the round.
      let acks = 0;
      let killed = false;
      const stream = async (c: Client, s: number) => {
        for (let i = 0; !killed; i++) {
          const sell = i % 3 === 2;
          const res = await c
            .post<{ tradeId: string; signature: string }>(
              `/api/market/${mint}/${sell ? "sell" : "buy"}`,
              sell
                ? {
                    tokensIn: (100n * 10n ** 9n).toString(),
                    minSolOut: "0",
                    idempotencyKey: `r${round}-s${s}-${i}`,
                  }
                : { solIn: "10000000", minTokensOut: "0", idempotencyKey: `r${round}-s${s}-${i}` },
            )
            .catch(() => null);
          if (res?.status === 200) {
            acknowledged.push(res.body);
            if (++acks >= 8 && !killed) {
              killed = true;
              server.proc.kill("SIGKILL");
            }
          } else if (res && !killed)
            throw new Error(`trade refused: ${res.status} ${JSON.stringify(res.body)}`);
        }
      };
      await Promise.all(clients.slice(1).map((c, s) => stream(c, s)));
      await server.stop("SIGKILL");
    }

    const server = await startServer({ RATE_LIMITS: "off" }, dataDir);
    try {
      expect(acknowledged.length).toBeGreaterThanOrEqual(24);
      await vaultMatches(server.url, mint);
      const chain = new RpcLedger({ url: `${server.url}/rpc`, pollMs: 20 });
      const statuses = await chain.getSignatureStatuses(acknowledged.map((a) => a.signature));
      await chain.close();
      expect(statuses.every((s) => s.state === "confirmed")).toBe(true);
    } finally {
      await server.stop("SIGTERM");
    }
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db
        .select({ id: marketTrades.id, status: marketTrades.status })
        .from(marketTrades)
        .where(
          inArray(
            marketTrades.id,
            acknowledged.map((a) => a.tradeId),
          ),
        );
      expect(rows).toHaveLength(acknowledged.length);
      expect(rows.every((r) => r.status === "confirmed")).toBe(true);
    } finally {
      await database.close();
    }
  });
});
