import bs58 from "bs58";
import type { TokenBalanceRecord, TransactionRecord } from "../../ledger/ledger";
import { decodeMessage, decodeWireTransaction, isWritableIndex } from "../../ledger/wire";
import { parseWire } from "../../ledger/wire-parse";
import { presentParsedInstruction } from "./rpc.instructions";
import {
  INTERNAL_ERROR,
  invalidParams,
  RpcError,
  SEND_TRANSACTION_PREFLIGHT_FAILURE,
  tokenAmount,
  UNSUPPORTED_TRANSACTION_VERSION,
} from "./rpc.protocol";

// Transactions in and out of /rpc: decoding submitted wire bytes (base58 by default, as the
// spec says, or base64) and presenting processed ones the way getTransaction does.

export function decodeSubmitted(encoded: unknown, encoding: unknown): Uint8Array {
  const wire = decodeText(encoded, encoding);
  // Bytes that are no transaction: one answer for sendTransaction and simulateTransaction
  // (the ledger's own, from sendTransaction), before either reaches the VM.
  if (!parseWire(wire)) {
    throw new RpcError(SEND_TRANSACTION_PREFLIGHT_FAILURE, "The transaction could not be read.", {
      err: "SanitizeFailure",
      logs: [],
    });
  }
  return wire;
}

function decodeText(encoded: unknown, encoding: unknown): Uint8Array {
  if (typeof encoded !== "string" || encoded.length === 0)
    throw invalidParams("the transaction must be a string");
  try {
    if (encoding === undefined || encoding === null || encoding === "base58") return bs58.decode(encoded);
    if (encoding === "base64") return new Uint8Array(Buffer.from(encoded, "base64"));
  } catch {
    throw invalidParams(`the transaction is not valid ${String(encoding ?? "base58")}`);
  }
  throw invalidParams(`unsupported encoding ${String(encoding)}`);
}

/** A status object as getSignatureStatuses and transaction metas carry it. */
export function statusOf(rpcError: unknown) {
  return rpcError === null || rpcError === undefined ? { Ok: null } : { Err: rpcError };
}

function presentTokenBalance(balance: TokenBalanceRecord) {
  return {
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    uiTokenAmount: tokenAmount(balance.amount, balance.decimals),
  };
}

type CompiledMessage = ReturnType<typeof decodeMessage>;
type Encoding = "json" | "jsonParsed" | "base64";

/** getTransaction's answer for a record, in "json", "jsonParsed" or "base64" encoding. */
export function presentTransaction(
  record: TransactionRecord,
  options: { encoding: unknown; maxSupportedTransactionVersion: unknown },
) {
  const encoding = options.encoding ?? "json";
  if (encoding !== "json" && encoding !== "jsonParsed" && encoding !== "base64")
    throw invalidParams(`unsupported encoding ${String(encoding)}`);
  const transaction = decodeWireTransaction(record.wire);
  if (!transaction) throw new RpcError(INTERNAL_ERROR, "The recorded transaction could not be read");
  const message = decodeMessage(transaction);
  const version = message.version === "legacy" ? "legacy" : message.version;
  if (version !== "legacy") {
    const max = options.maxSupportedTransactionVersion;
    if (typeof max !== "number" || max < version) {
      throw new RpcError(
        UNSUPPORTED_TRANSACTION_VERSION,
        `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
      );
    }
  }
  const signatures = Object.values(transaction.signatures).map((s) => (s ? bs58.encode(s) : "1".repeat(64)));
  const presented =
    encoding === "base64"
      ? [Buffer.from(record.wire).toString("base64"), "base64"]
      : { signatures, message: encoding === "json" ? jsonMessage(message) : parsedMessage(message) };
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version,
    meta: presentMeta(record, message, encoding),
    transaction: presented,
  };
}

function presentMeta(record: TransactionRecord, message: CompiledMessage, encoding: Encoding) {
  return {
    err: record.rpcError ?? null,
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    logMessages: record.logs,
    innerInstructions: record.innerInstructions.map((group) => ({
      index: group.index,
      instructions: group.instructions.map((ix) =>
        encoding === "jsonParsed"
          ? presentParsedInstruction(
              message.staticAccounts,
              ix.programIdIndex,
              ix.accounts,
              ix.data,
              ix.stackHeight,
            )
          : {
              programIdIndex: ix.programIdIndex,
              accounts: ix.accounts,
              data: bs58.encode(ix.data),
              stackHeight: ix.stackHeight,
            },
      ),
    })),
    preTokenBalances: record.preTokenBalances.map(presentTokenBalance),
    postTokenBalances: record.postTokenBalances.map(presentTokenBalance),
    rewards: [],
    loadedAddresses: { writable: [], readonly: [] },
    status: statusOf(record.rpcError),
    computeUnitsConsumed: record.computeUnits,
  };
}

const topLevelInstructions = (message: CompiledMessage) =>
  ("instructions" in message ? message.instructions : []).map((ix) => ({
    programIdIndex: ix.programAddressIndex,
    accounts: ix.accountIndices ?? [],
    data: Uint8Array.from(ix.data ?? []),
  }));

function lookupsOf(message: CompiledMessage) {
  if (message.version === "legacy") return {};
  const lookups = "addressTableLookups" in message ? (message.addressTableLookups ?? []) : [];
  return {
    addressTableLookups: lookups.map((l) => ({
      accountKey: l.lookupTableAddress,
      writableIndexes: l.writableIndexes,
      readonlyIndexes: l.readonlyIndexes,
    })),
  };
}

/** The "json" message: keys by index, as on the wire. */
function jsonMessage(message: CompiledMessage) {
  return {
    accountKeys: message.staticAccounts,
    header: {
      numRequiredSignatures: message.header.numSignerAccounts,
      numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
    },
    recentBlockhash: message.lifetimeToken,
    instructions: topLevelInstructions(message).map((ix) => ({
      programIdIndex: ix.programIdIndex,
      accounts: ix.accounts,
      data: bs58.encode(ix.data),
      stackHeight: null,
    })),
    ...lookupsOf(message),
  };
}

/** The "jsonParsed" message: keys with their signer and writable flags, instructions parsed
 * where the RPC parses them (rpc.instructions.ts). */
function parsedMessage(message: CompiledMessage) {
  const keys = message.staticAccounts;
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const header = {
    numSigners: numSignerAccounts,
    numReadonlySigners: numReadonlySignerAccounts,
    numReadonlyNonSigners: numReadonlyNonSignerAccounts,
  };
  return {
    accountKeys: keys.map((pubkey, i) => ({
      pubkey,
      signer: i < numSignerAccounts,
      writable: isWritableIndex(i, keys.length, header),
      source: "transaction",
    })),
    recentBlockhash: message.lifetimeToken,
    instructions: topLevelInstructions(message).map((ix) =>
      presentParsedInstruction(keys, ix.programIdIndex, ix.accounts, ix.data, null),
    ),
    ...lookupsOf(message),
  };
}
