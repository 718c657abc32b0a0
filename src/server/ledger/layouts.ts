// Fixed offsets of the SPL base layouts (identical in Token and Token-2022; extensions come
// after them), for hot paths that need one number and should not parse a whole account.

/** Mint: supply is a u64 after the 36-byte COption<Pubkey> mint authority. */
export function mintSupplyOf(data: Uint8Array): bigint | null {
  if (data.length < 82) return null;
  return readU64(data, 36);
}

/** Mint: decimals (byte 44) when the mint is initialized (byte 45). */
export function mintDecimalsIn(data: Uint8Array): number | null {
  if (data.length < 82 || data[45] !== 1) return null;
  return data[44] ?? null;
}

/** Token account: amount is a u64 after mint (32) and owner (32). */
export function tokenAmountOf(data: Uint8Array): bigint | null {
  if (data.length < 165) return null;
  return readU64(data, 64);
}

function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset + offset, 8).getBigUint64(0, true);
}
