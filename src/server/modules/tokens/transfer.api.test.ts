import type { ApiError } from "@shared/schemas/api-error";
import { shortAddress } from "@shared/short-address";
import { generateKeyPairSigner } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpWithWallet } from "../../../../tests/support/people";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("POST /api/tokens/:mint/transfer", () => {
  it("the same transfer asked for again moves the tokens again", async () => {
    const sender = await signUpWithWallet(t.url, "twice_sender");
    await sender.c.post("/api/wallet/airdrop", { address: sender.wallet, amount: 2 });
    const launched = await sender.c.post<{ mintAddress: string }>("/api/tokens/create", {
      name: "Twice Told",
      symbol: "TWICE",
      totalSupply: "1000",
      userId: sender.userId,
      creatorWallet: sender.wallet,
    });
    expect(launched.status).toBe(201);
    const mint = launched.body.mintAddress;
    const friend = (await generateKeyPairSigner()).address;
    // Five alike at once: at least two are built in one slot (one blockhash), where equal
    // bytes would be one signature, run once by the chain, and answered 200 all the same.
    const sent = await Promise.all(
      Array.from({ length: 5 }, () =>
        sender.c.post<{ signature: string }>(`/api/tokens/${mint}/transfer`, { to: friend, amount: "9" }),
      ),
    );
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(sent.map((r) => r.body.signature)).size).toBe(5);
    const held = await t.deps.ledger.getTokenAccountsByOwner(friend);
    expect(held.find((a) => a.mint === mint)?.amount).toBe(45n * 10n ** 9n);
  });

  it("sends from a wallet that can pay the fee when another of the caller's also holds enough", async () => {
    const who = await signUpWithWallet(t.url, "two_wallets");
    const second = await who.c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
    const payer = second.body.wallet.publicKey;
    await who.c.post("/api/wallet/airdrop", { address: payer, amount: 2 });
    const launched = await who.c.post<{ mintAddress: string }>("/api/tokens/create", {
      name: "Second Pocket",
      symbol: "POCKET",
      totalSupply: "1000",
      userId: who.userId,
      creatorWallet: payer,
    });
    expect(launched.status).toBe(201);
    const mint = launched.body.mintAddress;
    // Seven to the first wallet, which has no SOL: it now holds enough for a small transfer too.
    const toFirst = await who.c.post(`/api/tokens/${mint}/transfer`, { to: who.wallet, amount: "7" });
    expect(toFirst.status).toBe(200);
    const friend = (await generateKeyPairSigner()).address;
    const sent = await who.c.post<{ signature: string }>(`/api/tokens/${mint}/transfer`, {
      to: friend,
      amount: "1",
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const held = async (owner: string) =>
      (await t.deps.ledger.getTokenAccountsByOwner(owner)).find((a) => a.mint === mint)?.amount ?? 0n;
    expect(await held(who.wallet)).toBe(7n * 10n ** 9n);
    expect(await held(payer)).toBe(992n * 10n ** 9n);

    // Only the first wallet holds what is asked now, and it cannot pay: the message names it.
    const moved = await who.c.post(`/api/tokens/${mint}/transfer`, { to: who.wallet, amount: "992" });
    expect(moved.status).toBe(200);
    const stuck = await who.c.post<ApiError>(`/api/tokens/${mint}/transfer`, { to: friend, amount: "999" });
    expect(stuck.status).toBe(400);
    expect(stuck.body.error).toBe(
      `Not enough test SOL in your wallet ${shortAddress(who.wallet)} for the network fee. Use Get Test SOL and try again.`,
    );
  });
});
