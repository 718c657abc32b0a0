import {
  appendTransactionMessageInstruction,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getBurnCheckedInstruction } from "@solana-program/token-2022";
import { beforeAll, describe, expect, it } from "vitest";
import { openEmbeddedLedger } from "./embedded-ledger";
import { generateSigner } from "./keys";
import { LedgerError } from "./ledger";
import type { LiteSvmLedger } from "./litesvm-ledger";
import { buildSolTransferTransaction } from "./system";
import {
  associatedTokenAddress,
  buildLaunchTransaction,
  buildTransferTransaction,
  checkSignedMatchesPrepared,
  launchCostLamports,
} from "./token-2022";

const SOL = 1_000_000_000n;
const fields = {
  name: "Nova Beats",
  symbol: "NOVA",
  uri: "http://localhost:5000/api/tokens/nova/metadata.json",
  additionalMetadata: [["tagline", "Music for the people, one beat at a time"]] as Array<[string, string]>,
};
const supply = 1_000_000n * 10n ** 9n;

let ledger: LiteSvmLedger;
beforeAll(async () => {
  ledger = await openEmbeddedLedger({ chainDir: null, checkpointIntervalMs: 60_000 });
});

async function fundedSigner(sol = 2n) {
  const signer = await generateKeyPairSigner();
  await ledger.airdrop(signer.address, sol * SOL);
  return signer;
}

async function launch(payer: Awaited<ReturnType<typeof fundedSigner>>) {
  const mint = await generateKeyPairSigner();
  const built = await buildLaunchTransaction({
    payer,
    mint,
    ...fields,
    supply,
    decimals: 9,
    blockhash: await ledger.getLatestBlockhash(),
  });
  return { mint, built };
}

describe("embedded ledger: launch", () => {
  it("creates a fixed-supply Token-2022 mint with metadata, all of it in the creator's ATA", async () => {
    const creator = await fundedSigner();
    const before = await ledger.getBalance(creator.address);
    const { mint, built } = await launch(creator);
    expect(built.fullySigned).toBe(true);
    const signature = await ledger.sendTransaction(built.wire);
    expect(signature).toBe(built.signature);

    const info = await ledger.getMint(mint.address);
    expect(info).toMatchObject({
      supply,
      decimals: 9,
      mintAuthority: null,
      freezeAuthority: null,
      programId: "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
    });
    expect(info?.metadata).toMatchObject({
      name: fields.name,
      symbol: "NOVA",
      uri: fields.uri,
      updateAuthority: creator.address,
    });
    expect(info?.metadata?.additionalMetadata).toEqual(fields.additionalMetadata);

    const ata = associatedTokenAddress(creator.address, mint.address);
    const holdings = await ledger.getTokenAccountsByOwner(creator.address);
    expect(holdings).toEqual([
      { address: ata, mint: mint.address, owner: creator.address, amount: supply, decimals: 9 },
    ]);
    // The cost helper predicts exactly what the payer spends (fees + both rents).
    expect(before - (await ledger.getBalance(creator.address))).toBe(launchCostLamports(fields));
    const [status] = await ledger.getSignatureStatuses([signature]);
    expect(status?.state).toBe("confirmed");
    const record = await ledger.getTransaction(signature);
    expect(record?.logs.join("\n")).toContain("Instruction: SetAuthority");
    expect((await ledger.getSignaturesForAddress(mint.address))[0]?.signature).toBe(signature);
  });

  it("launches many tokens built on the same blockhash, concurrently", async () => {
    const creator = await fundedSigner(10n);
    const blockhash = await ledger.getLatestBlockhash();
    const launches = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const mint = await generateKeyPairSigner();
        return buildLaunchTransaction({ payer: creator, mint, ...fields, supply, decimals: 9, blockhash });
      }),
    );
    // The chain moves on a slot meanwhile (on the ledger's own clock, not by waiting).
    const { clock } = ledger.parts;
    clock.observeSlot(clock.slot() + 1n);
    expect((await ledger.getLatestBlockhash()).blockhash).not.toBe(blockhash.blockhash);
    const signatures = await Promise.all(launches.map((l) => ledger.sendTransaction(l.wire)));
    expect(new Set(signatures).size).toBe(6);
    for (const l of launches) expect((await ledger.getMint(l.mintAddress))?.supply).toBe(supply);
  });

  it("refuses a duplicate with already_processed and a poor payer with the Get Test SOL message", async () => {
    const creator = await fundedSigner();
    const { built } = await launch(creator);
    await ledger.sendTransaction(built.wire);
    await expect(ledger.sendTransaction(built.wire)).rejects.toMatchObject({ code: "already_processed" });

    const poor = await generateKeyPairSigner();
    await ledger.airdrop(poor.address, 1_000_000n);
    const { built: poorLaunch } = await launch(poor);
    const error = await ledger.sendTransaction(poorLaunch.wire).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerError);
    expect(error).toMatchObject({
      code: "insufficient_funds",
      message: "Not enough test SOL in this wallet. Use Get Test SOL and try again.",
    });

    const empty = await generateKeyPairSigner(); // no account at all: cannot pay the fee
    const { built: emptyLaunch } = await launch(empty);
    await expect(ledger.sendTransaction(emptyLaunch.wire)).rejects.toMatchObject({
      code: "insufficient_funds",
    });
  });
});

describe("embedded ledger: a staged send after another", () => {
  it("runs only when the transaction named `after` executed without error before it", async () => {
    const payer = await fundedSigner(5n);
    const to = generateSigner().address;
    const pay = async (from: Parameters<typeof buildSolTransferTransaction>[0]["from"], memo: string) =>
      buildSolTransferTransaction({
        from,
        to,
        lamports: SOL,
        blockhash: await ledger.getLatestBlockhash(),
        memo,
      });
    const first = await pay(payer, "first");
    await ledger.sendTransactionStaged(first.wire);
    // Executed (its journal entry may still be on its way): the next one runs.
    const second = await pay(payer, "second");
    await (await ledger.sendTransactionStaged(second.wire, { after: first.signature })).durable;
    expect(await ledger.getBalance(to)).toBe(2n * SOL);

    // Refused by the chain (a payer with no SOL): the one built after it never runs.
    const refused = await pay(generateSigner(), "refused");
    await expect(ledger.sendTransactionStaged(refused.wire)).rejects.toBeInstanceOf(LedgerError);
    for (const after of [
      refused.signature,
      "1111111111111111111111111111111111111111111111111111111111111111",
    ]) {
      const behind = await pay(payer, `behind ${after}`);
      const sent = ledger.sendTransactionStaged(behind.wire, { after });
      await expect(sent).rejects.toMatchObject({ code: "not_after" });
      expect((await ledger.getSignatureStatuses([behind.signature]))[0]?.state).toBe("unknown");
    }
    expect(await ledger.getBalance(to)).toBe(2n * SOL);
  });
});

describe("embedded ledger: malformed input", () => {
  it("refuses bytes that are not a transaction", async () => {
    for (const wire of [new Uint8Array(), new Uint8Array(300).fill(1), new Uint8Array([1, 2, 3])]) {
      await expect(ledger.sendTransaction(wire)).rejects.toMatchObject({
        code: "rejected",
        message: "The transaction could not be read.",
      });
    }
  });
});

describe("embedded ledger: transfers", () => {
  it("transfers tokens and creates the recipient's token account", async () => {
    const creator = await fundedSigner();
    const { mint, built } = await launch(creator);
    await ledger.sendTransaction(built.wire);
    const fan = await generateKeyPairSigner();
    expect(await ledger.getTokenAccountsByOwner(fan.address)).toEqual([]);

    const transfer = await buildTransferTransaction({
      owner: creator,
      mint: mint.address,
      destinationOwner: fan.address,
      amount: 1234n,
      decimals: 9,
      blockhash: await ledger.getLatestBlockhash(),
    });
    await ledger.sendTransaction(transfer.wire);
    const [fanHolding] = await ledger.getTokenAccountsByOwner(fan.address);
    expect(fanHolding).toMatchObject({
      mint: mint.address,
      amount: 1234n,
      address: associatedTokenAddress(fan.address, mint.address),
    });
    const holders = await ledger.getTokenAccountsByMint(mint.address);
    expect(holders.map((h) => h.amount)).toEqual([supply - 1234n, 1234n]);

    const tooMuch = await buildTransferTransaction({
      owner: creator,
      mint: mint.address,
      destinationOwner: fan.address,
      amount: supply,
      decimals: 9,
      blockhash: await ledger.getLatestBlockhash(),
    });
    await expect(ledger.sendTransaction(tooMuch.wire)).rejects.toMatchObject({
      code: "rejected",
      message: "This wallet does not hold enough of this token.",
    });
    const [failed] = await ledger.getSignatureStatuses([tooMuch.signature]);
    expect(failed?.state).toBe("failed"); // it paid its fee, so it is on chain, as failed
  });
});

describe("external wallet launch", () => {
  it("prepares a launch signed by the mint only, and accepts exactly that one signed by the wallet", async () => {
    const wallet = await fundedSigner();
    const mint = await generateKeyPairSigner();
    const prepared = await buildLaunchTransaction({
      payer: wallet.address,
      mint,
      ...fields,
      supply,
      decimals: 9,
      blockhash: await ledger.getLatestBlockhash(),
    });
    expect(prepared.fullySigned).toBe(false);
    expect(prepared.signature).toBeNull();
    await expect(ledger.sendTransaction(prepared.wire)).rejects.toMatchObject({ code: "rejected" });

    // What the browser wallet does: add its signature to the same message.
    const decoded = getTransactionDecoder().decode(prepared.wire);
    const signed = new Uint8Array(
      getTransactionEncoder().encode(await signTransaction([wallet.keyPair], decoded)),
    );
    const check = checkSignedMatchesPrepared(prepared.wire, signed, wallet.address);
    expect(check.ok).toBe(true);

    // A different launch signed by the same wallet is refused, as is a wrong fee payer.
    const other = await buildLaunchTransaction({
      payer: wallet,
      mint: await generateKeyPairSigner(),
      ...fields,
      supply,
      decimals: 9,
      blockhash: await ledger.getLatestBlockhash(),
    });
    expect(checkSignedMatchesPrepared(prepared.wire, other.wire, wallet.address).ok).toBe(false);
    expect(checkSignedMatchesPrepared(prepared.wire, signed, mint.address).ok).toBe(false);
    const tampered = signed.slice();
    tampered[5] = (tampered[5] ?? 0) ^ 0xff; // corrupt the wallet's signature
    expect(checkSignedMatchesPrepared(prepared.wire, tampered, wallet.address)).toMatchObject({ ok: false });

    if (!check.ok) throw new Error("unreachable");
    expect(await ledger.sendTransaction(signed)).toBe(check.signature);
    expect((await ledger.getMint(mint.address))?.supply).toBe(supply);
  });
});

describe("embedded ledger: mints read again", () => {
  it("answers a mint read again with what the chain holds after a burn changed it", async () => {
    const creator = await fundedSigner();
    const { mint, built } = await launch(creator);
    await ledger.sendTransaction(built.wire);
    expect((await ledger.getMint(mint.address))?.supply).toBe(supply);
    const again = await ledger.getMint(mint.address);
    expect(again?.metadata?.symbol).toBe(fields.symbol);

    const blockhash = await ledger.getLatestBlockhash();
    const burn = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(creator, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            blockhash: blockhash.blockhash as Blockhash,
            lastValidBlockHeight: blockhash.lastValidBlockHeight,
          },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          getBurnCheckedInstruction({
            account: associatedTokenAddress(creator.address, mint.address),
            mint: mint.address,
            authority: creator,
            amount: 5n,
            decimals: 9,
          }),
          m,
        ),
    );
    const signed = await signTransactionMessageWithSigners(burn);
    await ledger.sendTransaction(new Uint8Array(getTransactionEncoder().encode(signed)));
    expect((await ledger.getMint(mint.address))?.supply).toBe(supply - 5n);
  });
});
