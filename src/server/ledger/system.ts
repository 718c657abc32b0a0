import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
  blockhash as toKitBlockhash,
  lamports as toLamports,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import type { Blockhash } from "./ledger";

// SOL transfers (airdrops from the embedded faucet, payments), optionally with a memo.

const MEMO_PROGRAM = address("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");

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
  if (params.memo !== undefined) {
    instructions.push({
      programAddress: MEMO_PROGRAM,
      accounts: [],
      data: new TextEncoder().encode(params.memo),
    });
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(params.from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: toKitBlockhash(params.blockhash.blockhash),
          lastValidBlockHeight: params.blockhash.lastValidBlockHeight,
        },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return {
    wire: new Uint8Array(getTransactionEncoder().encode(signed)),
    signature: getSignatureFromTransaction(signed),
  };
}
