import {
  type AccountMeta,
  AccountRole,
  type Address,
  type Instruction,
  type TransactionPartialSigner,
  type TransactionSigner,
} from "@solana/kit";
import bs58 from "bs58";
import { BoundedCache } from "../lib/bounded-cache";
import type { Blockhash } from "./ledger";

// Compiles, signs and encodes a v0 transaction (no address lookup tables) byte for byte as
// kit's compose + partiallySignTransactionMessageWithSigners + getTransactionEncoder do (a
// property test holds it to that, compile-transaction.test.ts), at a fraction of the cost:
// kit decodes every address from base58 through BigInt arithmetic several times per
// transaction and builds its codecs again on every call, which made compiling most of a
// transfer's or a launch's CPU on the event loop (docs/decisions/015-transaction-compiler.md).

/** Signed (where the signers sign) wire bytes of a transaction. */
export interface CompiledTransaction {
  wire: Uint8Array;
  /** The fee payer's signature (the transaction's id), null while it is unsigned. */
  signature: string | null;
  /** Whether every required signature is present. */
  fullySigned: boolean;
}

const FEE_PAYER = 0;
const STATIC = 1;

interface Entry {
  kind: typeof FEE_PAYER | typeof STATIC;
  role: AccountRole;
}

const isSigner = (role: AccountRole) => role >= AccountRole.READONLY_SIGNER;
const isWritable = (role: AccountRole) => (role & 1) !== 0;

/** kit's address order among accounts of one kind (getAddressComparator's collation). */
const compareAddresses = new Intl.Collator("en", {
  caseFirst: "lower",
  ignorePunctuation: false,
  localeMatcher: "best fit",
  numeric: false,
  sensitivity: "variant",
  usage: "sort",
}).compare;

/** Programs, mints, vaults and the treasury recur in every transaction: decoded once. */
const addressBytes = new BoundedCache<string, Uint8Array>({ max: 50_000 });

function bytesOf(address: string): Uint8Array {
  let bytes = addressBytes.get(address);
  if (!bytes) {
    bytes = bs58.decode(address);
    if (bytes.length !== 32) throw new Error(`not a 32-byte address: ${address}`);
    addressBytes.set(address, bytes);
  }
  return bytes;
}

/** Every account with its merged role, as kit maps them (invoked programs read-only). */
function accountsOf(feePayer: Address, instructions: readonly Instruction[]): Map<string, Entry> {
  const map = new Map<string, Entry>([[feePayer, { kind: FEE_PAYER, role: AccountRole.WRITABLE_SIGNER }]]);
  const programs = new Set<string>();
  for (const ix of instructions) {
    const program = map.get(ix.programAddress);
    if (program && isWritable(program.role))
      throw new Error(`invoked program ${ix.programAddress} cannot be writable or pay fees`);
    if (!program) map.set(ix.programAddress, { kind: STATIC, role: AccountRole.READONLY });
    programs.add(ix.programAddress);
    for (const account of ix.accounts ?? []) {
      const entry = map.get(account.address);
      if (!entry) {
        map.set(account.address, { kind: STATIC, role: account.role });
        continue;
      }
      if (entry.kind === FEE_PAYER) continue;
      if (programs.has(account.address) && isWritable(account.role))
        throw new Error(`invoked program ${account.address} cannot be writable`);
      entry.role = entry.role | account.role;
    }
  }
  return map;
}

/** Fee payer first, then signers before the rest, writable before read-only, then by address. */
function ordered(map: Map<string, Entry>): Array<[string, Entry]> {
  return [...map].sort(([a, left], [b, right]) => {
    if (left.kind !== right.kind) return left.kind === FEE_PAYER ? -1 : 1;
    if (isSigner(left.role) !== isSigner(right.role)) return isSigner(left.role) ? -1 : 1;
    if (isWritable(left.role) !== isWritable(right.role)) return isWritable(left.role) ? -1 : 1;
    return compareAddresses(a, b);
  });
}

/** Solana's compact-u16 (shortvec) length prefix. */
function pushLength(out: number[], n: number): void {
  let rest = n;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(low);
      return;
    }
    out.push(low | 0x80);
  }
}

/** The v0 message's bytes and the addresses that must sign it, in order. */
function compileMessage(
  feePayer: Address,
  blockhash: string,
  instructions: readonly Instruction[],
): { message: Uint8Array; signers: string[] } {
  const accounts = ordered(accountsOf(feePayer, instructions));
  if (accounts.length > 64) throw new Error(`too many accounts in one transaction: ${accounts.length}`);
  const index = new Map(accounts.map(([address], i) => [address, i]));
  let signers = 0;
  let readonlySigners = 0;
  let readonlyOthers = 0;
  for (const [, { role }] of accounts) {
    if (isSigner(role)) {
      signers++;
      if (!isWritable(role)) readonlySigners++;
    } else if (!isWritable(role)) readonlyOthers++;
  }
  const head: number[] = [0x80, signers, readonlySigners, readonlyOthers];
  pushLength(head, accounts.length);
  const parts: Uint8Array[] = [Uint8Array.from(head)];
  for (const [address] of accounts) parts.push(bytesOf(address));
  // A blockhash lives a slot or so: decoded, not kept.
  const lifetime = bs58.decode(blockhash);
  if (lifetime.length !== 32) throw new Error(`not a 32-byte blockhash: ${blockhash}`);
  parts.push(lifetime);
  const tail: number[] = [];
  pushLength(tail, instructions.length);
  parts.push(Uint8Array.from(tail));
  for (const ix of instructions) {
    const metas: readonly AccountMeta[] = ix.accounts ?? [];
    const data = ix.data ?? new Uint8Array();
    const ixHead: number[] = [index.get(ix.programAddress) as number];
    pushLength(ixHead, metas.length);
    for (const meta of metas) ixHead.push(index.get(meta.address) as number);
    pushLength(ixHead, data.length);
    parts.push(Uint8Array.from(ixHead), Uint8Array.from(data));
  }
  // No address lookup tables.
  parts.push(Uint8Array.of(0));
  return { message: Buffer.concat(parts), signers: accounts.slice(0, signers).map(([address]) => address) };
}

/** The signers an instruction list carries (the fee payer's first), one per address. */
function signersOf(
  payer: TransactionSigner,
  instructions: readonly Instruction[],
): TransactionPartialSigner[] {
  const byAddress = new Map<string, TransactionSigner>([[payer.address, payer]]);
  for (const ix of instructions)
    for (const account of ix.accounts ?? [])
      if ("signer" in account && account.signer && !byAddress.has(account.address))
        byAddress.set(account.address, account.signer as TransactionSigner);
  return [...byAddress.values()].map((signer) => {
    if (!("signTransactions" in signer)) throw new Error(`signer ${signer.address} cannot sign partially`);
    return signer;
  });
}

/** Compiles `instructions` into a v0 transaction paid by `payer` with `lifetime`'s blockhash,
 * signed by every signer they carry (a no-op signer, standing for an external wallet, leaves
 * its signature empty for the wallet to add). Throws past `maxSize` bytes. */
export async function compileTransaction(
  payer: TransactionSigner,
  lifetime: Blockhash,
  instructions: readonly Instruction[],
  maxSize: number,
): Promise<CompiledTransaction> {
  const { message, signers } = compileMessage(payer.address, lifetime.blockhash, instructions);
  // As kit hands it to signers: the message, and each required signer's slot still empty
  // (kit's own key pair signers refuse an address without a slot).
  const unsigned = {
    messageBytes: message,
    signatures: Object.fromEntries(signers.map((address) => [address, null])),
  } as unknown as Parameters<TransactionPartialSigner["signTransactions"]>[0][number];
  const dictionaries = await Promise.all(
    signersOf(payer, instructions).map(
      async (signer) => (await signer.signTransactions([unsigned]))[0] ?? {},
    ),
  );
  const signatures = new Map<string, Uint8Array>();
  for (const dictionary of dictionaries)
    for (const [address, signature] of Object.entries(dictionary))
      if (signature) signatures.set(address, signature as Uint8Array);
  const prefix: number[] = [];
  pushLength(prefix, signers.length);
  const parts: Uint8Array[] = [Uint8Array.from(prefix)];
  for (const address of signers) parts.push(signatures.get(address) ?? new Uint8Array(64));
  parts.push(message);
  const wire = new Uint8Array(Buffer.concat(parts));
  if (wire.length > maxSize)
    throw new Error(
      `The transaction is ${wire.length} bytes, over Solana's ${maxSize}-byte limit; shorten the name, URI or fields`,
    );
  const paid = signatures.get(payer.address);
  return {
    wire,
    signature: paid ? bs58.encode(paid) : null,
    fullySigned: signers.every((address) => signatures.has(address)),
  };
}

/** Adds the fee payer's signature to bytes compiled with its slot empty (a launch built on
 * the builder's thread, where the payer's key never goes). The payer is the message's first
 * account; it must be `payer`. */
export async function signAsFeePayer(
  wire: Uint8Array,
  payer: TransactionPartialSigner,
): Promise<{ wire: Uint8Array; signature: string }> {
  const count = wire[0] ?? 0;
  // Up to 127 signatures the count is one byte; a transaction has room for 19 at most.
  if (count === 0 || count > 0x7f) throw new Error("not a transaction with signature slots");
  const message = wire.subarray(1 + 64 * count);
  // v0 message: prefix, three header bytes, the account count (one byte below 128), accounts.
  const feePayer = bs58.encode(message.subarray(5, 37));
  if (feePayer !== payer.address) throw new Error("the transaction is paid by another account");
  const unsigned = {
    messageBytes: message,
    signatures: { [feePayer]: null },
  } as unknown as Parameters<TransactionPartialSigner["signTransactions"]>[0][number];
  const [dictionary] = await payer.signTransactions([unsigned]);
  const signature = dictionary?.[payer.address];
  if (!signature) throw new Error("the fee payer did not sign");
  const signed = new Uint8Array(wire);
  signed.set(signature, 1);
  return { wire: signed, signature: bs58.encode(signature) };
}
