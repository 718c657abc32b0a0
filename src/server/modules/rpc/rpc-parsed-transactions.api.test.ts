import { address, generateKeyPairSigner, type Instruction } from "@solana/kit";
import { Connection, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import type { Ledger } from "../../ledger/ledger";
import { memoInstruction } from "../../ledger/memo";
import {
  associatedTokenAddress,
  buildLaunchTransaction,
  buildTransferTransaction,
  signed,
} from "../../ledger/token-2022";

// getSignaturesForAddress's memo and getTransaction's jsonParsed instructions, against the
// shapes Agave's RPC gives (transaction-status: extract_memos, parse_instruction and the
// program parsers): field names, types and which programs are parsed at all.

const SYSTEM = "11111111111111111111111111111111";
const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
const ATA_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
const MEMO = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
const COMPUTE_BUDGET = "ComputeBudget111111111111111111111111111111";
const FAN_MEMO = "gm fans 🦖";

let app: TestApp;
let ledger: Ledger;
let creator: Awaited<ReturnType<typeof generateKeyPairSigner>>;
let fan: string;
let mint: string;
let launchSignature: string;
let transferSignature: string;
let twoMemosSignature: string;
let budgetSignature: string;

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(`${app.url}/rpc`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result?: unknown; error?: unknown };
  expect(body.error).toBeUndefined();
  return body.result;
}

type ParsedTx = {
  transaction: {
    message: {
      accountKeys: Array<{ pubkey: string; signer: boolean; writable: boolean; source: string }>;
      instructions: Array<Record<string, unknown>>;
    };
  };
  meta: { innerInstructions: Array<{ index: number; instructions: Array<Record<string, unknown>> }> };
};

const parsedTransaction = async (signature: string) =>
  (await rpc("getTransaction", [
    signature,
    { encoding: "jsonParsed", maxSupportedTransactionVersion: 0 },
  ])) as ParsedTx;

const kinds = (instructions: Array<Record<string, unknown>>) =>
  instructions.map((ix) => {
    const parsed = ix.parsed as { type?: string } | string | undefined;
    return `${String(ix.program ?? ix.programId)}:${typeof parsed === "object" ? parsed.type : typeof parsed}`;
  });

beforeAll(async () => {
  app = await startTestApp();
  ledger = app.deps.ledger;
  creator = await generateKeyPairSigner();
  fan = (await generateKeyPairSigner()).address;
  await ledger.airdrop(creator.address, 2_000_000_000n);
  const mintSigner = await generateKeyPairSigner();
  const launch = await buildLaunchTransaction({
    payer: creator,
    mint: mintSigner,
    name: "Parsed Beats",
    symbol: "PRSD",
    uri: "https://example.com/prsd.json",
    additionalMetadata: [["tagline", "read back parsed"]],
    supply: 1_000n * 10n ** 6n,
    decimals: 6,
    blockhash: await ledger.getLatestBlockhash(),
  });
  launchSignature = await ledger.sendTransaction(launch.wire);
  mint = launch.mintAddress;
  const transfer = await buildTransferTransaction({
    owner: creator,
    mint,
    destinationOwner: fan,
    amount: 2_500_000n,
    decimals: 6,
    memo: FAN_MEMO,
    blockhash: await ledger.getLatestBlockhash(),
  });
  transferSignature = await ledger.sendTransaction(transfer.wire);
  const twoMemos = await signed(creator, await ledger.getLatestBlockhash(), [
    memoInstruction("first"),
    memoInstruction("second"),
  ]);
  twoMemosSignature = await ledger.sendTransaction(twoMemos.wire);
  // SetComputeUnitLimit(200_000): a program the RPC does not parse.
  const budget: Instruction = {
    programAddress: address(COMPUTE_BUDGET),
    accounts: [],
    data: new Uint8Array([2, 0x40, 0x0d, 0x03, 0x00]),
  };
  const budgeted = await signed(creator, await ledger.getLatestBlockhash(), [budget]);
  budgetSignature = await ledger.sendTransaction(budgeted.wire);
});

afterAll(async () => {
  await app?.close();
});

describe("getSignaturesForAddress memo", () => {
  it('reports memos as "[<byte length>] <text>", several joined by "; ", null without one', async () => {
    const bytes = new TextEncoder().encode(FAN_MEMO).length;
    const forFan = (await rpc("getSignaturesForAddress", [fan])) as Array<{
      signature: string;
      memo: unknown;
    }>;
    expect(forFan).toEqual([
      expect.objectContaining({ signature: transferSignature, memo: `[${bytes}] ${FAN_MEMO}` }),
    ]);

    const forCreator = (await rpc("getSignaturesForAddress", [creator.address])) as Array<{
      signature: string;
      memo: string | null;
    }>;
    const memoOf = new Map(forCreator.map((s) => [s.signature, s.memo]));
    expect(memoOf.get(launchSignature)).toBeNull();
    expect(memoOf.get(twoMemosSignature)).toBe("[5] first; [6] second");
    // The embedded faucet's airdrops carry a memo too.
    expect(forCreator.at(-1)?.memo).toMatch(/^\[\d+\] airdrop /);

    // web3.js reads the same field.
    const conn = new Connection(`${app.url}/rpc`, "confirmed");
    const [latest] = await conn.getSignaturesForAddress(new PublicKey(fan));
    expect(latest?.memo).toBe(`[${bytes}] ${FAN_MEMO}`);
  });
});

describe("getTransaction jsonParsed", () => {
  it("parses a launch's instructions, and those its token account creation invoked", async () => {
    const tx = await parsedTransaction(launchSignature);
    const { accountKeys, instructions } = tx.transaction.message;
    expect(accountKeys[0]).toEqual({
      pubkey: creator.address,
      signer: true,
      writable: true,
      source: "transaction",
    });
    expect(kinds(instructions)).toEqual([
      "system:createAccount",
      "spl-token:initializeMetadataPointer",
      "spl-token:initializeMint2",
      "spl-token:initializeTokenMetadata",
      "spl-token:updateTokenMetadataField",
      "spl-associated-token-account:createIdempotent",
      "spl-token:mintTo",
      "spl-token:setAuthority",
    ]);
    const ata = associatedTokenAddress(creator.address, mint);
    const [create, pointer, init, metadata, field, ataCreate, mintTo, setAuthority] = instructions;
    expect(create).toEqual({
      program: "system",
      programId: SYSTEM,
      parsed: {
        type: "createAccount",
        info: {
          source: creator.address,
          newAccount: mint,
          lamports: expect.any(Number),
          space: expect.any(Number),
          owner: TOKEN_2022,
        },
      },
      stackHeight: null,
    });
    expect(pointer?.parsed).toEqual({
      type: "initializeMetadataPointer",
      info: { mint, authority: creator.address, metadataAddress: mint },
    });
    // No freeze authority: the field is left out, as the RPC does.
    expect(init?.parsed).toEqual({
      type: "initializeMint2",
      info: { mint, decimals: 6, mintAuthority: creator.address },
    });
    expect(metadata?.parsed).toEqual({
      type: "initializeTokenMetadata",
      info: {
        metadata: mint,
        updateAuthority: creator.address,
        mint,
        mintAuthority: creator.address,
        name: "Parsed Beats",
        symbol: "PRSD",
        uri: "https://example.com/prsd.json",
      },
    });
    expect(field?.parsed).toEqual({
      type: "updateTokenMetadataField",
      info: { metadata: mint, updateAuthority: creator.address, field: "tagline", value: "read back parsed" },
    });
    expect(ataCreate).toEqual({
      program: "spl-associated-token-account",
      programId: ATA_PROGRAM,
      parsed: {
        type: "createIdempotent",
        info: {
          source: creator.address,
          account: ata,
          wallet: creator.address,
          mint,
          systemProgram: SYSTEM,
          tokenProgram: TOKEN_2022,
        },
      },
      stackHeight: null,
    });
    expect(mintTo?.parsed).toEqual({
      type: "mintTo",
      info: { mint, account: ata, amount: "1000000000", mintAuthority: creator.address },
    });
    expect(setAuthority?.parsed).toEqual({
      type: "setAuthority",
      info: { mint, authorityType: "mintTokens", newAuthority: null, authority: creator.address },
    });

    const inner = tx.meta.innerInstructions.find((g) => g.index === 5);
    expect(kinds(inner?.instructions ?? [])).toEqual([
      "spl-token:getAccountDataSize",
      "system:createAccount",
      "spl-token:initializeImmutableOwner",
      "spl-token:initializeAccount3",
    ]);
    expect(inner?.instructions[0]).toEqual({
      program: "spl-token",
      programId: TOKEN_2022,
      parsed: { type: "getAccountDataSize", info: { mint, extensionTypes: ["immutableOwner"] } },
      stackHeight: 2,
    });
    expect(inner?.instructions[3]?.parsed).toEqual({
      type: "initializeAccount3",
      info: { account: ata, mint, owner: creator.address },
    });
  });

  it("parses a token transfer with its memo, and leaves unparsed programs undecoded", async () => {
    const tx = await parsedTransaction(transferSignature);
    const [, transfer, memo] = tx.transaction.message.instructions;
    expect(transfer).toEqual({
      program: "spl-token",
      programId: TOKEN_2022,
      parsed: {
        type: "transferChecked",
        info: {
          source: associatedTokenAddress(creator.address, mint),
          mint,
          destination: associatedTokenAddress(fan, mint),
          authority: creator.address,
          tokenAmount: { amount: "2500000", decimals: 6, uiAmount: 2.5, uiAmountString: "2.5" },
        },
      },
      stackHeight: null,
    });
    expect(memo).toEqual({ program: "spl-memo", programId: MEMO, parsed: FAN_MEMO, stackHeight: null });

    // The RPC parses no Compute Budget instruction: program id, accounts, base58 data.
    const budget = await parsedTransaction(budgetSignature);
    expect(budget.transaction.message.instructions[0]).toEqual({
      programId: COMPUTE_BUDGET,
      accounts: [],
      data: "Fj2Eoy",
      stackHeight: null,
    });

    // web3.js validates the parsed shapes as it reads them.
    const conn = new Connection(`${app.url}/rpc`, "confirmed");
    const read = await conn.getParsedTransaction(transferSignature, { maxSupportedTransactionVersion: 0 });
    const programs = read?.transaction.message.instructions.map((ix) =>
      "program" in ix ? ix.program : null,
    );
    expect(programs).toEqual(["spl-associated-token-account", "spl-token", "spl-memo"]);
  });
});
