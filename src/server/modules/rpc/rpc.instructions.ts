import bs58 from "bs58";
import {
  AssociatedTokenInstruction,
  type DecodedInstruction,
  decodeInstruction,
  SystemInstruction,
} from "../../ledger/instruction-decode";
import { type Parsed, token } from "./rpc.token-instructions";

// Instructions in the jsonParsed encoding, in the shapes Agave's transaction-status crate
// gives them (parse_system, parse_token, parse_associated_token, the memo): for a program it
// parses, {program, programId, parsed: {type, info}, stackHeight} (a memo's `parsed` is its
// text); for any other, or bytes it cannot read, {programId, accounts, data, stackHeight}.
// Token instructions we never send fall back to the second shape too.

/** One instruction of a transaction (top-level: stackHeight null; inner: its height). */
export function presentParsedInstruction(
  keys: readonly string[],
  programIdIndex: number,
  accountIndexes: readonly number[],
  data: Uint8Array,
  stackHeight: number | null,
) {
  const programId = keys[programIdIndex] ?? "";
  const accounts = accountIndexes.map((i) => keys[i]);
  // The RPC refuses to parse an instruction naming an account the message lacks.
  const decoded = accounts.every((a) => a !== undefined)
    ? decodeInstruction(programId, accounts as string[], data)
    : null;
  const parsed = decoded ? shape(decoded, accounts as string[]) : null;
  if (decoded && parsed !== null) return { program: decoded.program, programId, parsed, stackHeight };
  return { programId, accounts, data: bs58.encode(data), stackHeight };
}

function shape(decoded: DecodedInstruction, accounts: string[]): Parsed | null {
  switch (decoded.program) {
    case "spl-memo":
      return decoded.parsed;
    case "system":
      return system(decoded.parsed, accounts);
    case "spl-associated-token-account":
      return associatedToken(decoded.parsed.instructionType, accounts);
    case "spl-token":
      return token(decoded.parsed, accounts, decoded.data);
  }
}

function system(
  ix: Extract<DecodedInstruction, { program: "system" }>["parsed"],
  a: string[],
): Parsed | null {
  switch (ix.instructionType) {
    case SystemInstruction.CreateAccount:
      return {
        type: "createAccount",
        info: {
          source: a[0],
          newAccount: a[1],
          lamports: ix.data.lamports,
          space: ix.data.space,
          owner: ix.data.programAddress,
        },
      };
    case SystemInstruction.TransferSol:
      return { type: "transfer", info: { source: a[0], destination: a[1], lamports: ix.data.amount } };
    case SystemInstruction.Assign:
      return { type: "assign", info: { account: a[0], owner: ix.data.programAddress } };
    case SystemInstruction.Allocate:
      return { type: "allocate", info: { account: a[0], space: ix.data.space } };
    default:
      return null;
  }
}

function associatedToken(type: AssociatedTokenInstruction, a: string[]): Parsed | null {
  const info = {
    source: a[0],
    account: a[1],
    wallet: a[2],
    mint: a[3],
    systemProgram: a[4],
    tokenProgram: a[5],
  };
  if (type === AssociatedTokenInstruction.CreateAssociatedToken) return { type: "create", info };
  if (type === AssociatedTokenInstruction.CreateAssociatedTokenIdempotent)
    return { type: "createIdempotent", info };
  return null;
}
