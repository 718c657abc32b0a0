import { address, type Transaction } from "@solana/kit";
import { FailedTransactionMetadata, type LiteSVM } from "litesvm";
import { liteSvmErrorToRpc, type RpcTransactionError } from "./errors";
import type { JournalEntry } from "./history";
import { LAMPORTS_PER_SIGNATURE } from "./token-2022";
import { decodeWireTransaction, firstSignature, type MessageFacts, messageFacts } from "./wire";

// Running transactions in LiteSVM and turning the outcome into a journal entry: the same
// path for live submissions and for replay at start-up, so both record the same facts.

export type ExecutionOutcome =
  | { committed: true; entry: JournalEntry; logs: string[] }
  | { committed: false; error: RpcTransactionError; logs: string[] };

/** Runs a transaction in the VM at a given slot and time. Returns the journal entry, or
 * the error when nothing was committed (the fee payer was not even charged). */
export function executeInVm(
  svm: LiteSVM,
  transaction: Transaction,
  facts: MessageFacts,
  wire: Uint8Array,
  at: { slot: bigint; ts: number },
): ExecutionOutcome {
  const keys = facts.accountKeys.map((k) => address(k));
  const pre = keys.map((k) => svm.getBalance(k) ?? 0n);
  const clock = svm.getClock();
  clock.slot = at.slot;
  clock.unixTimestamp = BigInt(Math.floor(at.ts / 1000));
  svm.setClock(clock);
  const result = runInVm(svm, transaction);
  if (result === null) return { committed: false, error: "SignatureFailure", logs: [] };
  const meta = result instanceof FailedTransactionMetadata ? result.meta() : result;
  const logs = meta.logs();
  const post = keys.map((k) => svm.getBalance(k) ?? 0n);
  const error = result instanceof FailedTransactionMetadata ? liteSvmErrorToRpc(result.err()) : null;
  // A failure that charged the fee payer is on chain (like a real cluster without
  // preflight): it must be journaled, or replay would diverge. Otherwise nothing happened.
  if (error !== null && pre[0] === post[0]) return { committed: false, error, logs };
  const entry: JournalEntry = {
    v: 1,
    sig: firstSignature(transaction) ?? "",
    slot: at.slot.toString(),
    ts: at.ts,
    bh: facts.blockhash,
    wire: Buffer.from(wire).toString("base64"),
    err: error,
    logs,
    fee: (LAMPORTS_PER_SIGNATURE * BigInt(facts.numSignatures)).toString(),
    keys: facts.accountKeys,
    pre: pre.map(String),
    post: post.map(String),
    cu: meta.computeUnitsConsumed().toString(),
  };
  return { committed: true, entry, logs };
}

/** LiteSVM throws (rather than failing) on transactions it cannot even check. */
function runInVm(svm: LiteSVM, transaction: Transaction): ReturnType<LiteSVM["sendTransaction"]> | null {
  try {
    return svm.sendTransaction(transaction);
  } catch {
    return null;
  }
}

/** Simulation as the RPC does it by default: signatures not checked, any blockhash. */
export function simulateInVm(
  svm: LiteSVM,
  wire: Uint8Array,
): {
  error: RpcTransactionError | null;
  logs: string[];
  unitsConsumed: bigint;
  programOf: (i: number) => string | undefined;
} {
  const transaction = decodeWireTransaction(wire);
  if (!transaction)
    return { error: "SanitizeFailure", logs: [], unitsConsumed: 0n, programOf: () => undefined };
  const facts = messageFacts(transaction);
  svm.withSigverify(false);
  try {
    const result = svm.simulateTransaction(transaction);
    if (result instanceof FailedTransactionMetadata) {
      const meta = result.meta();
      return {
        error: liteSvmErrorToRpc(result.err()),
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
        programOf: facts.programOf,
      };
    }
    const meta = result.meta();
    return {
      error: null,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      programOf: facts.programOf,
    };
  } finally {
    svm.withSigverify(true);
  }
}
