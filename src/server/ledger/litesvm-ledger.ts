import { address, isAddress } from "@solana/kit";
import bs58 from "bs58";
import type { LiteSVM } from "litesvm";
import { BoundedCache } from "../lib/bounded-cache";
import { compareText } from "../lib/compare-text";
import type { BlockClock } from "./block-clock";
import { toLedgerError } from "./errors";
import {
  encodeEntry,
  entryToBalanceFacts,
  type History,
  type JournalEntry,
  type JournalTokenBalance,
} from "./history";
import type { Signer } from "./keys";
import type {
  AccountSnapshot,
  Blockhash,
  CommittedTransaction,
  DiskPartHealth,
  Ledger,
  LedgerHealth,
  LedgerInfo,
  MintInfo,
  SignatureInfo,
  SignatureStatus,
  TokenHolding,
  TransactionRecord,
} from "./ledger";
import { LedgerError } from "./ledger";
import { buildSolTransferTransaction } from "./system";
import type { TokenIndex } from "./token-index";
import { mintInfoFromAccount } from "./token-state";
import { executeInVm, simulateInVm } from "./vm-execution";
import { nativeOf } from "./vm-native";
import type { MessageFacts } from "./wire";
import { type ParsedWire, readSigned } from "./wire-parse";

// The embedded ledger: LiteSVM running the real Token-2022 program, in process. Every state
// change is a transaction executed here, then appended to the journal; callers hear back
// only once the journal entry is on disk (see persistence in embedded-ledger.ts).

/** Where executed entries go to become durable; null keeps everything in memory. */
export interface EntrySink {
  append(
    entry: JournalEntry,
    bytes: Uint8Array,
  ): { location: { segment: number; offset: number } | null; durable: Promise<void> };
  readonly healthy: boolean;
  status(): { journal: DiskStatus; checkpoint: DiskStatus };
}

interface DiskStatus {
  error?: string;
  since?: number;
}

export interface LiteSvmLedgerParts {
  svm: LiteSVM;
  clock: BlockClock;
  faucet: Signer;
  history: History;
  tokens: TokenIndex;
  /** The clock block times are stamped with (the BlockClock's). */
  now: () => number;
}

export interface Persistence {
  sink: EntrySink;
  /** Writes a checkpoint now (no-op when nothing changed since the last one). */
  checkpoint: () => Promise<void>;
  close: () => Promise<void>;
}

/** What the embedded ledger says of itself, on this thread or its own. */
export const EMBEDDED_LEDGER_INFO: LedgerInfo = {
  kind: "embedded",
  clusterLabel: "Local devnet (embedded)",
  cluster: "embedded",
};

export class LiteSvmLedger implements Ledger {
  readonly info = EMBEDDED_LEDGER_INFO;
  /** Executed, not yet durable: refused as duplicates, reported as not yet known. */
  /** Executed, journal entry not yet on disk: signature -> executed without error. */
  private readonly pending = new Map<string, boolean>();
  private airdropCount = 0;
  private version = 0;
  private closed = false;
  /** True when state changed since the last checkpoint. */
  dirty = false;
  private persistence: Persistence | null = null;
  private readonly commitListeners = new Set<(tx: CommittedTransaction) => void>();
  /** Decoded mints with the bytes they were decoded from: decoding a mint with its metadata
   * costs far more than comparing its bytes, and token pages ask for the same mints again. */
  private readonly decodedMints = new BoundedCache<
    string,
    { owner: string; data: Buffer; info: MintInfo | null }
  >({
    max: 10_000,
  });

  constructor(readonly parts: LiteSvmLedgerParts) {}

  onCommit(listener: (tx: CommittedTransaction) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  private announce(entry: JournalEntry, writable: string[]): void {
    const tx = {
      signature: entry.sig,
      slot: BigInt(entry.slot),
      err: entry.err,
      accounts: entry.keys,
      writable,
      facts: entryToBalanceFacts(entry),
    };
    for (const listener of this.commitListeners) listener(tx);
  }

  stateVersion(): number {
    return this.version;
  }

  /** From now on every transaction is journaled before it is acknowledged. */
  persistTo(persistence: Persistence): void {
    this.persistence = persistence;
  }

  /** Checkpoints the state now (embedded persistence only; used by tests and shutdown). */
  async checkpoint(): Promise<void> {
    await this.persistence?.checkpoint();
  }

  private get svm(): LiteSVM {
    return this.parts.svm;
  }

  private assertOpen(): void {
    if (this.closed) throw new LedgerError("The ledger is shut down.", "unavailable");
    if (this.persistence && !this.persistence.sink.healthy) {
      throw new LedgerError(
        "The ledger cannot write to disk right now; it retries by itself. Please try again in a moment.",
        "unavailable",
      );
    }
  }

  async health(): Promise<LedgerHealth> {
    const ok = !this.closed && (this.persistence?.sink.healthy ?? true);
    const slot = this.parts.clock.slot();
    const detail = this.closed
      ? "shut down"
      : ok
        ? undefined
        : "journal unavailable: writes refused, retrying";
    const disk = this.persistence?.sink.status();
    if (!disk) return { ok, slot, detail };
    return { ok, slot, detail, journal: diskPart(disk.journal), checkpoint: diskPart(disk.checkpoint) };
  }

  async getLatestBlockhash(): Promise<Blockhash> {
    return this.parts.clock.latest();
  }

  async isBlockhashValid(blockhash: string): Promise<boolean> {
    return this.parts.clock.check(blockhash) === "valid";
  }

  async getBlockHeight(): Promise<bigint> {
    return this.parts.clock.slot();
  }

  async getSlot(): Promise<bigint> {
    return this.parts.clock.slot();
  }

  async getBalance(addr: string): Promise<bigint> {
    const key = addressBytes(addr);
    return key ? (nativeOf(this.svm).getBalance(key) ?? 0n) : 0n;
  }

  async getBalances(addresses: string[]): Promise<bigint[]> {
    return Promise.all(addresses.map((a) => this.getBalance(a)));
  }

  getAccountSync(addr: string): AccountSnapshot | null {
    const key = addressBytes(addr);
    const account = key ? nativeOf(this.svm).getAccount(key) : null;
    if (!account) return null;
    return {
      address: addr,
      lamports: account.lamports(),
      owner: bs58.encode(account.owner()),
      executable: account.executable(),
      data: new Uint8Array(account.data()),
    };
  }

  async getAccount(addr: string): Promise<AccountSnapshot | null> {
    return this.getAccountSync(addr);
  }

  async getMultipleAccounts(addresses: string[]): Promise<Array<AccountSnapshot | null>> {
    return addresses.map((a) => this.getAccountSync(a));
  }

  async minimumBalanceForRentExemption(dataLength: number): Promise<bigint> {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength));
  }

  /** Test SOL from the chain's own faucet, as a real transfer transaction (so it is
   * journaled, replayed and listed like any other). */
  async airdrop(to: string, lamports: bigint): Promise<string> {
    this.assertOpen();
    if (!isAddress(to)) throw new LedgerError("That is not a valid wallet address.", "rejected");
    if (lamports <= 0n) throw new LedgerError("The airdrop amount must be positive.", "rejected");
    const minimum = this.svm.minimumBalanceForRentExemption(0n);
    if (lamports < minimum && (this.svm.getBalance(address(to)) ?? 0n) === 0n) {
      // The runtime refuses to create an account below the rent-exempt minimum.
      throw new LedgerError(`An airdrop to a new wallet must be at least ${minimum} lamports.`, "rejected");
    }
    // Two identical airdrops in one slot would be byte-identical (ed25519 is deterministic)
    // and the second would be refused as a duplicate: a memo with a counter keeps them apart.
    this.airdropCount += 1;
    const { wire } = await buildSolTransferTransaction({
      from: this.parts.faucet,
      to,
      lamports,
      blockhash: this.parts.clock.latest(),
      memo: `airdrop ${this.airdropCount}-${this.parts.now()}`,
    });
    return this.sendTransaction(wire);
  }

  async sendTransaction(wire: Uint8Array): Promise<string> {
    const staged = this.stage(wire);
    await staged.durable;
    if (staged.error) throw staged.error;
    return staged.signature;
  }

  async sendTransactionStaged(
    wire: Uint8Array,
    options: { after?: string } = {},
  ): Promise<{ signature: string; durable: Promise<void> }> {
    if (options.after !== undefined && !this.executedWithoutError(options.after))
      throw new LedgerError(
        "An earlier transaction this one was built on did not go through; this one was not run.",
        "not_after",
      );
    const staged = this.stage(wire);
    if (staged.error) {
      // Failed on chain (fee charged, journaled): the caller hears the failure now.
      staged.durable.catch(() => undefined);
      throw staged.error;
    }
    return { signature: staged.signature, durable: staged.durable };
  }

  /** Whether the transaction was executed here without error (journaled or being journaled). */
  private executedWithoutError(signature: string): boolean {
    const beingJournaled = this.pending.get(signature);
    if (beingJournaled !== undefined) return beingJournaled;
    return this.parts.history.status(signature).state === "confirmed";
  }

  /** Executes now (synchronously: the VM state moves on) and appends to the journal in
   * execution order; `durable` resolves once the entry is on disk. Throws when refused. */
  private stage(wire: Uint8Array): { signature: string; durable: Promise<void>; error: LedgerError | null } {
    this.assertOpen();
    const parsed = readSigned(wire);
    const { signature } = parsed;
    if (this.parts.history.has(signature) || this.pending.has(signature)) {
      throw new LedgerError(
        "This transaction was already processed.",
        "already_processed",
        [],
        "AlreadyProcessed",
      );
    }
    const age = this.parts.clock.check(parsed.blockhash);
    if (age !== "valid") {
      throw new LedgerError(
        "This transaction expired before it reached the ledger. Please try again.",
        "blockhash_expired",
        [],
        "BlockhashNotFound",
      );
    }
    const outcome = this.execute(parsed, wire, { slot: this.parts.clock.slot(), ts: this.parts.now() });
    if (!outcome.committed) throw toLedgerError(outcome.error, parsed.programOf, outcome.logs);
    const writable = parsed.accountKeys.filter((_, i) => parsed.isWritable(i));
    const durable = this.commit(outcome.entry, writable);
    const error = outcome.entry.err ? toLedgerError(outcome.entry.err, parsed.programOf, outcome.logs) : null;
    return { signature, durable, error };
  }

  /** Runs a transaction in the VM (see executeInVm) and keeps the token index current. */
  execute(parsed: ParsedWire, wire: Uint8Array, at: { slot: bigint; ts: number }) {
    const preTokens = this.tokenBalances(parsed.accountKeys);
    const outcome = executeInVm(this.svm, parsed, wire, at);
    if (outcome.committed) {
      this.version += 1;
      this.refreshTokenIndex(parsed);
      outcome.entry.tok = { pre: preTokens, post: this.tokenBalances(parsed.accountKeys) };
    }
    return outcome;
  }

  /** The token accounts among a transaction's keys, from the index (before or after). */
  private tokenBalances(keys: string[]): JournalTokenBalance[] {
    const { tokens } = this.parts;
    return keys.flatMap((key, i) => {
      const account = tokens.account(key);
      if (!account) return [];
      const { mint, owner, programId, amount } = account;
      return [
        {
          i,
          mint,
          owner,
          program: programId,
          amount: amount.toString(),
          decimals: tokens.decimalsOf(mint) ?? 0,
        },
      ];
    });
  }

  simulate(wire: Uint8Array) {
    return simulateInVm(this.svm, wire);
  }

  refreshTokenIndex(facts: MessageFacts): void {
    facts.accountKeys.forEach((key, i) => {
      if (facts.isWritable(i)) this.parts.tokens.update(key, this.getAccountSync(key));
    });
  }

  private async commit(entry: JournalEntry, writable: string[]): Promise<void> {
    this.dirty = true;
    const { history } = this.parts;
    const sink = this.persistence?.sink;
    if (!sink) {
      history.add(entry, null);
      this.announce(entry, writable);
      return;
    }
    this.pending.set(entry.sig, entry.err === null);
    const { location, durable } = sink.append(entry, encodeEntry(entry));
    try {
      await durable;
    } catch {
      throw new LedgerError("The ledger could not save this transaction to disk.", "unavailable");
    } finally {
      this.pending.delete(entry.sig);
    }
    history.add(entry, location);
    this.announce(entry, writable);
  }

  async simulateTransaction(wire: Uint8Array): ReturnType<Ledger["simulateTransaction"]> {
    const result = this.simulate(wire);
    return {
      error: result.error === null ? null : toLedgerError(result.error, result.programOf).message,
      rpcError: result.error,
      logs: result.logs,
      unitsConsumed: result.unitsConsumed,
    };
  }

  async getSignatureStatuses(signatures: string[]): Promise<SignatureStatus[]> {
    return signatures.map((s) => this.parts.history.status(s));
  }

  async getSignaturesForAddress(
    addr: string,
    options?: { limit?: number; before?: string; until?: string },
  ): Promise<SignatureInfo[]> {
    return this.parts.history.signaturesFor(addr, options);
  }

  async getTransaction(signature: string): Promise<TransactionRecord | null> {
    return this.parts.history.get(signature);
  }

  async getMint(mint: string): Promise<MintInfo | null> {
    const account = this.getAccountSync(mint);
    if (!account) return null;
    const known = this.decodedMints.get(mint);
    if (known && known.owner === account.owner && known.data.equals(account.data)) return known.info;
    const info = mintInfoFromAccount(account);
    this.decodedMints.set(mint, { owner: account.owner, data: Buffer.from(account.data), info });
    return info;
  }

  private holdings(list: ReturnType<TokenIndex["ofOwner"]>): TokenHolding[] {
    return list.map((a) => ({
      address: a.address,
      mint: a.mint,
      owner: a.owner,
      amount: a.amount,
      decimals: this.parts.tokens.decimalsOf(a.mint) ?? 0,
    }));
  }

  async getTokenAccountsByOwner(owner: string): Promise<TokenHolding[]> {
    // A stable order (by mint, then account) whatever order the index was built in.
    return this.holdings(this.parts.tokens.ofOwner(owner)).sort(
      (a, b) => compareText(a.mint, b.mint) || compareText(a.address, b.address),
    );
  }

  async getTokenAccountsByMint(mint: string): Promise<TokenHolding[]> {
    return this.holdings(this.parts.tokens.ofMint(mint)).sort((a, b) =>
      b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : compareText(a.address, b.address),
    );
  }

  /** Every mint on the embedded chain (for tests and the explore page's sanity checks). */
  mintAddresses(): string[] {
    return this.parts.tokens.mintAddresses();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.persistence?.close();
  }
}

function diskPart(status: DiskStatus): DiskPartHealth {
  if (status.error === undefined) return { ok: true };
  const since = status.since === undefined ? undefined : new Date(status.since).toISOString();
  return { ok: false, error: status.error, since };
}

/** The 32 bytes of a base58 address, or null when it is not one. */
function addressBytes(addr: string): Uint8Array | null {
  try {
    const bytes = bs58.decode(addr);
    return bytes.length === 32 ? bytes : null;
  } catch {
    return null;
  }
}
