import { address, type Instruction } from "@solana/kit";

// The SPL Memo program (v2: no signer needed), on devnet and in LiteSVM alike.

const MEMO_PROGRAM = address("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");

/** A memo instruction: shown in the transaction's logs. Carrying the row's id, it keeps two
 * otherwise equal transactions (same accounts, amount and blockhash) from sharing one
 * signature, which the chain would run only once. */
export function memoInstruction(text: string): Instruction {
  return { programAddress: MEMO_PROGRAM, accounts: [], data: new TextEncoder().encode(text) };
}
