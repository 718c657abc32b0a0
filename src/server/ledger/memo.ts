import { address, type Instruction } from "@solana/kit";

// The SPL Memo program (v2: no signer needed), on devnet and in LiteSVM alike.

const MEMO_PROGRAM = address("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");
/** The first Memo program: the RPC reports its memos too. */
const MEMO_V1_PROGRAM = "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo";

export const MEMO_PROGRAMS: ReadonlySet<string> = new Set([MEMO_PROGRAM, MEMO_V1_PROGRAM]);

/** A memo instruction: shown in the transaction's logs. Carrying the row's id, it keeps two
 * otherwise equal transactions (same accounts, amount and blockhash) from sharing one
 * signature, which the chain would run only once. */
export function memoInstruction(text: string): Instruction {
  return { programAddress: MEMO_PROGRAM, accounts: [], data: new TextEncoder().encode(text) };
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** A memo's text, or null when its bytes are not UTF-8 (the RPC parses none then). */
export function memoText(data: Uint8Array): string | null {
  try {
    return strictUtf8.decode(data);
  } catch {
    return null;
  }
}

/** The `memo` of getSignaturesForAddress, as Agave's extract_and_fmt_memos writes it: each
 * top-level memo instruction as "[<byte length>] <text>", joined by "; "; null without one. */
export function formatMemos(
  keys: readonly string[],
  instructions: ReadonlyArray<{ programIdIndex: number; data: Uint8Array }>,
): string | null {
  const memos = instructions
    .filter((ix) => MEMO_PROGRAMS.has(keys[ix.programIdIndex] ?? ""))
    .map((ix) => `[${ix.data.length}] ${memoText(ix.data) ?? "(unparsable)"}`);
  return memos.length ? memos.join("; ") : null;
}
