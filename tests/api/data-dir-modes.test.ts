import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../e2e/fixtures";
import { Client } from "../support/http";

// DATA_DIR holds argon2 hashes, sealed wallet keys, the chain's faucet seed and the master
// key: nothing in it may be open to other users, whatever umask the server starts with.
const root = mkdtempSync(path.join(os.tmpdir(), "launchpad-modes-"));
const dataDir = path.join(root, "data");
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Entry = { path: string; dir: boolean; mode: number };

function walk(dir: string): Entry[] {
  const out: Entry[] = [];
  const visit = (p: string) => {
    const st = statSync(p);
    out.push({ path: path.relative(dataDir, p) || ".", dir: st.isDirectory(), mode: st.mode & 0o777 });
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return out;
}

const notPrivate = (entries: Entry[]) =>
  entries.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600)).map((e) => `${e.path} ${e.mode.toString(8)}`);

describe("DATA_DIR file modes", () => {
  it("creates everything owner-only under a permissive umask, and fixes an existing install at start", {
    timeout: 240_000,
  }, async () => {
    const previous = process.umask(0o000); // the server inherits it
    try {
      const server = await startServer({ RATE_LIMITS: "off" }, dataDir);
      const fresh = walk(dataDir);
      expect(fresh.length).toBeGreaterThan(100); // PGlite's files, the chain, the key
      expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(["chain", "pglite", "wallet-master.key"]));
      expect(notPrivate(fresh)).toEqual([]);

      // Writes while running: an account, a wallet (sealed seed), an airdrop (the chain's journal).
      const c = new Client(server.url);
      await c.post("/api/register", { username: "modes", email: "modes@example.com", password: "secret1" });
      const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
      expect((await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey })).status).toBe(200);
      await server.stop();
      // Every directory stays closed, and every file outside PGlite's (whose file system sets
      // its own modes on files it adds) is the owner's alone.
      const after = walk(dataDir);
      expect(notPrivate(after.filter((e) => e.dir || !e.path.startsWith("pglite/")))).toEqual([]);

      // An install made before the fix: world-readable throughout. The next start closes it.
      for (const e of walk(dataDir)) chmodSync(path.join(dataDir, e.path), e.dir ? 0o755 : 0o644);
      expect(notPrivate(walk(dataDir)).length).toBeGreaterThan(100);
      const again = await startServer({ RATE_LIMITS: "off" }, dataDir);
      try {
        expect(notPrivate(walk(dataDir))).toEqual([]);
      } finally {
        await again.stop();
      }
    } finally {
      process.umask(previous);
    }
  });
});
