import { address, getTransactionDecoder, lamports } from "@solana/kit";
import { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { generateSigner } from "../src/server/ledger/keys";
import { buildLaunchTransaction } from "../src/server/ledger/token-2022";

// The ceiling the API is compared against: launch transactions built, signed and executed
// in-process on a bare LiteSVM (fresh mint key each time, no journal, no HTTP, no database),
// with the same builder and the same signers the server uses.

export async function benchRawLaunches(
  seconds: number,
  warmupSeconds = 0,
): Promise<{ launchesPerSecond: number; launches: number }> {
  const svm = new LiteSVM().withBlockhashCheck(false);
  const payer = generateSigner();
  svm.setAccount({
    address: payer.address,
    lamports: lamports(1_000_000n * 1_000_000_000n),
    programAddress: address("11111111111111111111111111111111"),
    executable: false,
    data: new Uint8Array(),
    space: 0n,
  });
  const blockhash = { blockhash: svm.latestBlockhash(), lastValidBlockHeight: 1_000_000n };
  const decoder = getTransactionDecoder();

  const launchOnce = async (i: number) => {
    const mint = generateSigner();
    const built = await buildLaunchTransaction({
      payer,
      mint,
      name: `Bench Token ${i}`,
      symbol: "BENCH",
      uri: `http://localhost:5000/api/tokens/${mint.address}/metadata.json`,
      additionalMetadata: [["tagline", "Measured, not guessed"]],
      supply: 1_000_000_000n * 10n ** 9n,
      decimals: 9,
      blockhash,
    });
    const result = svm.sendTransaction(decoder.decode(built.wire));
    if (result instanceof FailedTransactionMetadata)
      throw new Error(`raw launch failed: ${result.toString()}`);
  };

  // Warm up the JIT and the VM's program cache, for as long as the API's warm-up lasts.
  const warmUntil = performance.now() + warmupSeconds * 1000;
  for (let i = 0; i < 20 || performance.now() < warmUntil; i++) await launchOnce(i);
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let launches = 0;
  while (performance.now() < deadline) await launchOnce(launches++);
  const elapsed = (performance.now() - start) / 1000;
  return { launchesPerSecond: launches / elapsed, launches };
}
