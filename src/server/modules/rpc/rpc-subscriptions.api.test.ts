import {
  address,
  appendTransactionMessageInstruction,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { Connection, Keypair, SystemProgram, sendAndConfirmTransaction, Transaction } from "@solana/web3.js";
import { getTransferSolInstruction } from "@solana-program/system";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { generateSeed } from "../../ledger/keys";
import type { Ledger } from "../../ledger/ledger";

// PubSub at ws://…/rpc, read by the standard clients' own confirmation code.

let app: TestApp;
let ledger: Ledger;
let wsUrl: string;

beforeAll(async () => {
  app = await startTestApp();
  ledger = app.deps.ledger;
  wsUrl = `${app.url.replace("http", "ws")}/rpc`;
});
afterAll(async () => app?.close());

/** A raw socket that collects every message, for the protocol-level checks. */
async function openSocket() {
  const socket = new WebSocket(wsUrl);
  const messages: Array<Record<string, unknown>> = [];
  socket.on("message", (data: Buffer) => messages.push(JSON.parse(data.toString("utf8"))));
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let nextId = 1;
  return {
    messages,
    send(method: string, params: unknown[] = []) {
      const id = nextId++;
      socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
      return id;
    },
    raw: (text: string) => socket.send(text),
    /** Waits until a message matching `match` has arrived. */
    next: (match: (m: Record<string, unknown>) => boolean) =>
      vi.waitFor(
        () => {
          const found = messages.find(match);
          if (!found) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
          return found;
        },
        { timeout: 30_000, interval: 10 },
      ),
    close: () => socket.close(),
  };
}

describe("RPC subscriptions", () => {
  it("lets kit's sendAndConfirmTransaction confirm a transfer through signature notifications", async () => {
    const seed = generateSeed();
    const payer = await createKeyPairSignerFromPrivateKeyBytes(seed);
    await ledger.airdrop(payer.address, 1_000_000_000n);
    const recipient = (await generateKeyPairSigner()).address;
    const rpc = createSolanaRpc(`${app.url}/rpc`);
    const rpcSubscriptions = createSolanaRpcSubscriptions(wsUrl);
    const { value: blockhash } = await rpc.getLatestBlockhash().send();
    const tx = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({
              source: payer,
              destination: recipient,
              amount: lamports(5_000_000n),
            }),
            m,
          ),
      ),
    );
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(
      tx as Parameters<ReturnType<typeof sendAndConfirmTransactionFactory>>[0],
      { commitment: "confirmed" },
    );
    const [status] = (await rpc.getSignatureStatuses([getSignatureFromTransaction(tx)]).send()).value;
    expect(status?.err).toBeNull();
    expect((await rpc.getBalance(recipient).send()).value).toBe(5_000_000n);
  });

  it("lets web3.js's sendAndConfirmTransaction confirm over its websocket", async () => {
    const payer = Keypair.generate();
    await ledger.airdrop(payer.publicKey.toBase58(), 1_000_000_000n);
    const recipient = Keypair.generate().publicKey;
    const connection = new Connection(`${app.url}/rpc`, { commitment: "confirmed", wsEndpoint: wsUrl });
    const transfer = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 7_000_000 }),
    );
    const signature = await sendAndConfirmTransaction(connection, transfer, [payer]);
    expect(typeof signature).toBe("string");
    expect(await connection.getBalance(recipient)).toBe(7_000_000);
  });

  it("notifies an account's new state through kit", async () => {
    const watched = (await generateKeyPairSigner()).address;
    const abort = new AbortController();
    const notifications = await createSolanaRpcSubscriptions(wsUrl)
      .accountNotifications(address(watched), { commitment: "confirmed", encoding: "base64" })
      .subscribe({ abortSignal: abort.signal });
    const iterator = notifications[Symbol.asyncIterator]();
    const seen: bigint[] = [];
    for (const amount of [3_000_000n, 4_000_000n]) {
      const next = iterator.next();
      await ledger.airdrop(watched, amount);
      const note = await next;
      if (note.done) throw new Error("subscription ended");
      seen.push(note.value.value.lamports);
    }
    abort.abort();
    expect(seen).toEqual([3_000_000n, 7_000_000n]);
  });

  it("answers on the wire like Solana's PubSub: ids first, then notifications; clear errors", async () => {
    const ws = await openSocket();
    try {
      // A signature that already landed is announced right after the subscription id.
      const funded = (await generateKeyPairSigner()).address;
      const signature = await ledger.airdrop(funded, 2_000_000n);
      const subscribeId = ws.send("signatureSubscribe", [signature, { commitment: "confirmed" }]);
      const answer = await ws.next((m) => m.id === subscribeId);
      const subscription = answer.result as number;
      expect(typeof subscription).toBe("number");
      const note = await ws.next((m) => m.method === "signatureNotification");
      expect(note.params).toMatchObject({ subscription, result: { value: { err: null } } });
      expect(ws.messages.indexOf(answer)).toBeLessThan(ws.messages.indexOf(note));

      // Slots advance with every commit; an account a transaction only reads (the System
      // Program, in every transfer) is not announced. Per commit, subscriptions are served in
      // the order they were made, so the slot notification proves the account was checked.
      const systemId = ws.send("accountSubscribe", ["11111111111111111111111111111111"]);
      const systemSubscription = (await ws.next((m) => m.id === systemId)).result;
      const slotId = ws.send("slotSubscribe");
      const slotSubscription = (await ws.next((m) => m.id === slotId)).result;
      await ledger.airdrop(funded, 1_000_000n);
      const slot = await ws.next((m) => m.method === "slotNotification");
      expect(slot.params).toMatchObject({
        subscription: slotSubscription,
        result: { slot: expect.any(Number) },
      });
      const systemNotes = ws.messages.filter(
        (m) =>
          m.method === "accountNotification" &&
          (m.params as { subscription: unknown }).subscription === systemSubscription,
      );
      expect(systemNotes).toEqual([]);
      const unsubscribeId = ws.send("slotUnsubscribe", [slotSubscription]);
      expect((await ws.next((m) => m.id === unsubscribeId)).result).toBe(true);

      const unknownId = ws.send("signatureUnsubscribe", [424242]);
      expect((await ws.next((m) => m.id === unknownId)).error).toMatchObject({ code: -32602 });
      const badAddress = ws.send("accountSubscribe", ["not-an-address"]);
      expect((await ws.next((m) => m.id === badAddress)).error).toMatchObject({ code: -32602 });
      const httpOnly = ws.send("getBalance", [funded]);
      expect((await ws.next((m) => m.id === httpOnly)).error).toMatchObject({
        code: -32601,
        message: "Method not found",
      });
      ws.raw("{not json");
      expect((await ws.next((m) => m.id === null)).error).toMatchObject({ code: -32700 });
    } finally {
      ws.close();
    }
  });
});
