import { randomBytes } from "node:crypto";
import {
  type AccountMeta,
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstructions,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionSigner,
  blockhash as toKitBlockhash,
} from "@solana/kit";
import bs58 from "bs58";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileTransaction } from "./compile-transaction";
import { generateSigner } from "./keys";

// The hand-written compiler must give exactly kit's bytes for any instruction list we could
// build: accounts repeated across instructions with different roles, signers and accounts
// that must sign but have no signer here (an external wallet's), programs also passed as
// read-only accounts, empty instructions, and addresses whose order needs kit's collation.

const randomAddress = () => address(bs58.encode(randomBytes(32)));
const keys = Array.from({ length: 6 }, () => generateSigner());
const plain = Array.from({ length: 6 }, randomAddress);
const programs = Array.from({ length: 3 }, randomAddress);
const blockhashes = Array.from({ length: 3 }, () => bs58.encode(randomBytes(32)));

const ROLES = [
  AccountRole.READONLY,
  AccountRole.WRITABLE,
  AccountRole.READONLY_SIGNER,
  AccountRole.WRITABLE_SIGNER,
] as const;

const accountArb = fc
  .record({
    who: fc.integer({ min: 0, max: keys.length + plain.length + programs.length - 1 }),
    role: fc.constantFrom(...ROLES),
  })
  .map(({ who, role }): AccountMeta => {
    if (who < keys.length) {
      const key = keys[who] as TransactionSigner;
      // A key in a signer role carries its signer, as the instruction builders do.
      return role >= AccountRole.READONLY_SIGNER
        ? ({ address: key.address, role, signer: key } as AccountMeta)
        : { address: key.address, role };
    }
    const rest = who - keys.length;
    // A program may be passed along, read-only (a writable program is refused by both).
    if (rest >= plain.length)
      return { address: programs[rest - plain.length] as Address, role: AccountRole.READONLY };
    return { address: plain[rest] as Address, role };
  });

const instructionArb = fc
  .record({
    program: fc.constantFrom(...programs),
    accounts: fc.option(fc.array(accountArb, { maxLength: 6 }), { nil: undefined }),
    data: fc.option(fc.uint8Array({ maxLength: 40 }), { nil: undefined }),
  })
  .map(
    ({ program, accounts, data }): Instruction => ({
      programAddress: program,
      ...(accounts ? { accounts } : {}),
      ...(data ? { data } : {}),
    }),
  );

function kitWire(payer: TransactionSigner, blockhash: string, instructions: Instruction[]) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: toKitBlockhash(blockhash), lastValidBlockHeight: 100n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return partiallySignTransactionMessageWithSigners(message).then((tx) => ({
    wire: new Uint8Array(getTransactionEncoder().encode(tx)),
    signatures: Object.values(tx.signatures),
  }));
}

describe("compileTransaction", () => {
  it("gives kit's exact bytes, signature and signing state for any instruction list", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: keys.length }),
        fc.constantFrom(...blockhashes),
        fc.array(instructionArb, { minLength: 1, maxLength: 5 }),
        async (payerIndex, blockhash, instructions) => {
          // The last index stands for an external wallet: a no-op signer, whose bytes go out unsigned.
          const payer = keys[payerIndex] ?? createNoopSigner(plain[0] as Address);
          const kit = await kitWire(payer, blockhash, instructions);
          const ours = await compileTransaction(
            payer,
            { blockhash, lastValidBlockHeight: 100n },
            instructions,
            1e6,
          );
          expect(Buffer.from(ours.wire).toString("hex")).toBe(Buffer.from(kit.wire).toString("hex"));
          expect(ours.fullySigned).toBe(kit.signatures.every((s) => s !== null));
          const first = kit.signatures[0];
          expect(ours.signature).toBe(first ? bs58.encode(first) : null);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuses a transaction over the size limit, and a writable invoked program", async () => {
    const payer = keys[0] as TransactionSigner;
    const lifetime = { blockhash: blockhashes[0] as string, lastValidBlockHeight: 1n };
    const big: Instruction = { programAddress: programs[0] as Address, data: new Uint8Array(1300) };
    await expect(compileTransaction(payer, lifetime, [big], 1232)).rejects.toThrow(
      /over Solana's 1232-byte limit/,
    );
    const writableProgram: Instruction = {
      programAddress: programs[0] as Address,
      accounts: [{ address: programs[0] as Address, role: AccountRole.WRITABLE }],
    };
    await expect(compileTransaction(payer, lifetime, [writableProgram], 1232)).rejects.toThrow(
      /cannot be writable/,
    );
  });
});
