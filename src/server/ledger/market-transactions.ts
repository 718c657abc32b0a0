import {
  type Address,
  address,
  createNoopSigner,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type Instruction,
  type Transaction,
  type TransactionPartialSigner,
  type TransactionSigner,
  lamports as toLamports,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_2022_PROGRAM_ADDRESS,
} from "@solana-program/token-2022";
import { compileTransaction } from "./compile-transaction";
import { verifySignature } from "./keys";
import type { Blockhash } from "./ledger";
import { memoInstruction } from "./memo";
import { associatedTokenAddress, LAMPORTS_PER_SIGNATURE, MAX_TRANSACTION_SIZE } from "./token-2022";
import { decodeWireTransaction } from "./wire";

// Pure builders for the bonding-curve market: opening a curve (the creator funds the vault's
// rent and deposits the curve's tokens) and each trade, ONE transaction signed by the trader
// and the curve's vault so SOL, fee and tokens move together or not at all. No I/O.

const encoder = getTransactionEncoder();

/** The network fee of a trade (trader and vault sign); the trader pays it. */
export const TRADE_NETWORK_FEE = 2n * LAMPORTS_PER_SIGNATURE;

export interface OpenMarketParams {
  /** The creator's signer (embedded wallet), or its address when a browser wallet signs later. */
  creator: TransactionSigner | string;
  vault: string;
  mint: string;
  decimals: number;
  /** Tokens moved onto the curve. */
  tokens: bigint;
  /** Lamports that make the vault a rent-exempt system account. */
  vaultRent: bigint;
  blockhash: Blockhash;
}

/** Opening a curve: rent into the vault, the vault's token account, the curve's tokens into it. */
export async function buildOpenMarketTransaction(p: OpenMarketParams): Promise<SignedWire> {
  const creator = signerOf(p.creator);
  const mint = address(p.mint);
  const vault = address(p.vault);
  const vaultAta = associatedTokenAddress(p.vault, p.mint);
  const instructions: Instruction[] = [
    getTransferSolInstruction({ source: creator, destination: vault, amount: toLamports(p.vaultRent) }),
    getCreateAssociatedTokenIdempotentInstruction({
      payer: creator,
      ata: vaultAta,
      owner: vault,
      mint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getTransferCheckedInstruction({
      source: associatedTokenAddress(creator.address, p.mint),
      mint,
      destination: vaultAta,
      authority: creator,
      amount: p.tokens,
      decimals: p.decimals,
    }),
  ];
  return sign(creator, p.blockhash, instructions);
}

export interface TradeLegs {
  side: "buy" | "sell";
  mint: string;
  decimals: number;
  /** Buy: SOL into the curve. Sell: SOL out of the curve (the fee comes out of it). */
  curveSol: bigint;
  tokens: bigint;
  /** Paid to the creator's wallet. */
  creatorFee: bigint;
  /** Paid to the treasury (the platform's part, plus any creator part it holds as owed). */
  treasuryFee: bigint;
  creatorWallet: string;
  treasury: string;
  /** Makes every trade's bytes (and signature) distinct, even for equal amounts. */
  memo: string;
}

export interface TradeParams extends TradeLegs {
  /** A signer (embedded wallet) or the address of an external wallet that signs later. */
  trader: TransactionSigner | string;
  /** The vault's signer, or its address when it co-signs later (external wallet prepare). */
  vault: TransactionSigner | string;
  blockhash: Blockhash;
}

export interface SignedWire {
  wire: Uint8Array;
  /** Null until the fee payer (the trader) has signed. */
  signature: string | null;
}

const signerOf = (s: TransactionSigner | string) =>
  typeof s === "string" ? createNoopSigner(address(s)) : s;

/** One trade: buy = trader pays the curve, the creator and the treasury, and receives tokens
 * from the vault; sell = trader sends tokens to the vault, which pays the trader (curve SOL
 * minus fee), the creator and the treasury. Signed by whichever real signers were given. */
export async function buildTradeTransaction(p: TradeParams): Promise<SignedWire> {
  const trader = signerOf(p.trader);
  const vault = signerOf(p.vault);
  const mint = address(p.mint);
  const traderAta = associatedTokenAddress(trader.address, p.mint);
  const vaultAta = associatedTokenAddress(vault.address, p.mint);
  const instructions: Instruction[] = [];
  const pay = (from: TransactionSigner, to: string, amount: bigint) => {
    // Nothing to move, or a payment to oneself (the creator trading): no instruction.
    if (amount > 0n && to !== from.address)
      instructions.push(
        getTransferSolInstruction({ source: from, destination: address(to), amount: toLamports(amount) }),
      );
  };
  const fee = p.creatorFee + p.treasuryFee;
  if (p.side === "buy") {
    pay(trader, vault.address, p.curveSol);
    pay(trader, p.creatorWallet, p.creatorFee);
    pay(trader, p.treasury, p.treasuryFee);
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: trader,
        ata: traderAta,
        owner: trader.address,
        mint,
        tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      }),
      transferChecked(vaultAta, traderAta, vault, mint, p.tokens, p.decimals),
    );
  } else {
    instructions.push(transferChecked(traderAta, vaultAta, trader, mint, p.tokens, p.decimals));
    pay(vault, trader.address, p.curveSol - fee);
    pay(vault, p.creatorWallet, p.creatorFee);
    pay(vault, p.treasury, p.treasuryFee);
  }
  instructions.push(memoInstruction(p.memo));
  return sign(trader, p.blockhash, instructions);
}

function transferChecked(
  source: Address,
  destination: Address,
  authority: TransactionSigner,
  mint: Address,
  amount: bigint,
  decimals: number,
): Instruction {
  return getTransferCheckedInstruction({ source, mint, destination, authority, amount, decimals });
}

/** Adds `signer`'s signature (the vault's, after the external wallet signed). */
export async function cosign(wire: Uint8Array, signer: TransactionPartialSigner): Promise<SignedWire> {
  const tx = decodeWireTransaction(wire);
  if (!tx) throw new Error("unreadable transaction");
  // Size and lifetime were checked when we built these bytes.
  const [added] = await signer.signTransactions([
    tx as Parameters<typeof signer.signTransactions>[0][number],
  ]);
  const signed: Transaction = { ...tx, signatures: { ...tx.signatures, ...added } };
  return { wire: encode(signed), signature: getSignatureFromTransaction(signed) };
}

export type TraderSignedCheck = { ok: true } | { ok: false; reason: string };

/** The external wallet's bytes must carry exactly the prepared message, paid and validly
 * signed by the trader; the vault's signature is added afterwards, by us. */
export function checkTraderSigned(
  prepared: Uint8Array,
  signedWire: Uint8Array,
  trader: string,
): TraderSignedCheck {
  const a = decodeWireTransaction(prepared);
  const b = decodeWireTransaction(signedWire);
  if (!a || !b) return { ok: false, reason: "The transaction could not be read." };
  if (!Buffer.from(a.messageBytes).equals(Buffer.from(b.messageBytes)))
    return { ok: false, reason: "The signed transaction is not the one prepared for you." };
  if (Object.keys(b.signatures)[0] !== trader)
    return { ok: false, reason: "The transaction is not paid by this wallet." };
  const sig = b.signatures[trader as Address];
  if (!sig || !verifySignature(trader, Uint8Array.from(b.messageBytes), Uint8Array.from(sig)))
    return { ok: false, reason: "The wallet did not sign the transaction." };
  return { ok: true };
}

/** Signed by every signer the instructions carry; an external wallet's (a no-op signer) signs
 * later, in the browser: its signature, and so the transaction's id, is null until then. */
async function sign(payer: TransactionSigner, lifetime: Blockhash, instructions: Instruction[]) {
  const built = await compileTransaction(payer, lifetime, instructions, MAX_TRANSACTION_SIZE);
  return { wire: built.wire, signature: built.signature };
}

function encode(tx: Transaction): Uint8Array {
  const wire = new Uint8Array(encoder.encode(tx));
  if (wire.length > MAX_TRANSACTION_SIZE)
    throw new Error(`market transaction too large: ${wire.length} bytes`);
  return wire;
}
