import { AccountRole, type Address, address, type Option, unwrapOption } from "@solana/kit";
import { parseSystemInstruction, SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  parseAssociatedTokenInstruction,
  parseToken2022Instruction,
} from "@solana-program/token-2022";
import { MEMO_PROGRAMS, memoText } from "./memo";
import { TOKEN_PROGRAM_IDS } from "./token-state";

export { SystemInstruction } from "@solana-program/system";
export {
  AccountState,
  AssociatedTokenInstruction,
  AuthorityType,
  Token2022Instruction,
} from "@solana-program/token-2022";

// Instruction bytes read with the programs' own clients, for the RPC's jsonParsed encoding.
// Token-2022's codecs read SPL Token's instructions too (the same layouts, a superset), as
// the RPC reads both with one parser. Anything that does not decode is null: the RPC then
// shows the instruction undecoded.

export type DecodedInstruction =
  | { program: "system"; parsed: ReturnType<typeof parseSystemInstruction> }
  | { program: "spl-token"; parsed: ReturnType<typeof parseToken2022Instruction>; data: Uint8Array }
  | { program: "spl-associated-token-account"; parsed: ReturnType<typeof parseAssociatedTokenInstruction> }
  | { program: "spl-memo"; parsed: string };

const ATA_CREATE = new Uint8Array([0]);

export function decodeInstruction(
  programId: string,
  accounts: readonly string[],
  data: Uint8Array,
): DecodedInstruction | null {
  if (MEMO_PROGRAMS.has(programId)) {
    const text = memoText(data);
    return text === null ? null : { program: "spl-memo", parsed: text };
  }
  const instruction = {
    programAddress: address(programId),
    accounts: accounts.map((a) => ({ address: address(a), role: AccountRole.READONLY })),
    data,
  };
  try {
    if (programId === SYSTEM_PROGRAM_ADDRESS)
      return { program: "system", parsed: parseSystemInstruction(instruction) };
    if ((TOKEN_PROGRAM_IDS as readonly string[]).includes(programId)) {
      return { program: "spl-token", parsed: parseToken2022Instruction(instruction), data };
    }
    if (programId === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
      // The first version of the program took no data: an empty instruction is a create.
      const bytes = data.length === 0 ? ATA_CREATE : data;
      return {
        program: "spl-associated-token-account",
        parsed: parseAssociatedTokenInstruction({ ...instruction, data: bytes }),
      };
    }
  } catch {
    // Unknown discriminator, short data or too few accounts.
    return null;
  }
  return null;
}

/** An optional address as the RPC writes it: the address, or null. */
export const optionalAddress = (value: Option<Address>): string | null => unwrapOption(value);
