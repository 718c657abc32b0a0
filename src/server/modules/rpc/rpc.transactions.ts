import { getBase58Decoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import bs58 from "bs58";
import type { TokenBalanceRecord, TransactionRecord } from "../../ledger/ledger";
import { invalidParams, RpcError, tokenAmount, UNSUPPORTED_TRANSACTION_VERSION } from "./rpc.protocol";

// Transactions in and out of /rpc: decoding submitted wire bytes (base58 by default, as the
// spec says, or base64) and presenting processed ones the way getTransaction does.

export function decodeSubmitted(encoded: unknown, encoding: unknown): Uint8Array {
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

/** getTransaction's answer for a record, in "json" or "base64" encoding. */
export function presentTransaction(
  record: TransactionRecord,
  options: { encoding: unknown; maxSupportedTransactionVersion: unknown },
) {
  const transaction = getTransactionDecoder().decode(record.wire);
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
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
  const base58 = getBase58Decoder();
  const meta = {
    err: record.rpcError ?? null,
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    logMessages: record.logs,
    innerInstructions: record.innerInstructions.map((group) => ({
      index: group.index,
      instructions: group.instructions.map((ix) => ({
        programIdIndex: ix.programIdIndex,
        accounts: ix.accounts,
        data: bs58.encode(ix.data),
        stackHeight: ix.stackHeight,
      })),
    })),
    preTokenBalances: record.preTokenBalances.map(presentTokenBalance),
    postTokenBalances: record.postTokenBalances.map(presentTokenBalance),
    rewards: [],
    loadedAddresses: { writable: [], readonly: [] },
    status: statusOf(record.rpcError),
    computeUnitsConsumed: record.computeUnits,
  };
  let presented: unknown;
  if (options.encoding === "base64") {
    presented = [Buffer.from(record.wire).toString("base64"), "base64"];
  } else if (options.encoding === undefined || options.encoding === null || options.encoding === "json") {
    const instructions = "instructions" in message ? message.instructions : [];
    presented = {
      signatures: Object.values(transaction.signatures).map((s) => (s ? base58.decode(s) : "1".repeat(64))),
      message: {
        accountKeys: message.staticAccounts,
        header: {
          numRequiredSignatures: message.header.numSignerAccounts,
          numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
        },
        recentBlockhash: message.lifetimeToken,
        instructions: instructions.map((ix) => ({
          programIdIndex: ix.programAddressIndex,
          accounts: ix.accountIndices ?? [],
          data: bs58.encode(Uint8Array.from(ix.data ?? [])),
          stackHeight: null,
        })),
        ...(version === "legacy"
          ? {}
          : {
              addressTableLookups: ("addressTableLookups" in message
                ? (message.addressTableLookups ?? [])
                : []
              ).map((l) => ({
                accountKey: l.lookupTableAddress,
                writableIndexes: l.writableIndexes,
                readonlyIndexes: l.readonlyIndexes,
              })),
            }),
      },
    };
  } else {
    throw invalidParams(`unsupported encoding ${String(options.encoding)}`);
  }
  return { slot: record.slot, blockTime: record.blockTime, version, meta, transaction: presented };
}
