import { isValidAddress } from "../../ledger/keys";
import type { CommittedTransaction, Ledger } from "../../ledger/ledger";
import {
  answer,
  config,
  errorResponse,
  INTERNAL_ERROR,
  integerParam,
  invalidParams,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  type Params,
  RpcError,
  stringParam,
  toJson,
} from "./rpc.protocol";
import type { RpcCaller, RpcService } from "./rpc.service";

// Solana's PubSub over a WebSocket at /rpc: signature, account and slot subscriptions, so
// standard clients can confirm what they send (kit's sendAndConfirmTransaction, web3.js's
// confirmTransaction) and watch accounts. Notifications go out once the ledger has made a
// transaction durable, in the order it committed them.

const MAX_SUBSCRIPTIONS = 1000;
const NO_CALLER: RpcCaller = { allowAirdrop: () => false };

type Subscription =
  | { kind: "signature"; signature: string }
  | { kind: "account"; address: string; encoding: unknown; last: string }
  | { kind: "slot" };

const NOTIFICATION_METHOD = {
  signature: "signatureNotification",
  account: "accountNotification",
  slot: "slotNotification",
} as const;

export type CommitFeed = Required<Pick<Ledger, "onCommit">>;

/** One connection's subscriptions. `send` writes one message to the socket. */
export class SubscriptionSession {
  private readonly subscriptions = new Map<number, Subscription>();
  private nextId = 1;
  /** Notifications are prepared one commit at a time, so they leave in commit order. */
  private queue: Promise<void> = Promise.resolve();
  private readonly stopFeed: () => void;

  constructor(
    feed: CommitFeed,
    private readonly rpc: RpcService,
    private readonly send: (message: unknown) => void,
  ) {
    this.stopFeed = feed.onCommit((tx) => {
      if (this.subscriptions.size) this.enqueue(() => this.announce(tx));
    });
  }

  close(): void {
    this.stopFeed();
    this.subscriptions.clear();
  }

  /** Answers one text frame (a single JSON-RPC request; batches are not part of PubSub). */
  async receive(text: string): Promise<void> {
    let item: unknown;
    try {
      item = JSON.parse(text);
    } catch {
      this.send(errorResponse(null, new RpcError(PARSE_ERROR, "Parse error")));
      return;
    }
    // Notifications wait until this answer is out: a client must know a subscription's id
    // before its first notification arrives.
    let answered = () => {};
    const gate = new Promise<void>((resolve) => (answered = resolve));
    this.enqueue(() => gate);
    try {
      const response = await answer(item, (method, params) => this.call(method, params));
      if (response) this.send(response);
    } finally {
      answered();
    }
  }

  private async call(method: string, params: Params): Promise<unknown> {
    switch (method) {
      case "signatureSubscribe":
        return this.subscribeSignature(stringParam(params, 0, "signature"));
      case "accountSubscribe":
        return this.subscribeAccount(stringParam(params, 0, "pubkey"), config(params, 1).encoding);
      case "slotSubscribe":
        return this.add({ kind: "slot" });
      case "signatureUnsubscribe":
      case "accountUnsubscribe":
      case "slotUnsubscribe":
        return this.unsubscribe(method.replace("Unsubscribe", ""), params);
      default:
        throw new RpcError(METHOD_NOT_FOUND, "Method not found");
    }
  }

  /** Runs `step` after everything queued before it; a failed step does not stop the rest. */
  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue.then(step).catch(() => undefined);
  }

  private add(subscription: Subscription): number {
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS)
      throw new RpcError(INTERNAL_ERROR, `At most ${MAX_SUBSCRIPTIONS} subscriptions per connection`);
    const id = this.nextId++;
    this.subscriptions.set(id, subscription);
    return id;
  }

  private async subscribeSignature(signature: string): Promise<number> {
    const id = this.add({ kind: "signature", signature });
    // Already settled (the client subscribed after it landed): say so at once (queued, so
    // after the answer carrying the id).
    const [status] = await this.rpc
      .call("getSignatureStatuses", [[signature]], NO_CALLER)
      .then((r) => (r as { value: Array<{ slot: bigint; err: unknown } | null> }).value);
    if (status) {
      this.enqueue(async () => {
        if (this.subscriptions.delete(id)) this.notify(id, "signature", status.slot, { err: status.err });
      });
    }
    return id;
  }

  private async subscribeAccount(address: string, encoding: unknown): Promise<number> {
    if (!isValidAddress(address)) throw invalidParams(`${address} is not a valid address`);
    const { text } = await this.accountNow(address, encoding);
    return this.add({ kind: "account", address, encoding, last: text });
  }

  private unsubscribe(kind: string, params: Params): boolean {
    const id = Number(integerParam(params, 0, "subscription id"));
    const subscription = this.subscriptions.get(id);
    if (!subscription || subscription.kind !== kind) throw invalidParams("Invalid subscription id.");
    this.subscriptions.delete(id);
    return true;
  }

  private async announce(tx: CommittedTransaction): Promise<void> {
    const touched = new Set(tx.accounts);
    for (const [id, sub] of this.subscriptions) {
      if (sub.kind === "slot") {
        this.notify(id, "slot", null, {
          parent: tx.slot > 0n ? tx.slot - 1n : 0n,
          root: tx.slot,
          slot: tx.slot,
        });
      } else if (sub.kind === "signature") {
        if (sub.signature !== tx.signature) continue;
        this.subscriptions.delete(id); // a signature is announced once
        this.notify(id, "signature", tx.slot, { err: tx.err });
      } else if (touched.has(sub.address)) {
        const { text, result } = await this.accountNow(sub.address, sub.encoding);
        if (text === sub.last || !this.subscriptions.has(id)) continue; // read, but unchanged
        sub.last = text;
        this.notify(id, "account", null, result);
      }
    }
  }

  /** The account as getAccountInfo presents it ({context, value}), and its value as text. */
  private async accountNow(address: string, encoding: unknown) {
    const params = encoding === undefined ? [address] : [address, { encoding }];
    const result = (await this.rpc.call("getAccountInfo", params, NO_CALLER)) as { value: unknown };
    return { result, text: toJson(result.value) };
  }

  private notify(id: number, kind: Subscription["kind"], slot: bigint | null, value: unknown): void {
    const result = slot === null ? value : { context: { slot }, value };
    this.send({ jsonrpc: "2.0", method: NOTIFICATION_METHOD[kind], params: { result, subscription: id } });
  }
}
