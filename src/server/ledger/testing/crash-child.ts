import { generateKeyPairSigner } from "@solana/kit";
import { openLedger } from "../index";
import { buildLaunchTransaction } from "../token-2022";

// Child process for the kill -9 test: launches tokens as fast as it can (a few at a time,
// checkpointing often) and prints each acknowledged one. The parent kills it at random
// moments and checks that everything printed survived.

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: crash-child.ts <dataDir>");
const ledger = await openLedger({ dataDir, checkpointIntervalMs: 40 });
const payer = await generateKeyPairSigner();
const airdrop = await ledger.airdrop(payer.address, 1_000n * 1_000_000_000n);
process.stdout.write(`ACK airdrop ${airdrop} ${payer.address}\n`);

async function worker(): Promise<never> {
  for (;;) {
    const mint = await generateKeyPairSigner();
    const built = await buildLaunchTransaction({
      payer,
      mint,
      name: "Crash Test",
      symbol: "CRASH",
      uri: "https://example.com/m.json",
      additionalMetadata: [["tagline", "survives kill -9"]],
      supply: 1_000n,
      decimals: 9,
      blockhash: await ledger.getLatestBlockhash(),
    });
    const signature = await ledger.sendTransaction(built.wire);
    process.stdout.write(`ACK launch ${signature} ${mint.address}\n`);
  }
}
process.stdout.write("READY\n");
await Promise.all([worker(), worker(), worker()]);
