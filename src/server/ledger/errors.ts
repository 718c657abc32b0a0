import { LedgerError } from "./ledger";

// One vocabulary for transaction failures. LiteSVM's error objects are converted to the JSON
// shape the real Solana RPC uses (e.g. {"InstructionError":[1,{"Custom":1}]}), so the same
// mapping to person-readable LedgerErrors serves the embedded VM, devnet and our /rpc.

/** The JSON form of a Solana TransactionError, as in RPC `err` fields. */
export type RpcTransactionError = string | { [kind: string]: unknown };

const TRANSACTION_ERRORS = [
  "AccountInUse",
  "AccountLoadedTwice",
  "AccountNotFound",
  "ProgramAccountNotFound",
  "InsufficientFundsForFee",
  "InvalidAccountForFee",
  "AlreadyProcessed",
  "BlockhashNotFound",
  "CallChainTooDeep",
  "MissingSignatureForFee",
  "InvalidAccountIndex",
  "SignatureFailure",
  "InvalidProgramForExecution",
  "SanitizeFailure",
  "ClusterMaintenance",
  "AccountBorrowOutstanding",
  "WouldExceedMaxBlockCostLimit",
  "UnsupportedVersion",
  "InvalidWritableAccount",
  "WouldExceedMaxAccountCostLimit",
  "WouldExceedAccountDataBlockLimit",
  "TooManyAccountLocks",
  "AddressLookupTableNotFound",
  "InvalidAddressLookupTableOwner",
  "InvalidAddressLookupTableData",
  "InvalidAddressLookupTableIndex",
  "InvalidRentPayingAccount",
  "WouldExceedMaxVoteCostLimit",
  "WouldExceedAccountDataTotalLimit",
  "MaxLoadedAccountsDataSizeExceeded",
  "ResanitizationNeeded",
  "InvalidLoadedAccountsDataSizeLimit",
  "UnbalancedTransaction",
  "ProgramCacheHitMaxLimit",
  "CommitCancelled",
];

const INSTRUCTION_ERRORS = [
  "GenericError",
  "InvalidArgument",
  "InvalidInstructionData",
  "InvalidAccountData",
  "AccountDataTooSmall",
  "InsufficientFunds",
  "IncorrectProgramId",
  "MissingRequiredSignature",
  "AccountAlreadyInitialized",
  "UninitializedAccount",
  "UnbalancedInstruction",
  "ModifiedProgramId",
  "ExternalAccountLamportSpend",
  "ExternalAccountDataModified",
  "ReadonlyLamportChange",
  "ReadonlyDataModified",
  "DuplicateAccountIndex",
  "ExecutableModified",
  "RentEpochModified",
  "NotEnoughAccountKeys",
  "AccountDataSizeChanged",
  "AccountNotExecutable",
  "AccountBorrowFailed",
  "AccountBorrowOutstanding",
  "DuplicateAccountOutOfSync",
  "InvalidError",
  "ExecutableDataModified",
  "ExecutableLamportChange",
  "ExecutableAccountNotRentExempt",
  "UnsupportedProgramId",
  "CallDepth",
  "MissingAccount",
  "ReentrancyNotAllowed",
  "MaxSeedLengthExceeded",
  "InvalidSeeds",
  "InvalidRealloc",
  "ComputationalBudgetExceeded",
  "PrivilegeEscalation",
  "ProgramEnvironmentSetupFailure",
  "ProgramFailedToComplete",
  "ProgramFailedToCompile",
  "Immutable",
  "IncorrectAuthority",
  "AccountNotRentExempt",
  "InvalidAccountOwner",
  "ArithmeticOverflow",
  "UnsupportedSysvar",
  "IllegalOwner",
  "MaxAccountsDataAllocationsExceeded",
  "MaxAccountsExceeded",
  "MaxInstructionTraceLengthExceeded",
  "BuiltinProgramsMustConsumeComputeUnits",
  "BorshIoError",
];

function hasField<K extends string>(value: unknown, key: K): value is Record<K, unknown> {
  return typeof value === "object" && value !== null && key in value;
}

function instructionErrorToRpc(err: unknown): unknown {
  if (typeof err === "number") return INSTRUCTION_ERRORS[err] ?? `InstructionError${err}`;
  if (hasField(err, "code")) return { Custom: Number(err.code) };
  if (hasField(err, "msg")) return { BorshIoError: String(err.msg) };
  return "GenericError";
}

/** Converts a LiteSVM `FailedTransactionMetadata.err()` value to the RPC JSON shape. */
export function liteSvmErrorToRpc(err: unknown): RpcTransactionError {
  if (typeof err === "number") return TRANSACTION_ERRORS[err] ?? `TransactionError${err}`;
  const kind = typeof err === "object" && err !== null ? err.constructor.name : "";
  if (hasField(err, "err") && hasField(err, "index") && typeof err.err === "function") {
    return {
      InstructionError: [Number(err.index), instructionErrorToRpc((err.err as () => unknown).call(err))],
    };
  }
  if (kind.includes("DuplicateInstruction") && hasField(err, "index"))
    return { DuplicateInstruction: Number(err.index) };
  if (kind.includes("ProgramExecutionTemporarilyRestricted") && hasField(err, "accountIndex")) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: Number(err.accountIndex) } };
  }
  if (hasField(err, "accountIndex"))
    return { InsufficientFundsForRent: { account_index: Number(err.accountIndex) } };
  return "UnknownError";
}

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const TOKEN_PROGRAMS = new Set([
  "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
]);

export const NOT_ENOUGH_SOL = "Not enough test SOL in this wallet. Use Get Test SOL and try again.";

/** A short technical summary, e.g. "InstructionError(1, Custom 1)", for logs and RPC text. */
export function errorSummary(err: RpcTransactionError): string {
  if (typeof err === "string") return err;
  const [kind, detail] = Object.entries(err)[0] ?? ["UnknownError", null];
  if (kind === "InstructionError" && Array.isArray(detail)) {
    const [index, inner] = detail as [number, unknown];
    const innerText =
      typeof inner === "string"
        ? inner
        : Object.entries(inner as object)
            .map(([k, v]) => `${k} ${String(v)}`)
            .join("");
    return `InstructionError(${index}, ${innerText})`;
  }
  return kind;
}

/** Maps a transaction error to a LedgerError a person can act on. `programOf` names the
 * program of the failing instruction (so custom error codes can be read in context). */
export function toLedgerError(
  err: RpcTransactionError,
  programOf: (instructionIndex: number) => string | undefined,
  logs: string[] = [],
): LedgerError {
  const summary = errorSummary(err);
  if (
    err === "InsufficientFundsForFee" ||
    err === "AccountNotFound" ||
    hasField(err, "InsufficientFundsForRent")
  ) {
    return new LedgerError(NOT_ENOUGH_SOL, "insufficient_funds", logs, err);
  }
  if (err === "AlreadyProcessed")
    return new LedgerError("This transaction was already processed.", "already_processed", logs, err);
  if (err === "BlockhashNotFound") {
    return new LedgerError(
      "This transaction expired before it reached the ledger. Please try again.",
      "blockhash_expired",
      logs,
      err,
    );
  }
  if (err === "SignatureFailure" || err === "MissingSignatureForFee") {
    return new LedgerError("The transaction's signatures are missing or invalid.", "rejected", logs, err);
  }
  if (hasField(err, "InstructionError") && Array.isArray(err.InstructionError)) {
    const [index, inner] = err.InstructionError as [number, unknown];
    const program = programOf(index);
    const custom = hasField(inner, "Custom") ? Number(inner.Custom) : null;
    if (inner === "InsufficientFunds")
      return new LedgerError(NOT_ENOUGH_SOL, "insufficient_funds", logs, err);
    // System program error 1 is ResultWithNegativeLamports: a transfer or account creation
    // asked for more lamports than the payer holds.
    if (program === SYSTEM_PROGRAM && custom === 1)
      return new LedgerError(NOT_ENOUGH_SOL, "insufficient_funds", logs, err);
    if (program && TOKEN_PROGRAMS.has(program) && custom === 1) {
      return new LedgerError("This wallet does not hold enough of this token.", "rejected", logs, err);
    }
  }
  return new LedgerError(`The ledger refused this transaction (${summary}).`, "rejected", logs, err);
}
