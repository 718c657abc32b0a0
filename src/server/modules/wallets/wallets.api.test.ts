import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { testWallet } from "../../../../tests/support/keys";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { publicKeyFromSeed } from "../../ledger/keys";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Generated = {
  wallet: { publicKey: string; privateKey: string };
  user: { id: string; wallets: Array<{ publicKey: string }> };
};

describe("embedded wallets", () => {
  it("with no session, creates a wallet-only account and signs it in (the wizard's path)", async () => {
    const c = new Client(t.url);
    const res = await c.post<Generated>("/api/wallet/generate");
    expect(res.status).toBe(201);
    const { publicKey, privateKey } = res.body.wallet;
    // The secret is the 64-byte key wallets import, and it really belongs to the address.
    const secret = bs58.decode(privateKey);
    expect(secret).toHaveLength(64);
    expect(publicKeyFromSeed(secret.slice(0, 32))).toBe(publicKey);
    expect(res.headers.get("cache-control")).toBe("no-store");

    const me = await c.get<{ user: { id: string; wallets: unknown[] } }>("/api/auth/me");
    expect(me.body.user.id).toBe(res.body.user.id);
    expect(JSON.stringify(me.body)).not.toContain(privateKey);
    const list = await c.get<{ wallets: Array<{ publicKey: string; sol: string }> }>("/api/wallets");
    expect(list.body.wallets).toEqual([{ publicKey, kind: "embedded", lamports: "0", sol: "0" }]);

    // A client that sends the JSON header with nothing (this route takes no body) is answered.
    const bare = await fetch(`${t.url}/api/wallet/generate`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: c.cookie },
    });
    expect(bare.status).toBe(201);
  });

  it("adds a second wallet to a signed-in account", async () => {
    const c = new Client(t.url);
    const reg = await c.post<{ user: { id: string } }>("/api/register", {
      username: "two_wallets",
      email: "two@example.com",
      password: "secret1",
    });
    const a = await c.post<Generated>("/api/wallet/generate");
    const b = await c.post<Generated>("/api/wallet/generate");
    expect(a.body.user.id).toBe(reg.body.user.id);
    expect(b.body.user.wallets.map((w) => w.publicKey)).toEqual([
      a.body.wallet.publicKey,
      b.body.wallet.publicKey,
    ]);
  });

  it("answers 401 to a dead session cookie instead of creating a new wallet-only account", async () => {
    const c = new Client(t.url);
    await c.post("/api/register", { username: "dead_sid", email: "dead@example.com", password: "secret1" });
    const deadCookie = c.cookie;
    await c.post("/api/auth/logout");
    const usersBefore = (await t.deps.database.db.query.users.findMany()).length;
    for (const cookie of [deadCookie, "sid=never-issued"]) {
      c.cookie = cookie;
      const res = await c.post<{ code: string }>("/api/wallet/generate");
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("SESSION_EXPIRED");
      // The dead cookie is cleared, so trying again is a deliberate signed-out request.
      expect(c.cookie).not.toMatch(/(^|; )sid=/);
    }
    expect((await t.deps.database.db.query.users.findMany()).length).toBe(usersBefore);
  });

  it("never stores the seed in the clear", async () => {
    const c = new Client(t.url);
    const res = await c.post<Generated>("/api/wallet/generate");
    const seed = Buffer.from(bs58.decode(res.body.wallet.privateKey).slice(0, 32));
    const rows = await t.deps.database.db.query.wallets.findMany();
    const row = rows.find((r) => r.publicKey === res.body.wallet.publicKey);
    expect(row?.encryptedSeed).toBeTruthy();
    expect(Buffer.from(row?.encryptedSeed ?? []).includes(seed)).toBe(false);
    expect(Buffer.from(row?.wrappedKey ?? []).includes(seed)).toBe(false);
  });
});

describe("test SOL", () => {
  it("airdrops 2 SOL to the caller's own wallet", async () => {
    const c = new Client(t.url);
    const { body } = await c.post<Generated>("/api/wallet/generate");
    const res = await c.post<{ sol: string; lamports: string }>("/api/wallet/airdrop", {
      address: body.wallet.publicKey,
      amount: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body.sol).toBe("2");
    expect(res.body.lamports).toBe("2000000000");
    expect(await t.deps.ledger.getBalance(body.wallet.publicKey)).toBe(2_000_000_000n);
  });

  it("refuses someone else's wallet, and signed-out callers", async () => {
    const owner = new Client(t.url);
    const { body } = await owner.post<Generated>("/api/wallet/generate");
    const stranger = new Client(t.url);
    await stranger.post("/api/wallet/generate");
    const res = await stranger.post<{ error: string }>("/api/wallet/airdrop", {
      address: body.wallet.publicKey,
      amount: 2,
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("You can only request test SOL with your own wallets");
    const anon = await new Client(t.url).post("/api/wallet/airdrop", {
      address: body.wallet.publicKey,
      amount: 2,
    });
    expect(anon.status).toBe(401);
    expect(await t.deps.ledger.getBalance(body.wallet.publicKey)).toBe(0n);
  });

  it("rate-limits airdrops per user", async () => {
    const c = new Client(t.url);
    const { body } = await c.post<Generated>("/api/wallet/generate");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await c.post("/api/wallet/airdrop", { address: body.wallet.publicKey, amount: 2 })).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("linking an external wallet", () => {
  it("links a wallet that signed our challenge, and refuses one owned by someone else", async () => {
    const w = await testWallet();
    const c = new Client(t.url);
    await c.post("/api/register", { username: "linker", email: "linker@example.com", password: "secret1" });
    const { body } = await c.post<{ message: string }>("/api/auth/wallet/challenge", {
      walletAddress: w.address,
    });
    const linked = await c.post<{ user: { wallets: Array<{ publicKey: string; kind: string }> } }>(
      "/api/wallet/link",
      {
        walletAddress: w.address,
        message: body.message,
        signature: w.signMessage(body.message),
      },
    );
    expect(linked.status).toBe(200);
    expect(linked.body.user.wallets).toContainEqual({ publicKey: w.address, kind: "external" });

    const other = new Client(t.url);
    await other.post("/api/register", {
      username: "linker2",
      email: "linker2@example.com",
      password: "secret1",
    });
    const m = (
      await other.post<{ message: string }>("/api/auth/wallet/challenge", { walletAddress: w.address })
    ).body.message;
    const stolen = await other.post("/api/wallet/link", {
      walletAddress: w.address,
      message: m,
      signature: w.signMessage(m),
    });
    expect(stolen.status).toBe(409);
  });
});
