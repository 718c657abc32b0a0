import bs58 from "bs58";
import { LedgerError } from "./ledger";
import { isWritableIndex, type MessageFacts } from "./wire";

// A direct reader of the wire format for the embedded ledger's hot path. kit's decoders turn
// every key into base58 through BigInt arithmetic (about half a millisecond per launch);
// reading the few fields we need straight from the bytes costs microseconds.
//
// Layout: compact-u16 signature count, 64-byte signatures, then the message: an optional
// version byte (high bit set), the 3-byte header, compact-u16 key count and 32-byte keys, the
// 32-byte blockhash, compact-u16 instruction count and instructions (program index,
// compact-u16 account count + indexes, compact-u16 data length + data), and for v0 the
// address lookups.

export interface ParsedWire extends MessageFacts {
  /** The first signature (the transaction id) in base58. */
  signature: string;
  /** False when any required signature is still all zeros (unsigned). */
  fullySigned: boolean;
  versioned: boolean;
  keyBytes: Uint8Array[];
  /** Accounts come from address lookup tables too (not indexed by the ledger). */
  usesLookupTables: boolean;
}

class Reader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  u8(): number {
    const value = this.bytes[this.offset];
    if (value === undefined) throw new RangeError("truncated");
    this.offset += 1;
    return value;
  }

  compactU16(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const byte = this.u8();
      value |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new RangeError("bad compact-u16");
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw new RangeError("truncated");
    const out = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }
}

export function parseWire(wire: Uint8Array): ParsedWire | null {
  try {
    const r = new Reader(wire);
    const signatureCount = r.compactU16();
    const signatures = Array.from({ length: signatureCount }, () => r.take(64));
    const first = r.bytes[r.offset];
    const versioned = first !== undefined && (first & 0x80) !== 0;
    if (versioned && (r.u8() & 0x7f) !== 0) return null; // only v0 and legacy exist today
    const numSignatures = r.u8();
    const numReadonlySigned = r.u8();
    const numReadonlyUnsigned = r.u8();
    const keyBytes = Array.from({ length: r.compactU16() }, () => r.take(32));
    const blockhash = bs58.encode(r.take(32));
    const programIndexes: number[] = [];
    const instructionCount = r.compactU16();
    for (let i = 0; i < instructionCount; i++) {
      programIndexes.push(r.u8());
      r.take(r.compactU16());
      r.take(r.compactU16());
    }
    let usesLookupTables = false;
    if (versioned) {
      const lookups = r.compactU16();
      for (let i = 0; i < lookups; i++) {
        r.take(32);
        r.take(r.compactU16());
        r.take(r.compactU16());
      }
      usesLookupTables = lookups > 0;
    }
    if (r.offset !== wire.length || signatureCount !== numSignatures || numSignatures === 0) return null;
    if (numSignatures > keyBytes.length || numReadonlySigned >= numSignatures + 1) return null;
    const firstSignature = signatures[0];
    if (!firstSignature) return null;
    const accountKeys = keyBytes.map((k) => bs58.encode(k));
    return {
      signature: bs58.encode(firstSignature),
      fullySigned: signatures.every((s) => s.some((b) => b !== 0)),
      versioned,
      keyBytes,
      usesLookupTables,
      accountKeys,
      blockhash,
      numSignatures,
      isWritable: (index) =>
        isWritableIndex(index, accountKeys.length, {
          numSigners: numSignatures,
          numReadonlySigners: numReadonlySigned,
          numReadonlyNonSigners: numReadonlyUnsigned,
        }),
      programOf(instructionIndex) {
        const programIndex = programIndexes[instructionIndex];
        return programIndex === undefined ? undefined : accountKeys[programIndex];
      },
    };
  } catch {
    return null;
  }
}

/** A submitted transaction, read and checked for every signature, or a LedgerError. */
export function readSigned(wire: Uint8Array): ParsedWire {
  const parsed = parseWire(wire);
  if (!parsed) throw new LedgerError("The transaction could not be read.", "rejected", [], "SanitizeFailure");
  if (!parsed.fullySigned)
    throw new LedgerError("The transaction is not fully signed.", "rejected", [], "SignatureFailure");
  return parsed;
}
