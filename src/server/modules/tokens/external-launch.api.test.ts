import { getTransactionDecoder, getTransactionEncoder, type SignatureBytes } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { testWallet } from "../../../../tests/support/keys";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Prepared = { tokenId: string; mintAddress: string; transaction: string };

/** What a browser wallet does with `solana:signTransaction`: sign the message bytes as fee payer. */
function signAsWallet(base64: string, wallet: Awaited<ReturnType<typeof testWallet>>) {
  const tx = getTransactionDecoder().decode(Buffer.from(base64, "base64"));
  const signatures = {
    ...tx.signatures,
    [wallet.address]: wallet.signBytes(new Uint8Array(tx.messageBytes)) as SignatureBytes,
  };
  return Buffer.from(getTransactionEncoder().encode({ ...tx, signatures })).toString("base64");
}

describe("launch from a connected (external) wallet", () => {
  it("server prepares, the wallet signs, the server verifies and submits", async () => {
    const w = await testWallet();
    const c = new Client(t.url);
    const m = (await c.post<{ message: string }>("/api/auth/wallet/challenge", { walletAddress: w.address }))
      .body.message;
    const login = await c.post<{ user: { id: string } }>("/api/auth/wallet", {
      walletAddress: w.address,
      message: m,
      signature: w.signMessage(m),
    });
    await t.deps.ledger.airdrop(w.address, 2_000_000_000n);

    const payload = {
      name: "Phantom Poet",
      symbol: "POEM",
      description: "",
      totalSupply: "5000",
      userId: login.body.user.id,
      creatorWallet: w.address,
    };
    // The embedded path refuses: this wallet's key is not ours to use.
    expect((await c.post("/api/tokens/create", payload)).status).toBe(400);

    const prepared = await c.post<Prepared>("/api/tokens/prepare", payload);
    expect(prepared.status).toBe(200);

    // A transaction with one byte changed is not the prepared one.
    const raw = Buffer.from(signAsWallet(prepared.body.transaction, w), "base64");
    const tampered = Buffer.from(raw);
    tampered[tampered.length - 5] = (tampered[tampered.length - 5] ?? 0) ^ 0xff;
    const bad = await c.post<{ error: string; code: string }>("/api/tokens/submit", {
      tokenId: prepared.body.tokenId,
      transaction: tampered.toString("base64"),
    });
    expect([bad.status, bad.body.code]).toEqual([400, "TRANSACTION_REJECTED"]);

    // The same code the other submits (transfer, trade, market opening) give.
    const unsigned = await c.post<{ error: string; code: string }>("/api/tokens/submit", {
      tokenId: prepared.body.tokenId,
      transaction: prepared.body.transaction,
    });
    expect(unsigned.body).toEqual({
      error: "The wallet did not sign the transaction.",
      code: "TRANSACTION_REJECTED",
    });

    const done = await c.post<{ token: { isLaunched: boolean }; mintAddress: string }>("/api/tokens/submit", {
      tokenId: prepared.body.tokenId,
      transaction: raw.toString("base64"),
    });
    expect(done.status).toBe(201);
    expect(done.body.mintAddress).toBe(prepared.body.mintAddress);
    expect(done.body.token.isLaunched).toBe(true);
    const mint = await t.deps.ledger.getMint(prepared.body.mintAddress);
    expect(mint?.supply).toBe(5000n * 10n ** 9n);
    expect(mint?.metadata?.symbol).toBe("POEM");

    // Someone else cannot submit or replay this launch.
    const stranger = new Client(t.url);
    await stranger.post("/api/wallet/generate");
    expect(
      (
        await stranger.post("/api/tokens/submit", {
          tokenId: prepared.body.tokenId,
          transaction: raw.toString("base64"),
        })
      ).status,
    ).toBe(404);
  });
});
