import { getTransactionDecoder, getTransactionEncoder } from "@solana/kit";
import { describe, expect, it } from "vitest";
import { generateSigner } from "./keys";
import { buildTradeTransaction, checkTraderSigned, cosign } from "./market-transactions";
import { decodeMessage } from "./wire";

const instructionsOf = (wire: Uint8Array) => {
  const message = decodeMessage(getTransactionDecoder().decode(wire));
  return "instructions" in message ? message.instructions : [];
};

// The trade builder without a ledger: who signs, which transfers it carries, and the checks
// an external wallet's signed bytes must pass before the vault co-signs.

const blockhash = { blockhash: "4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi", lastValidBlockHeight: 100n };
const people = () => ({
  trader: generateSigner(),
  vault: generateSigner(),
  creator: generateSigner().address,
  treasury: generateSigner().address,
  mint: generateSigner().address,
});
const legs = (p: ReturnType<typeof people>, side: "buy" | "sell", creatorFee = 5n) => ({
  side,
  mint: p.mint,
  decimals: 9,
  curveSol: 1_000n,
  tokens: 77n,
  creatorFee,
  treasuryFee: 6n,
  creatorWallet: p.creator,
  treasury: p.treasury,
  memo: "trade t-1",
});

describe("market trade transactions", () => {
  it("a buy is signed by trader (fee payer) and vault, with one transfer per non-zero part", async () => {
    const p = people();
    const built = await buildTradeTransaction({
      ...legs(p, "buy"),
      trader: p.trader,
      vault: p.vault,
      blockhash,
    });
    const tx = getTransactionDecoder().decode(built.wire);
    expect(Object.keys(tx.signatures)).toEqual([p.trader.address, p.vault.address]);
    expect(Object.values(tx.signatures).every((s) => s !== null)).toBe(true);
    // SOL to vault, creator, treasury; trader's token account; tokens out; memo.
    expect(instructionsOf(built.wire)).toHaveLength(6);
    const noCreatorPart = await buildTradeTransaction({
      ...legs(p, "buy", 0n),
      trader: p.trader,
      vault: p.vault,
      blockhash,
    });
    expect(instructionsOf(noCreatorPart.wire)).toHaveLength(5);
  });

  it("accepts an external wallet's signature only over the prepared message, then the vault co-signs", async () => {
    const p = people();
    const prepared = await buildTradeTransaction({
      ...legs(p, "sell"),
      trader: p.trader.address,
      vault: p.vault.address,
      blockhash,
    });
    expect(prepared.signature).toBeNull();
    const tx = getTransactionDecoder().decode(prepared.wire);
    const [traderSig] = await p.trader.signTransactions([tx as never]);
    const signed = new Uint8Array(
      getTransactionEncoder().encode({ ...tx, signatures: { ...tx.signatures, ...traderSig } }),
    );
    expect(checkTraderSigned(prepared.wire, signed, p.trader.address)).toEqual({ ok: true });
    expect(checkTraderSigned(prepared.wire, prepared.wire, p.trader.address).ok).toBe(false);
    expect(checkTraderSigned(prepared.wire, signed, p.vault.address).ok).toBe(false);
    const other = await buildTradeTransaction({
      ...legs(p, "sell"),
      memo: "trade t-2",
      trader: p.trader.address,
      vault: p.vault.address,
      blockhash,
    });
    expect(checkTraderSigned(other.wire, signed, p.trader.address).ok).toBe(false);
    const full = await cosign(signed, p.vault);
    const done = getTransactionDecoder().decode(full.wire);
    expect(Object.values(done.signatures).every((s) => s !== null)).toBe(true);
    expect(full.signature).not.toBeNull();
  });
});
