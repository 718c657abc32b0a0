import { address, type Instruction, type TransactionSigner, lamports as toLamports } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import type { Blockhash } from "./ledger";
import { memoInstruction } from "./memo";
import { signed } from "./token-2022";

// SOL transfers (airdrops from the embedded faucet, payments), optionally with a memo.

export interface SolTransferParams {
  from: TransactionSigner;
  to: string;
  lamports: bigint;
  blockhash: Blockhash;
  /** Shown in the transaction's logs; also makes otherwise identical transfers distinct. */
  memo?: string;
}

export async function buildSolTransferTransaction(
  params: SolTransferParams,
): Promise<{ wire: Uint8Array; signature: string }> {
  const instructions: Instruction[] = [
    getTransferSolInstruction({
      source: params.from,
      destination: address(params.to),
      amount: toLamports(params.lamports),
    }),
  ];
  if (params.memo !== undefined) instructions.push(memoInstruction(params.memo));
  return signed(params.from, params.blockhash, instructions);
}
