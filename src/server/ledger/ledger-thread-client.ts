import type { Worker } from "node:worker_threads";
import { perTurn } from "../lib/per-turn";
import { spawnTypeScriptWorker } from "../lib/ts-worker";
import { SLOT_MS } from "./block-clock";
import type { LedgerLog } from "./checkpoint-retry";
import { KeptReads } from "./kept-reads";
import type {
  AccountSnapshot,
  Blockhash,
  CommittedTransaction,
  Ledger,
  LedgerHealth,
  MintInfo,
  SignatureInfo,
  SignatureStatus,
  TokenHolding,
  TransactionRecord,
} from "./ledger";
import { LedgerError } from "./ledger";
import type {
  LedgerCall,
  LedgerCallBatch,
  LedgerOut,
  LedgerThreadBatch,
  LedgerThreadSetup,
  ThreadError,
} from "./ledger-thread-protocol";
import { EMBEDDED_LEDGER_INFO } from "./litesvm-ledger";

/** How long a blockhash is handed out (it stays valid for about a minute after it is made). */
const HELD_BLOCKHASH_MS = 5_000;

// The embedded ledger on its own thread (ledger-thread.ts), behind the Ledger interface: each
// method is a message, answered in order. What callers read synchronously is mirrored here:
// the state version (from every batch the thread sends) and commit notices (fanned out).

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

function rebuild(error: ThreadError): Error {
  if (error.ledger) {
    const { code, logs, rpcError } = error.ledger;
    return new LedgerError(error.message, code as LedgerError["code"], logs, rpcError);
  }
  const err = new Error(error.message);
  err.name = error.name;
  return err;
}

export class LedgerThreadClient implements Ledger {
  readonly info = EMBEDDED_LEDGER_INFO;
  private version = 0;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Staged sends whose journal entry is not yet on disk. */
  private readonly durable = new Map<number, Pending>();
  private readonly commitListeners = new Set<(tx: CommittedTransaction) => void>();
  /** Mints and owners' token accounts, kept until a commit notice names them. */
  private readonly keptReads = new KeptReads();
  private readonly rent = new Map<number, bigint>();
  private blockhash: { value: Promise<Blockhash>; at: number } | null = null;
  private blockhashRefresh: Promise<Blockhash> | null = null;
  /** This turn's calls leave in one message. */
  private readonly post = perTurn<LedgerCall>((calls) =>
    this.worker.postMessage({ now: Date.now(), calls } satisfies LedgerCallBatch),
  );
  private failure: Error | null = null;
  private closed = false;
  private refed = false;
  private started: Pending | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly log: LedgerLog,
  ) {
    worker.on("message", (batch: LedgerThreadBatch) => this.receive(batch));
    worker.on("error", (err: Error) => this.fail(err));
    worker.on("exit", (code) => this.fail(new Error(`the ledger thread stopped (exit ${code})`)));
    worker.unref();
  }

  /** Opens the embedded ledger (genesis, or checkpoint + journal replay) on a new thread;
   * resolves once it is ready, rejects with the error opening it failed with. */
  static async start(options: Omit<LedgerThreadSetup, "now">, log: LedgerLog): Promise<LedgerThreadClient> {
    const setup: LedgerThreadSetup = { ...options, now: Date.now() };
    const worker = spawnTypeScriptWorker(new URL("./ledger-thread.ts", import.meta.url), setup);
    const client = new LedgerThreadClient(worker, log);
    client.hold();
    try {
      await new Promise((resolve, reject) => (client.started = { resolve, reject }));
    } catch (err) {
      client.closed = true;
      await worker.terminate();
      throw err;
    } finally {
      client.release();
    }
    return client;
  }

  private receive({ v, out }: LedgerThreadBatch): void {
    // Before anything is answered: a caller that reads the version after an answer sees at
    // least the state that answer was read from.
    if (v > this.version) this.version = v;
    for (const message of out) this.handle(message);
    this.release();
  }

  private handle(message: LedgerOut): void {
    switch (message.t) {
      case "ready":
        this.started?.resolve(undefined);
        this.started = null;
        return;
      case "failed":
        this.started?.reject(rebuild(message.error));
        this.started = null;
        return;
      case "ok":
        this.take(this.pending, message.id)?.resolve(message.value);
        return;
      case "err":
        this.take(this.pending, message.id)?.reject(rebuild(message.error));
        return;
      case "staged": {
        const durable = new Promise<void>((resolve, reject) =>
          this.durable.set(message.id, { resolve: () => resolve(), reject }),
        );
        this.take(this.pending, message.id)?.resolve({ signature: message.signature, durable });
        return;
      }
      case "durable": {
        const waiting = this.take(this.durable, message.id);
        if (message.error) waiting?.reject(rebuild(message.error));
        else waiting?.resolve(undefined);
        return;
      }
      case "commit":
        this.keptReads.committed(message.tx);
        for (const listener of this.commitListeners) listener(message.tx);
        return;
      case "log":
        this.log[message.level](message.message);
        return;
    }
  }

  private take(map: Map<number, Pending>, id: number): Pending | undefined {
    const p = map.get(id);
    map.delete(id);
    return p;
  }

  /** The thread keeps the process alive only while something waits for it. */
  private hold(): void {
    if (this.refed) return;
    this.refed = true;
    this.worker.ref();
  }

  private release(): void {
    if (!this.refed || this.pending.size > 0 || this.durable.size > 0 || this.started) return;
    this.refed = false;
    this.worker.unref();
  }

  private fail(err: Error): void {
    this.failure ??= this.closed ? new LedgerError("The ledger is shut down.", "unavailable") : err;
    if (!this.closed) this.log.error(`the ledger thread failed: ${err.message}`);
    const refusal = new LedgerError(
      this.closed ? "The ledger is shut down." : "The ledger stopped; restart the server.",
      "unavailable",
    );
    this.started?.reject(err);
    this.started = null;
    for (const p of [...this.pending.values(), ...this.durable.values()]) p.reject(refusal);
    this.pending.clear();
    this.durable.clear();
  }

  private call<T>(method: string, ...args: unknown[]): Promise<T> {
    if (this.closed) return Promise.reject(new LedgerError("The ledger is shut down.", "unavailable"));
    if (this.failure)
      return Promise.reject(new LedgerError("The ledger stopped; restart the server.", "unavailable"));
    const id = this.nextId++;
    const promise = new Promise<T>((resolve, reject) =>
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject }),
    );
    this.hold();
    this.post({ id, method, args });
    return promise;
  }

  stateVersion(): number {
    return this.version;
  }

  onCommit(listener: (tx: CommittedTransaction) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  async health(): Promise<LedgerHealth> {
    if (this.failure && !this.closed)
      return { ok: false, slot: 0n, detail: `ledger thread stopped: ${this.failure.message}` };
    if (this.closed) return { ok: false, slot: 0n, detail: "shut down" };
    return this.call("health");
  }

  /** The chain moves to a new blockhash once a slot (block-clock.ts), and each stays valid for
   * 150 slots (about a minute). One held for up to HELD_BLOCKHASH_MS is answered at once, and
   * past a slot old the next one is fetched behind it: no launch or transfer waits a thread
   * round trip for it (they waited in turn once a slot before). */
  getLatestBlockhash(): Promise<Blockhash> {
    const held = this.blockhash;
    const age = Date.now() - (held?.at ?? 0);
    if (held && age >= 0 && age < HELD_BLOCKHASH_MS) {
      if (age >= SLOT_MS) this.refreshBlockhash();
      return held.value;
    }
    return this.refreshBlockhash();
  }

  /** One fetch at a time: callers arriving while it is out share it. */
  private refreshBlockhash(): Promise<Blockhash> {
    if (this.blockhashRefresh) return this.blockhashRefresh;
    const value = this.call<Blockhash>("getLatestBlockhash");
    this.blockhashRefresh = value;
    value.then(
      () => {
        // Held from the moment it is in: a pending one would make callers wait after all.
        this.blockhash = { value, at: Date.now() };
        this.blockhashRefresh = null;
      },
      () => {
        this.blockhashRefresh = null;
      },
    );
    return value;
  }

  getBlockHeight(): Promise<bigint> {
    return this.call("getBlockHeight");
  }

  isBlockhashValid(blockhash: string): Promise<boolean> {
    return this.call("isBlockhashValid", blockhash);
  }

  getSlot(): Promise<bigint> {
    return this.call("getSlot");
  }

  /** Wallet lists, launches and transfers ask for a payer's SOL on each request. */
  getBalance(address: string): Promise<bigint> {
    if (this.failure || this.closed) return this.call("getBalance", address);
    return this.keptReads.balance(address, () => this.call<bigint>("getBalance", address));
  }

  /** Each from what is kept where it can (the misses leave in one message to the thread). */
  getBalances(addresses: string[]): Promise<bigint[]> {
    return Promise.all(addresses.map((a) => this.getBalance(a)));
  }

  getAccount(address: string): Promise<AccountSnapshot | null> {
    return this.call("getAccount", address);
  }

  getMultipleAccounts(addresses: string[]): Promise<Array<AccountSnapshot | null>> {
    return this.call("getMultipleAccounts", addresses);
  }

  /** Rent never changes on the embedded chain: the few sizes asked often (accounts, token
   * accounts) are answered here after their first trip. */
  minimumBalanceForRentExemption(dataLength: number): Promise<bigint> {
    const known = this.rent.get(dataLength);
    if (known !== undefined) return Promise.resolve(known);
    return this.call<bigint>("minimumBalanceForRentExemption", dataLength).then((lamports) => {
      if (this.rent.size < 64) this.rent.set(dataLength, lamports);
      return lamports;
    });
  }

  airdrop(address: string, lamports: bigint): Promise<string> {
    return this.call("airdrop", address, lamports);
  }

  sendTransaction(wire: Uint8Array): Promise<string> {
    return this.call("sendTransaction", wire);
  }

  sendTransactionStaged(
    wire: Uint8Array,
    options?: { after?: string },
  ): Promise<{ signature: string; durable: Promise<void> }> {
    return this.call("sendTransactionStaged", wire, options);
  }

  simulateTransaction(wire: Uint8Array): ReturnType<Ledger["simulateTransaction"]> {
    return this.call("simulateTransaction", wire);
  }

  getSignatureStatuses(signatures: string[]): Promise<SignatureStatus[]> {
    return this.call("getSignatureStatuses", signatures);
  }

  getSignaturesForAddress(
    address: string,
    options?: { limit?: number; before?: string; until?: string },
  ): Promise<SignatureInfo[]> {
    return this.call("getSignaturesForAddress", address, options);
  }

  getTransaction(signature: string): Promise<TransactionRecord | null> {
    return this.call("getTransaction", signature);
  }

  /** A token page asks for its mint on every change of its holders; the mint itself moves
   * only when a transaction names it. */
  getMint(mint: string): Promise<MintInfo | null> {
    if (this.failure || this.closed) return this.call("getMint", mint);
    return this.keptReads.mint(mint, () => this.call<MintInfo | null>("getMint", mint));
  }

  /** Balances and agents lists ask for every wallet of the reader on each request. */
  getTokenAccountsByOwner(owner: string): Promise<TokenHolding[]> {
    if (this.failure || this.closed) return this.call("getTokenAccountsByOwner", owner);
    // Frozen and shared between callers: the interface's mutable type is not for changing it.
    return this.keptReads.ownerHoldings(owner, () =>
      this.call<TokenHolding[]>("getTokenAccountsByOwner", owner),
    ) as Promise<TokenHolding[]>;
  }

  getTokenAccountsByMint(mint: string): Promise<TokenHolding[]> {
    return this.call("getTokenAccountsByMint", mint);
  }

  /** Every mint on the embedded chain (tests). */
  mintAddresses(): Promise<string[]> {
    return this.call("mintAddresses");
  }

  /** Checkpoints the state now (tests and shutdown). */
  checkpoint(): Promise<void> {
    return this.call("checkpoint");
  }

  /** Checkpoints and closes the journal on the thread, then ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.failure) await this.call("close");
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
