import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { tokens } from "../../src/server/db/schema/index";
import { startServer } from "../e2e/fixtures";
import { Client } from "../support/http";

// A launch acknowledged with a 2xx survives kill -9 at any moment: the process is killed
// while launches are in flight, restarted on the same data, and every acknowledged mint is
// still there, in the database and on the chain.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-crash-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Page = {
  token: { isLaunched: boolean; totalSupply: string };
  chain: { supply: string; mintAuthority: string | null } | null;
};

describe("crash safety (kill -9)", () => {
  it("keeps every acknowledged launch across kill -9 and restart, three times over", {
    timeout: 300_000,
  }, async () => {
    const acknowledged: string[] = [];
    let credentials: { email: string; wallet: string; userId: string } | null = null;

    for (let round = 0; round < 3; round++) {
      const server = await startServer({ RATE_LIMITS: "off" }, dataDir);
      // An answer lost to the kill may never come: after 15 s it counts as unacknowledged.
      const c = new Client(server.url, 15_000);
      if (!credentials) {
        const reg = await c.post<{ user: { id: string } }>("/api/register", {
          username: "crashy",
          email: "crashy@example.com",
          password: "secret1",
        });
        const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
        for (let i = 0; i < 3; i++)
          await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
        credentials = {
          email: "crashy@example.com",
          wallet: gen.body.wallet.publicKey,
          userId: reg.body.user.id,
        };
      } else {
        expect(
          (await c.post("/api/auth/email", { email: credentials.email, password: "secret1" })).status,
        ).toBe(200);
      }
      const cred = credentials;

      // Launch in 3 parallel streams; kill -9 as soon as the 4th acknowledgement of this round arrives.
      let acksThisRound = 0;
      let killed = false;
      const stream = async (s: number) => {
        for (let i = 0; !killed; i++) {
          const res = await c
            .post<{ mintAddress: string }>("/api/tokens/create", {
              name: `Crash ${round}-${s}-${i}`,
              symbol: `K${round}${s}X${i}`,
              totalSupply: "1000",
              userId: cred.userId,
              creatorWallet: cred.wallet,
            })
            .catch(() => null);
          if (res?.status === 201) {
            acknowledged.push(res.body.mintAddress);
            if (++acksThisRound >= 4 && !killed) {
              killed = true;
              server.proc.kill("SIGKILL");
            }
          } else if (res && res.status !== 201 && !killed) {
            throw new Error(`launch refused: ${res.status} ${JSON.stringify(res.body)}`);
          }
        }
      };
      await Promise.all([0, 1, 2].map(stream));
      await server.stop("SIGKILL");
    }

    const server = await startServer({ RATE_LIMITS: "off" }, dataDir);
    try {
      expect(acknowledged.length).toBeGreaterThanOrEqual(12);
      const anyone = new Client(server.url);
      for (const mint of acknowledged) {
        const page = await anyone.get<Page>(`/api/tokens/${mint}`);
        expect(page.status, `${mint} missing after restart`).toBe(200);
        expect(page.body.token.isLaunched).toBe(true);
        expect(page.body.chain?.supply).toBe("1000");
        expect(page.body.chain?.mintAuthority).toBeNull();
      }
    } finally {
      await server.stop();
    }
  });

  it("a clean shutdown right after launching writes their confirmations first", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "launchpad-shutdown-"));
    try {
      const server = await startServer({ RATE_LIMITS: "off" }, dir);
      const c = new Client(server.url);
      const reg = await c.post<{ user: { id: string } }>("/api/register", {
        username: "tidy",
        email: "tidy@example.com",
        password: "secret1",
      });
      const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
      await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
      const launches = await Promise.all(
        [0, 1, 2, 3, 4].map((i) =>
          c.post<{ mintAddress: string }>("/api/tokens/create", {
            name: `Tidy ${i}`,
            symbol: `TIDY${i}`,
            totalSupply: "1000",
            userId: reg.body.user.id,
            creatorWallet: gen.body.wallet.publicKey,
          }),
        ),
      );
      expect(launches.map((l) => l.status)).toEqual([201, 201, 201, 201, 201]);
      // SIGTERM at once: the confirmations are still queued behind the responses.
      await server.stop("SIGTERM");
      expect(server.proc.exitCode).toBe(0);

      // The database as the server left it, before any start-up reconciliation could run.
      const database = await openDatabase({ dataDir: dir });
      try {
        const rows = await database.db
          .select({ status: tokens.status, signed: tokens.signedTransaction })
          .from(tokens)
          .where(eq(tokens.userId, reg.body.user.id));
        expect(rows).toHaveLength(5);
        expect(rows.every((r) => r.status === "active" && r.signed === null)).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
