import { FailedTransactionMetadata, type InnerInstruction, type LiteSVM } from "litesvm";
import { liteSvmErrorToRpc, type RpcTransactionError } from "./errors";
import type { JournalEntry } from "./history";
import { LAMPORTS_PER_SIGNATURE } from "./token-2022";
import { type NativeLiteSvm, nativeOf } from "./vm-native";
import { decodeWireTransaction, messageFacts } from "./wire";
import type { ParsedWire } from "./wire-parse";

// Running transactions in LiteSVM and turning the outcome into a journal entry: the same
// path for live submissions and for replay at start-up, so both record the same facts.

export type ExecutionOutcome =
  | { committed: true; entry: JournalEntry; logs: string[] }
  | { committed: false; error: RpcTransactionError; logs: string[] };

/** Runs a transaction in the VM at a given slot and time. Returns the journal entry, or
 * the error when nothing was committed (the fee payer was not even charged). */
export function executeInVm(
  svm: LiteSVM,
  parsed: ParsedWire,
  wire: Uint8Array,
  at: { slot: bigint; ts: number },
): ExecutionOutcome {
  const vm = nativeOf(svm);
  const pre = parsed.keyBytes.map((k) => vm.getBalance(k) ?? 0n);
  const clock = vm.getClock();
  clock.slot = at.slot;
  clock.unixTimestamp = BigInt(Math.floor(at.ts / 1000));
  vm.setClock(clock);
  let result: ReturnType<NativeLiteSvm["sendVersionedTransaction"]>;
  try {
    result = parsed.versioned ? vm.sendVersionedTransaction(wire) : vm.sendLegacyTransaction(wire);
  } catch {
    // LiteSVM throws (rather than failing) on transactions it cannot even sanitize.
    return { committed: false, error: "SanitizeFailure", logs: [] };
  }
  const meta = result instanceof FailedTransactionMetadata ? result.meta() : result;
  const logs = meta.logs();
  const post = parsed.keyBytes.map((k) => vm.getBalance(k) ?? 0n);
  const error = result instanceof FailedTransactionMetadata ? liteSvmErrorToRpc(result.err()) : null;
  // A failure that charged the fee payer is on chain (like a real cluster without
  // preflight): it must be journaled, or replay would diverge. Otherwise nothing happened.
  if (error !== null && pre[0] === post[0]) return { committed: false, error, logs };
  const entry: JournalEntry = {
    v: 1,
    sig: parsed.signature,
    slot: at.slot.toString(),
    ts: at.ts,
    bh: parsed.blockhash,
    wire: Buffer.from(wire).toString("base64"),
    err: error,
    logs,
    fee: (LAMPORTS_PER_SIGNATURE * BigInt(parsed.numSignatures)).toString(),
    keys: parsed.accountKeys,
    pre: pre.map(String),
    post: post.map(String),
    cu: meta.computeUnitsConsumed().toString(),
    inner: innerInstructionsOf(meta),
  };
  return { committed: true, entry, logs };
}

/** The instructions each top-level instruction invoked (only those that invoked any). */
function innerInstructionsOf(meta: { innerInstructions(): InnerInstruction[][] }): JournalEntry["inner"] {
  return meta.innerInstructions().flatMap((group, i) =>
    group.length === 0
      ? []
      : [
          {
            i,
            ix: group.map((inner): [number, number[], string, number] => {
              const ix = inner.instruction();
              return [
                ix.programIdIndex(),
                [...ix.accounts()],
                Buffer.from(ix.data()).toString("base64"),
                inner.stackHeight(),
              ];
            }),
          },
        ],
  );
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
