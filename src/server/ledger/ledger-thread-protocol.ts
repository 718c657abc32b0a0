import type { CommittedTransaction } from "./ledger";

// Messages between the server and the embedded ledger's thread (ledger-thread.ts). Both sides
// send batches: every call made in one turn of the server's event loop goes in one message,
// and every answer ready in one turn of the ledger's goes back in one.

export interface LedgerThreadSetup {
  /** null: in memory. */
  chainDir: string | null;
  checkpointIntervalMs: number;
  /** The server's clock when it started the thread (see LedgerCallBatch.now). */
  now: number;
}

/** Calls, with the server's clock when they left: the chain's clock (slots, blockhashes,
 * block times) is the server's, so one clock orders both (and a test that moves the server's
 * clock moves the chain's). */
export interface LedgerCallBatch {
  now: number;
  calls: LedgerCall[];
}

/** A Ledger method (or checkpoint / close) with its arguments, answered under its id. */
export interface LedgerCall {
  id: number;
  method: string;
  args: unknown[];
}

/** An error as it crossed: a LedgerError keeps its code, logs and RPC error. */
export interface ThreadError {
  message: string;
  name: string;
  ledger?: { code: string; logs: string[]; rpcError: unknown };
}

export type LedgerOut =
  | { t: "ready" }
  | { t: "failed"; error: ThreadError }
  | { t: "ok"; id: number; value: unknown }
  | { t: "err"; id: number; error: ThreadError }
  /** sendTransactionStaged executed: its signature now, its `durable` later. */
  | { t: "staged"; id: number; signature: string }
  | { t: "durable"; id: number; error?: ThreadError }
  | { t: "commit"; tx: CommittedTransaction }
  | { t: "log"; level: "warn" | "error"; message: string };

/** What the thread sends: its state version when the batch left, and the batch. */
export interface LedgerThreadBatch {
  v: number;
  out: LedgerOut[];
}
