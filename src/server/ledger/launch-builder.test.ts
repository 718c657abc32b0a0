import { createNoopSigner } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAsFeePayer } from "./compile-transaction";
import { openEmbeddedLedger } from "./embedded-ledger";
import { generateSigner, verifySignature } from "./keys";
import { metadataUri, type UnsignedLaunch } from "./launch-builder";
import { LaunchBuilderThread } from "./launch-builder-client";
import type { LiteSvmLedger } from "./litesvm-ledger";
import { associatedTokenAddress, buildLaunchTransaction } from "./token-2022";

// A server builds each launch on the builder's thread (the new mint's key is made and signs
// there) and adds the payer's signature on the event loop: the result must be the launch the
// one-step builder makes, and the chain must take it.

const SOL = 1_000_000_000n;
const supply = 1_000_000n * 10n ** 9n;
let ledger: LiteSvmLedger;
let builder: LaunchBuilderThread;

beforeAll(async () => {
  ledger = await openEmbeddedLedger({ chainDir: null, checkpointIntervalMs: 60_000 });
  builder = await LaunchBuilderThread.start();
});
afterAll(async () => {
  await builder.close();
  await ledger.close();
});

async function request(payer: string): Promise<UnsignedLaunch> {
  return {
    payer,
    name: "Harbour Sketchbook",
    symbol: "HBSK",
    publicUrl: "http://localhost:5000",
    additionalMetadata: [["tagline", "Drawn by the sea"]],
    supply,
    decimals: 9,
    blockhash: await ledger.getLatestBlockhash(),
  };
}

describe("launch builder thread", () => {
  it("builds what the one-step builder builds, signed by the mint there and by the payer here, and the chain takes it", async () => {
    const creator = generateSigner();
    await ledger.airdrop(creator.address, 2n * SOL);
    const launch = await request(creator.address);
    const unsigned = await builder.build(launch);
    const signed = await signAsFeePayer(unsigned.wire, creator);

    // The same message as building it here in one go with the same mint address.
    const here = await buildLaunchTransaction({
      ...launch,
      payer: creator.address,
      mint: createNoopSigner(unsigned.mintAddress as never),
      uri: metadataUri(launch.publicUrl, unsigned.mintAddress),
    });
    const message = signed.wire.subarray(1 + 64 * 2);
    expect(Buffer.from(message).equals(Buffer.from(here.wire.subarray(1 + 64 * 2)))).toBe(true);
    // Both signatures are there and valid: the payer's first (the transaction's id), the mint's.
    const payerSignature = signed.wire.subarray(1, 65);
    const mintSignature = signed.wire.subarray(65, 129);
    expect(verifySignature(creator.address, message, payerSignature)).toBe(true);
    expect(verifySignature(unsigned.mintAddress, message, mintSignature)).toBe(true);

    expect(await ledger.sendTransaction(signed.wire)).toBe(signed.signature);
    const mint = await ledger.getMint(unsigned.mintAddress);
    expect(mint?.metadata).toMatchObject({
      name: "Harbour Sketchbook",
      symbol: "HBSK",
      uri: `http://localhost:5000/api/tokens/${unsigned.mintAddress}/metadata.json`,
      updateAuthority: creator.address,
    });
    const accounts = await ledger.getTokenAccountsByOwner(creator.address);
    // The creator's token account comes back with the bytes (the loop does not derive it).
    expect(accounts.map((a) => a.address)).toEqual([unsigned.creatorTokenAccount]);
    expect(accounts).toEqual([
      {
        address: associatedTokenAddress(creator.address, unsigned.mintAddress),
        mint: unsigned.mintAddress,
        owner: creator.address,
        amount: supply,
        decimals: 9,
      },
    ]);
  });

  it("makes a new mint for every launch, concurrent ones included", async () => {
    const payer = generateSigner().address;
    const launch = await request(payer);
    const built = await Promise.all(Array.from({ length: 20 }, () => builder.build(launch)));
    expect(new Set(built.map((b) => b.mintAddress)).size).toBe(20);
  });

  it("refuses to sign for a payer the transaction does not name", async () => {
    const unsigned = await builder.build(await request(generateSigner().address));
    await expect(signAsFeePayer(unsigned.wire, generateSigner())).rejects.toThrow(
      "the transaction is paid by another account",
    );
  });

  it("builds on the calling thread once its own thread has stopped", async () => {
    const stopped = await LaunchBuilderThread.start();
    await stopped.close();
    const payer = generateSigner();
    const unsigned = await stopped.build(await request(payer.address));
    const signed = await signAsFeePayer(unsigned.wire, payer);
    expect(
      verifySignature(payer.address, signed.wire.subarray(1 + 64 * 2), signed.wire.subarray(1, 65)),
    ).toBe(true);
  });
});
