import { toBase58 } from "./encoding";

/** Reads a compact-u16 (Solana's "shortvec") at `offset`: [value, bytes read]. */
function shortVec(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) throw new Error("Truncated transaction");
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return [value, i + 1];
  }
  throw new Error("Malformed transaction");
}

/** The addresses that must sign a wire transaction (legacy or v0), in order. A prepared trade
 * names no wallet, so the browser finds which of the person's wallets the server asked for. */
export function transactionSigners(wire: Uint8Array): string[] {
  const [signatures, sigLen] = shortVec(wire, 0);
  let offset = sigLen + signatures * 64;
  // A versioned message starts with 0x80 | version; a legacy one with the header.
  if (((wire[offset] ?? 0) & 0x80) !== 0) offset += 1;
  const required = wire[offset];
  if (required === undefined) throw new Error("Truncated transaction");
  offset += 3;
  const [keys, keysLen] = shortVec(wire, offset);
  offset += keysLen;
  const signers: string[] = [];
  for (let i = 0; i < Math.min(required, keys); i++) {
    const start = offset + i * 32;
    if (start + 32 > wire.length) throw new Error("Truncated transaction");
    signers.push(toBase58(wire.subarray(start, start + 32)));
  }
  return signers;
}
