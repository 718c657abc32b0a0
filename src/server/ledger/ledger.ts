// The one door to the chain. Two implementations: the embedded LiteSVM (default, durable,
// offline) and a Solana JSON-RPC cluster (devnet). Services depend on this interface only.

export type LedgerKind = "embedded" | "rpc";

export interface LedgerInfo {
  kind: LedgerKind;
  /** Shown to people: "Local devnet (embedded)" or "Solana Devnet". */
  clusterLabel: string;
  /** "devnet" | "mainnet-beta" | "testnet" | "embedded" | "custom" */
  cluster: string;
}

export interface LedgerHealth {
  ok: boolean;
  slot: bigint;
  detail?: string;
  /** Embedded ledger: writes to its journal, and its periodic checkpoints. One that fails
   * carries its last error and since when while it retries by itself. */
  journal?: DiskPartHealth;
  checkpoint?: DiskPartHealth;
}

export interface DiskPartHealth {
  ok: boolean;
  error?: string;
  /** ISO time of the first failure of this outage. */
  since?: string;
}

export interface AccountSnapshot {
  address: string;
  lamports: bigint;
  owner: string;
  executable: boolean;
  data: Uint8Array;
}

export interface MintInfo {
  address: string;
  programId: string;
  supply: bigint;
  decimals: number;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  metadata: TokenMetadataInfo | null;
}

export interface TokenMetadataInfo {
  updateAuthority: string | null;
  mint: string;
  name: string;
  symbol: string;
  uri: string;
  additionalMetadata: Array<[string, string]>;
}

export interface TokenHolding {
  /** The token account's address. */
  address: string;
  mint: string;
  owner: string;
  amount: bigint;
  decimals: number;
}

export type SignatureState = "confirmed" | "failed" | "unknown";

export interface SignatureStatus {
  signature: string;
  state: SignatureState;
  slot: bigint | null;
  error: string | null;
}

/** One entry of an address's history, newest first in lists. */
export interface SignatureInfo {
  signature: string;
  slot: bigint;
  /** Unix seconds. */
  blockTime: number | null;
  /** Technical summary of the failure (e.g. "InstructionError(1, Custom 1)"), null on success. */
  error: string | null;
  /** Its memos as the RPC reports them ("[10] trade 1234"; several joined by "; "), null when
   * it carried none. */
  memo: string | null;
}

/** A token account's balance before or after a transaction (RPC pre/postTokenBalances). */
export interface TokenBalanceRecord {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  amount: bigint;
  decimals: number;
}

/** What one top-level instruction invoked (RPC innerInstructions). */
export interface InnerInstructionsRecord {
  index: number;
  instructions: Array<{
    programIdIndex: number;
    accounts: number[];
    data: Uint8Array;
    stackHeight: number | null;
  }>;
}

/** A processed transaction with what the chain recorded about it (RPC getTransaction). */
export interface TransactionRecord extends Omit<SignatureInfo, "memo"> {
  /** The error in the JSON shape the Solana RPC uses, null on success. */
  rpcError: unknown;
  fee: bigint;
  logs: string[];
  /** Static account keys in message order. */
  accountKeys: string[];
  preBalances: bigint[];
  postBalances: bigint[];
  computeUnits: bigint;
  preTokenBalances: TokenBalanceRecord[];
  postTokenBalances: TokenBalanceRecord[];
  innerInstructions: InnerInstructionsRecord[];
  /** The signed wire transaction. */
  wire: Uint8Array;
}

export interface Blockhash {
  blockhash: string;
  lastValidBlockHeight: bigint;
}

/** A failed submission, with a message fit to show a person. */
export class LedgerError extends Error {
  constructor(
    message: string,
    readonly code:
      | "insufficient_funds"
      | "blockhash_expired"
      | "already_processed"
      | "rejected"
      | "rate_limited"
      | "unavailable"
      | "not_after",
    readonly logs: string[] = [],
    /** The chain's own error in the Solana RPC JSON shape, when there is one. */
    readonly rpcError: unknown = null,
  ) {
    super(message);
    this.name = "LedgerError";
  }
}

/** A transaction the ledger has just made durable (what RPC subscriptions announce). */
export interface CommittedTransaction {
  signature: string;
  slot: bigint;
  /** The chain's error in the Solana RPC JSON shape; null when it succeeded. */
  err: unknown;
  /** Every account the transaction referenced. */
  accounts: string[];
  /** Those it may have written (its writable keys): an account it only read is as it was, so
   * reads kept of it stay good (a transfer reads its mint but leaves it unchanged). */
  writable: string[];
  /** Its balances before and after (the embedded ledger sends them along: the indexer need
   * not read the transaction back). */
  facts?: BalanceFacts;
}

/** What a transaction did to balances, lamports and tokens: what the chain indexer reads. */
export type BalanceFacts = Pick<
  TransactionRecord,
  | "signature"
  | "slot"
  | "blockTime"
  | "error"
  | "accountKeys"
  | "preBalances"
  | "postBalances"
  | "preTokenBalances"
  | "postTokenBalances"
>;

export interface Ledger {
  readonly info: LedgerInfo;
  /** Grows with every state change this process applies; lets readers reuse what they
   * derived from the chain until it changes. Null when the chain also changes elsewhere. */
  stateVersion(): number | null;
  health(): Promise<LedgerHealth>;
  getLatestBlockhash(): Promise<Blockhash>;
  getBlockHeight(): Promise<bigint>;
  /** Whether a transaction built on this blockhash can still land. */
  isBlockhashValid(blockhash: string): Promise<boolean>;
  getSlot(): Promise<bigint>;
  getBalance(address: string): Promise<bigint>;
  /** Lamports of each address (0 for none), in the order asked. */
  getBalances(addresses: string[]): Promise<bigint[]>;
  getAccount(address: string): Promise<AccountSnapshot | null>;
  getMultipleAccounts(addresses: string[]): Promise<Array<AccountSnapshot | null>>;
  minimumBalanceForRentExemption(dataLength: number): Promise<bigint>;
  /** Lamports to an address (test SOL). Embedded: journaled before it returns. */
  airdrop(address: string, lamports: bigint): Promise<string>;
  /** Submits signed wire bytes; resolves once confirmed (embedded: executed and journaled).
   * Throws LedgerError with a readable message when the chain refuses it. */
  sendTransaction(wireTransaction: Uint8Array): Promise<string>;
  /** The same in two steps, where the ledger executes in process (embedded): resolves once the
   * transaction has executed (the next one sees its effects), with `durable` resolving once
   * it is as durable as sendTransaction's answer (embedded: journaled). Rejects like
   * sendTransaction when the chain refuses or fails it. Lets a caller order work behind the
   * execution without waiting for the disk. With `after`, it executes only if the transaction
   * with that signature executed without error before it (else it is refused, code
   * "not_after", and nothing runs): a caller may send a transaction built on another's
   * outcome before hearing that outcome. */
  sendTransactionStaged?(
    wireTransaction: Uint8Array,
    options?: { after?: string },
  ): Promise<{ signature: string; durable: Promise<void> }>;
  simulateTransaction(wireTransaction: Uint8Array): Promise<{
    error: string | null;
    logs: string[];
    unitsConsumed: bigint;
    /** The error in the Solana RPC JSON shape (null on success). */
    rpcError?: unknown;
  }>;
  getSignatureStatuses(signatures: string[]): Promise<SignatureStatus[]>;
  /** Transactions that touched an address, newest first (RPC getSignaturesForAddress). */
  getSignaturesForAddress(
    address: string,
    options?: { limit?: number; before?: string; until?: string },
  ): Promise<SignatureInfo[]>;
  getTransaction(signature: string): Promise<TransactionRecord | null>;
  /** Parsed Token-2022 (or SPL Token) mint, with its metadata extension when present. */
  getMint(mint: string): Promise<MintInfo | null>;
  /** Every token account an owner holds (both token programs), ordered by mint, then account. */
  getTokenAccountsByOwner(owner: string): Promise<TokenHolding[]>;
  /** Every token account of a mint (holders), largest first. */
  getTokenAccountsByMint(mint: string): Promise<TokenHolding[]>;
  /** Calls `listener` after each transaction this ledger commits; returns the unsubscribe.
   * Only where every change passes through this process (the embedded ledger). */
  onCommit?(listener: (tx: CommittedTransaction) => void): () => void;
  close(): Promise<void>;
}
