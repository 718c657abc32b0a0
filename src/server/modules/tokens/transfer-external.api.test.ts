import type { ApiError } from "@shared/schemas/api-error";
import type { PreparedTransfer, TransferResult } from "@shared/schemas/transfer";
import {
  getSignatureFromTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
} from "@solana/kit";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { testWallet } from "../../../../tests/support/keys";
import { signInWithWallet } from "../../../../tests/support/people";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { transfers } from "../../db/schema/index";
import { tokenAmountOf } from "../../ledger/layouts";
import { associatedTokenAddress } from "../../ledger/token-2022";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Wallet = Awaited<ReturnType<typeof testWallet>>;

/** What a browser wallet does with `solana:signTransaction`: sign the message bytes as its key. */
function signAsWallet(base64: string, wallet: Wallet, tamper?: (message: Uint8Array) => void) {
  const tx = getTransactionDecoder().decode(Buffer.from(base64, "base64"));
  const messageBytes = new Uint8Array(tx.messageBytes);
  tamper?.(messageBytes);
  const signatures = {
    ...tx.signatures,
    [wallet.address]: wallet.signBytes(messageBytes) as SignatureBytes,
  };
  const signed = { ...tx, messageBytes: messageBytes as unknown as typeof tx.messageBytes, signatures };
  return {
    base64: Buffer.from(getTransactionEncoder().encode(signed)).toString("base64"),
    signature: getSignatureFromTransaction(signed),
  };
}

/** Signed in with an external wallet (challenge signed), funded, with a token launched from it. */
async function externalCreator(symbol: string) {
  const w = await testWallet();
  const { c, userId } = await signInWithWallet(t.url, w);
  await t.deps.ledger.airdrop(w.address, 2_000_000_000n);
  const prepared = await c.post<{ tokenId: string; mintAddress: string; transaction: string }>(
    "/api/tokens/prepare",
    {
      name: `Phantom Poet ${symbol}`,
      symbol,
      totalSupply: "10000000",
      userId,
      creatorWallet: w.address,
    },
  );
  const launched = await c.post("/api/tokens/submit", {
    tokenId: prepared.body.tokenId,
    transaction: signAsWallet(prepared.body.transaction, w).base64,
  });
  expect(launched.status).toBe(201);
  return { c, w, mint: prepared.body.mintAddress };
}

/** A platform user with an embedded wallet: the recipient, found by username. */
async function fan(username: string) {
  const c = new Client(t.url);
  await c.post("/api/register", { username, email: `${username}@example.com`, password: "secret1" });
  const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
  return { c, wallet: gen.body.wallet.publicKey };
}

async function balanceOf(owner: string, mint: string): Promise<bigint> {
  const [account] = await t.deps.ledger.getMultipleAccounts([associatedTokenAddress(owner, mint)]);
  return account ? (tokenAmountOf(account.data) ?? 0n) : 0n;
}

const TEN = 10n * 10n ** 9n;

describe("transfer from a connected (external) wallet", () => {
  it("is prepared by the server, signed by the wallet, checked byte for byte, sent once", async () => {
    const { c, w, mint } = await externalCreator("XFR");
    const recipient = await fan("xfer_fan");

    // The embedded path used to answer "More than you hold": now it says who must sign.
    const direct = await c.post<ApiError>(`/api/tokens/${mint}/transfer`, { to: "xfer_fan", amount: "10" });
    expect(direct.status).toBe(400);
    expect(direct.body.code).toBe("SIGN_WITH_WALLET");

    const key = crypto.randomUUID();
    const prepared = await c.post<PreparedTransfer>(`/api/tokens/${mint}/transfer/prepare`, {
      to: "@xfer_fan",
      amount: "10",
      idempotencyKey: key,
    });
    expect(prepared.status).toBe(200);
    expect(prepared.body).toMatchObject({ from: w.address, to: recipient.wallet, amount: "10" });

    // Asked again under the same key (a retry after a timeout): the same prepared transfer.
    const again = await c.post<PreparedTransfer>(`/api/tokens/${mint}/transfer/prepare`, {
      to: "xfer_fan",
      amount: "10",
      idempotencyKey: key,
    });
    expect(again.body.transferId).toBe(prepared.body.transferId);
    expect(again.body.transaction).toBe(prepared.body.transaction);

    const submit = (transaction: string) =>
      c.post<TransferResult & ApiError>(`/api/tokens/${mint}/transfer/submit`, {
        transferId: prepared.body.transferId,
        transaction,
      });

    // A message changed after preparing (here: a byte near its end), validly signed
    // by the wallet all the same: not the prepared transfer, refused, nothing moves.
    const tampered = signAsWallet(prepared.body.transaction, w, (m) => {
      m[m.length - 2] = (m[m.length - 2] ?? 0) ^ 0x01;
    });
    const bad = await submit(tampered.base64);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("The signed transaction is not the one prepared for you.");
    // Unsigned bytes: refused too.
    expect((await submit(prepared.body.transaction)).status).toBe(400);
    expect(await balanceOf(recipient.wallet, mint)).toBe(0n);

    const signed = signAsWallet(prepared.body.transaction, w);
    const done = await submit(signed.base64);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ signature: signed.signature, to: recipient.wallet, amount: "10" });
    expect(await balanceOf(recipient.wallet, mint)).toBe(TEN);

    // A retry of the submit answers the same transfer and sends nothing more.
    const retry = await submit(signed.base64);
    expect(retry.status).toBe(200);
    expect(retry.body.signature).toBe(signed.signature);
    expect(await balanceOf(recipient.wallet, mint)).toBe(TEN);
    expect(await balanceOf(w.address, mint)).toBe(10_000_000n * 10n ** 9n - TEN);
    // And preparing under the spent key again is refused rather than a second transfer.
    const reused = await c.post<ApiError>(`/api/tokens/${mint}/transfer/prepare`, {
      to: "xfer_fan",
      amount: "10",
      idempotencyKey: key,
    });
    expect(reused.status).toBe(409);

    // Someone else cannot submit this transfer.
    expect(
      (
        await recipient.c.post(`/api/tokens/${mint}/transfer/submit`, {
          transferId: prepared.body.transferId,
          transaction: signed.base64,
        })
      ).status,
    ).toBe(404);
  });

  it("refuses more than the wallet holds, before asking it to sign", async () => {
    const { c, mint } = await externalCreator("XFRB");
    await fan("xfer_fan2");
    const res = await c.post<ApiError>(`/api/tokens/${mint}/transfer/prepare`, {
      to: "xfer_fan2",
      amount: "10000001",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("NOT_ENOUGH_TOKENS");
    expect(res.body.error).toBe("Not enough XFRB: you have 10,000,000");
  });

  it("two equal transfers prepared in one slot are two transactions, and both move", async () => {
    const { c, w, mint } = await externalCreator("XFRD");
    const recipient = await fan("xfer_fan4");
    const prepare = () =>
      c.post<PreparedTransfer>(`/api/tokens/${mint}/transfer/prepare`, { to: "xfer_fan4", amount: "10" });
    const [first, second] = await Promise.all([prepare(), prepare()]);
    expect(first?.body.transaction).not.toBe(second?.body.transaction);
    for (const prepared of [first, second]) {
      const signed = signAsWallet(prepared?.body.transaction ?? "", w);
      const done = await c.post(`/api/tokens/${mint}/transfer/submit`, {
        transferId: prepared?.body.transferId,
        transaction: signed.base64,
      });
      expect(done.status).toBe(200);
    }
    expect(await balanceOf(recipient.wallet, mint)).toBe(2n * TEN);
  });

  it("a transfer recorded but not sent (a crash) is sent once by start-up reconciliation", async () => {
    const { c, w, mint } = await externalCreator("XFRC");
    const recipient = await fan("xfer_fan3");
    const prepared = await c.post<PreparedTransfer>(`/api/tokens/${mint}/transfer/prepare`, {
      to: "xfer_fan3",
      amount: "10",
    });
    const signed = signAsWallet(prepared.body.transaction, w);
    // What submit records before sending; the process dies before the send.
    const { db } = t.deps.database;
    await db
      .update(transfers)
      .set({ signature: signed.signature, signedTransaction: Buffer.from(signed.base64, "base64") })
      .where(eq(transfers.id, prepared.body.transferId));

    const settled = await t.app.services.transfers.reconcilePending();
    expect(settled.resent).toBe(1);
    expect(await balanceOf(recipient.wallet, mint)).toBe(TEN);
    const [row] = await db.select().from(transfers).where(eq(transfers.id, prepared.body.transferId));
    expect(row?.status).toBe("confirmed");

    // The browser retries its submit after the restart: the same transfer, nothing sent twice.
    const retry = await c.post<TransferResult>(`/api/tokens/${mint}/transfer/submit`, {
      transferId: prepared.body.transferId,
      transaction: signed.base64,
    });
    expect(retry.status).toBe(200);
    expect(retry.body.signature).toBe(signed.signature);
    expect(await balanceOf(recipient.wallet, mint)).toBe(TEN);
    expect((await t.app.services.transfers.reconcilePending()).resent).toBe(0);
  });
});
