import type { ApiError } from "@shared/schemas/api-error";
import { shortAddress } from "@shared/short-address";
import { generateKeyPairSigner } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { launch, member } from "../../../../tests/support/market";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const SOL = 1_000_000_000n;
const E9 = 10n ** 9n;

/** What `owner` holds of `mint` on chain, in base units. */
async function heldOf(owner: string, mint: string): Promise<bigint> {
  return (await t.deps.ledger.getTokenAccountsByOwner(owner)).find((a) => a.mint === mint)?.amount ?? 0n;
}

describe("POST /api/tokens/:mint/transfer", () => {
  it("the same transfer asked for again moves the tokens again", async () => {
    const sender = await member(t.url, t.deps.ledger, "twice_sender", 2n * SOL);
    const mint = await launch(sender, "TWICE", "1000");
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
    expect(await heldOf(friend, mint)).toBe(45n * E9);
  });

  it("sends from a wallet that can pay the fee when another of the caller's also holds enough", async () => {
    // The first wallet has no SOL; the second pays, and launches.
    const who = await member(t.url, t.deps.ledger, "two_wallets", 0n);
    const second = await who.c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
    const payer = second.body.wallet.publicKey;
    await t.deps.ledger.airdrop(payer, 2n * SOL);
    const mint = await launch({ ...who, wallet: payer }, "POCKET", "1000");
    // Seven to the first wallet, which has no SOL: it now holds enough for a small transfer too.
    const toFirst = await who.c.post(`/api/tokens/${mint}/transfer`, { to: who.wallet, amount: "7" });
    expect(toFirst.status).toBe(200);
    const friend = (await generateKeyPairSigner()).address;
    const sent = await who.c.post<{ signature: string }>(`/api/tokens/${mint}/transfer`, {
      to: friend,
      amount: "1",
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await heldOf(who.wallet, mint)).toBe(7n * E9);
    expect(await heldOf(payer, mint)).toBe(992n * E9);

    // Only the first wallet holds what is asked now, and it cannot pay: the message names it.
    const moved = await who.c.post(`/api/tokens/${mint}/transfer`, { to: who.wallet, amount: "992" });
    expect(moved.status).toBe(200);
    const stuck = await who.c.post<ApiError>(`/api/tokens/${mint}/transfer`, { to: friend, amount: "999" });
    expect(stuck.status).toBe(400);
    expect(stuck.body.error).toBe(
      `Not enough test SOL in your wallet ${shortAddress(who.wallet)} for the network fee. Use Get Test SOL and try again.`,
    );
  });

  it("says what is wrong with the recipient on its field, and what the sender holds when asked for more", async () => {
    const sender = await member(t.url, t.deps.ledger, "words_sender", 2n * SOL);
    const mint = await launch(sender, "WORDS", "1000");
    const send = (to: string, amount = "1") =>
      sender.c.post<ApiError>(`/api/tokens/${mint}/transfer`, { to, amount });

    const nobody = await send("nosuchuser_zz");
    expect(nobody.status).toBe(404);
    expect(nobody.body.code).toBe("NOT_FOUND");
    expect(nobody.body.fields?.to).toBe('No wallet address or user named "nosuchuser_zz"');

    const walletless = new Client(t.url);
    expect(
      (
        await walletless.post("/api/register", {
          username: "words_nowallet",
          email: "words_nowallet@example.com",
          password: "secret1",
        })
      ).status,
    ).toBe(201);
    const noWallet = await send("words_nowallet");
    expect(noWallet.status).toBe(400);
    expect(noWallet.body.fields?.to).toBe(
      "This user has no wallet yet. Ask them to create a wallet, or paste a wallet address",
    );

    const self = await send("words_sender");
    expect(self.status).toBe(400);
    expect(self.body.fields?.to).toBe("That is your own wallet: choose another recipient");

    // Over the balance, and past what any token account can hold: the same words, with the balance.
    const friend = (await generateKeyPairSigner()).address;
    for (const amount of ["200000000", "999999999999"]) {
      const over = await send(friend, amount);
      expect(over.status, amount).toBe(400);
      expect(over.body.code, amount).toBe("NOT_ENOUGH_TOKENS");
      expect(over.body.fields?.amount, amount).toBe("More than you hold (1,000 WORDS)");
    }
  });
});
