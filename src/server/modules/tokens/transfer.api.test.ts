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
});
