import {
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { describe, expect, it } from "vitest";
import { transactionSigners } from "./signers";

const VAULT = address("7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU");
const TRADER = address("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");
const OTHER = address("4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T");

function wire(version: 0 | "legacy"): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayer(VAULT, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N" as Blockhash, lastValidBlockHeight: 1n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: createNoopSigner(TRADER), destination: OTHER, amount: 5n }),
        m,
      ),
  );
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
}

describe("transactionSigners", () => {
  it("names the fee payer and every other signer of a v0 transaction, not the other accounts", () => {
    expect(transactionSigners(wire(0))).toEqual([VAULT, TRADER]);
  });
  it("reads legacy transactions too", () => {
    expect(transactionSigners(wire("legacy"))).toEqual([VAULT, TRADER]);
  });
  it("refuses truncated bytes instead of inventing addresses", () => {
    expect(() => transactionSigners(wire(0).subarray(0, 150))).toThrow(/Truncated/);
  });
});
