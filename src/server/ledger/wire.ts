import { getCompiledTransactionMessageDecoder, getTransactionDecoder, type Transaction } from "@solana/kit";

// Codecs are costly to build and stateless: build once.
const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

// Reading signed wire transactions without trusting them: any malformed input becomes null
// so callers answer "could not be read" instead of throwing a codec error at people.

export function decodeWireTransaction(wire: Uint8Array): Transaction | null {
  try {
    const transaction = transactionDecoder.decode(wire);
    // Decoding the message too rejects garbage that merely has a plausible signature prefix.
    messageDecoder.decode(transaction.messageBytes);
    return transaction;
  } catch {
    return null;
  }
}

/** A transaction's compiled message (keys, header, instructions). */
export function decodeMessage(transaction: Transaction) {
  return messageDecoder.decode(transaction.messageBytes);
}

export interface MessageFacts {
  accountKeys: string[];
  blockhash: string;
  numSignatures: number;
  isWritable(index: number): boolean;
  /** The program an instruction calls, to read its custom error codes in context. */
  programOf(instructionIndex: number): string | undefined;
}

/** Whether account `index` of a message is writable, from its header: the signers come
 * first (writable ones, then read-only), then the other accounts (likewise). */
export function isWritableIndex(
  index: number,
  keyCount: number,
  header: { numSigners: number; numReadonlySigners: number; numReadonlyNonSigners: number },
): boolean {
  if (index < header.numSigners) return index < header.numSigners - header.numReadonlySigners;
  return index < keyCount - header.numReadonlyNonSigners;
}

/** The parts of a transaction's message the ledger reasons about. Only static account keys
 * are known: accounts loaded through lookup tables are not indexed. */
export function messageFacts(transaction: Transaction): MessageFacts {
  const message = decodeMessage(transaction);
  const keys: string[] = message.staticAccounts;
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const instructions = "instructions" in message ? message.instructions : [];
  return {
    accountKeys: keys,
    blockhash: message.lifetimeToken,
    numSignatures: numSignerAccounts,
    isWritable: (index) =>
      isWritableIndex(index, keys.length, {
        numSigners: numSignerAccounts,
        numReadonlySigners: numReadonlySignerAccounts,
        numReadonlyNonSigners: numReadonlyNonSignerAccounts,
      }),
    programOf(instructionIndex) {
      const instruction = instructions[instructionIndex];
      return instruction ? keys[instruction.programAddressIndex] : undefined;
    },
  };
}
