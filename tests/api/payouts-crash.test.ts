import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createKeyPairSignerFromBytes } from "@solana/kit";
import bs58 from "bs58";
import { afterAll, describe, expect, it } from "vitest";
import { RpcLedger } from "../../src/server/ledger/rpc-ledger";
import { buildSolTransferTransaction } from "../../src/server/ledger/system";
import { startServer } from "../e2e/fixtures";
import { Client } from "../support/http";

// Owed creator fees are paid exactly once across kill -9: the server is killed 0, 60 and 150 ms
// after the trade that wakes the payout job, restarted on the same data, three rounds. Each
// round the creator's wallet ends with exactly what it was funded plus the fees it earned, and
// nothing stays owed. Measured on this machine: at 0 ms the kill lands before the payout is
// recorded, at 150 ms after it confirmed; the few ms between record and send are met only by
// chance, so that case is also tested deterministically in market-payouts.api.test.ts.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-payouts-crash-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SOL = 1_000_000_000n;
/** Per round, how long after the waking trade's answer the server is killed. */
const KILL_AFTER_MS = [0, 60, 150];

interface Fees {
  markets: Array<{ mint: string; feesCreatorLamports: string; feesCreatorOwedLamports: string }>;
}

describe("owed creator fee payouts across kill -9", () => {
  it("pays each owed sum once, whatever the moment of the kill, three times over", {
    timeout: 400_000,
  }, async () => {
    let mint = "";
    let secret = "";
    let wallet = "";
    let fanWallet = "";
    for (let round = 0; round < 3; round++) {
      const server = await startServer({ RATE_LIMITS: "off" }, dataDir);
      const chain = new RpcLedger({ url: `${server.url}/rpc`, pollMs: 20 });
      const creator = new Client(server.url, 15_000);
      const fan = new Client(server.url, 15_000);
      try {
        if (round === 0) {
          for (const [c, name] of [
            [creator, "pc_creator"],
            [fan, "pc_fan"],
          ] as const) {
            const reg = await c.post<{ user: { id: string } }>("/api/register", {
              username: name,
              email: `${name}@example.com`,
              password: "secret1",
            });
            const gen = await c.post<{ wallet: { publicKey: string; privateKey: string } }>(
              "/api/wallet/generate",
            );
            for (let k = 0; k < 3; k++)
              await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
            if (c === fan) fanWallet = gen.body.wallet.publicKey;
            if (c === creator) {
              wallet = gen.body.wallet.publicKey;
              secret = gen.body.wallet.privateKey;
              const launched = await c.post<{ mintAddress: string }>("/api/tokens/create", {
                name: "Payout Curve",
                symbol: "PAYKILL",
                totalSupply: "100000000",
                userId: reg.body.user.id,
                creatorWallet: wallet,
                market: { curveShareBps: 8000 },
              });
              expect(launched.status, JSON.stringify(launched.body)).toBe(201);
              mint = launched.body.mintAddress;
            }
          }
        } else {
          for (const [c, name] of [
            [creator, "pc_creator"],
            [fan, "pc_fan"],
          ] as const)
            expect(
              (await c.post("/api/auth/email", { email: `${name}@example.com`, password: "secret1" })).status,
            ).toBe(200);
        }

        // The creator empties the wallet: the next fee parts are owed (each, and their sum,
        // below the rent minimum).
        const signer = await createKeyPairSignerFromBytes(bs58.decode(secret));
        const drain = await buildSolTransferTransaction({
          from: signer,
          to: fanWallet,
          lamports: (await chain.getBalance(wallet)) - 5_000n,
          blockhash: await chain.getLatestBlockhash(),
        });
        await chain.sendTransaction(drain.wire);
        expect(await chain.getBalance(wallet)).toBe(0n);
        const buy = async (i: number) => {
          const res = await fan.post<{ fee: string }>(`/api/market/${mint}/buy`, {
            solIn: (SOL / 500n).toString(),
            minTokensOut: "0",
            idempotencyKey: `r${round}-${i}`,
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          return BigInt(res.body.fee) / 2n;
        };
        let owed = 0n;
        for (let i = 0; i < 3; i++) owed += await buy(i);
        expect(await chain.getBalance(wallet)).toBe(0n);
        // Funded again; the next trade (its part paid directly) wakes the job: killed at once.
        expect((await creator.post("/api/wallet/airdrop", { address: wallet, amount: 2 })).status).toBe(200);
        const direct = await buy(3);
        // Each round kills a little later, so the kill meets the job at different steps (before
        // it records, between record and send, after): the outcome must be the same.
        if (KILL_AFTER_MS[round]) await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS[round]));
        await server.stop("SIGKILL");

        const again = await startServer({ RATE_LIMITS: "off" }, dataDir);
        const chain2 = new RpcLedger({ url: `${again.url}/rpc`, pollMs: 20 });
        try {
          const reader = new Client(again.url, 15_000);
          expect(
            (await reader.post("/api/auth/email", { email: "pc_creator@example.com", password: "secret1" }))
              .status,
          ).toBe(200);
          // The job settles at start, then pays: wait for the owed sum to reach 0.
          const deadline = Date.now() + 60_000;
          let left = "";
          for (;;) {
            const fees = (await reader.get<Fees>("/api/market/fees")).body;
            left = fees.markets.find((m) => m.mint === mint)?.feesCreatorOwedLamports ?? "";
            if (left === "0" || Date.now() > deadline) break;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          expect(left).toBe("0");
          expect(await chain2.getBalance(wallet)).toBe(2n * SOL + direct + owed);
        } finally {
          await chain2.close();
          await again.stop("SIGTERM");
        }
      } finally {
        await chain.close();
        await server.stop("SIGKILL");
      }
    }
  });
});
