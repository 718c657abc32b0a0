import { generateKeyPairSigner } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../tests/support/test-app";
import type { Ledger } from "./ledger";
import { FAUCET_RATE_LIMITED } from "./rpc-errors";
import { clusterOf, RpcLedger } from "./rpc-ledger";
import { buildLaunchTransaction, buildTransferTransaction } from "./token-2022";

// The RPC ledger against our own /rpc: proves the client side (kit, confirmation, error
// mapping) and the server side (JSON-RPC over the embedded ledger) together.

let app: TestApp;
let embedded: Ledger;
let remote: RpcLedger;

beforeAll(async () => {
  app = await startTestApp();
  embedded = app.deps.ledger;
  remote = new RpcLedger({ url: `${app.url}/rpc`, pollMs: 20 });
});
afterAll(async () => {
  await app?.close();
});

const fields = {
  name: "Remote Launch",
  symbol: "RMT",
  uri: "https://example.com/rmt.json",
  additionalMetadata: [["tagline", "over JSON-RPC"]] as Array<[string, string]>,
};

describe("RpcLedger", () => {
  it("names the cluster from the URL", () => {
    expect(clusterOf("https://api.devnet.solana.com")).toEqual({
      cluster: "devnet",
      clusterLabel: "Solana Devnet",
    });
    expect(new RpcLedger({ url: "https://api.devnet.solana.com" }).info).toMatchObject({
      kind: "rpc",
      clusterLabel: "Solana Devnet",
    });
    expect(remote.info.cluster).toBe("custom");
  });

  it("airdrops, launches, transfers and reads back through JSON-RPC", async () => {
    expect((await remote.health()).ok).toBe(true);
    const creator = await generateKeyPairSigner();
    await remote.airdrop(creator.address, 2_000_000_000n);
    expect(await remote.getBalance(creator.address)).toBe(2_000_000_000n);

    const mint = await generateKeyPairSigner();
    const launch = await buildLaunchTransaction({
      payer: creator,
      mint,
      ...fields,
      supply: 5_000n * 10n ** 9n,
      decimals: 9,
      blockhash: await remote.getLatestBlockhash(),
    });
    expect(await remote.sendTransaction(launch.wire)).toBe(launch.signature);
    const viaRpc = await remote.getMint(mint.address);
    expect(viaRpc).toEqual(await embedded.getMint(mint.address));
    expect(viaRpc).toMatchObject({
      supply: 5_000n * 10n ** 9n,
      decimals: 9,
      mintAuthority: null,
      freezeAuthority: null,
    });
    expect(viaRpc?.metadata?.additionalMetadata).toEqual([["tagline", "over JSON-RPC"]]);

    const fan = await generateKeyPairSigner();
    const transfer = await buildTransferTransaction({
      owner: creator,
      mint: mint.address,
      destinationOwner: fan.address,
      amount: 10n ** 9n,
      decimals: 9,
      blockhash: await remote.getLatestBlockhash(),
    });
    await remote.sendTransaction(transfer.wire);
    expect(await remote.getTokenAccountsByOwner(fan.address)).toEqual(
      await embedded.getTokenAccountsByOwner(fan.address),
    );
    expect((await remote.getTokenAccountsByMint(mint.address)).map((h) => [h.owner, h.amount])).toEqual([
      [creator.address, 4_999n * 10n ** 9n],
      [fan.address, 10n ** 9n],
    ]);

    const statuses = await remote.getSignatureStatuses([launch.signature ?? "", transfer.signature]);
    expect(statuses.map((s) => s.state)).toEqual(["confirmed", "confirmed"]);
    const history = await remote.getSignaturesForAddress(mint.address);
    expect(history.map((h) => h.signature)).toEqual([transfer.signature, launch.signature]);
    const record = await remote.getTransaction(transfer.signature);
    expect(record).toMatchObject({ signature: transfer.signature, error: null, fee: 5000n });
    expect(record?.wire).toEqual(transfer.wire);
    const tooMuch = await buildTransferTransaction({
      owner: creator,
      mint: mint.address,
      destinationOwner: fan.address,
      amount: 10n ** 15n,
      decimals: 9,
      blockhash: await remote.getLatestBlockhash(),
    });
    expect(await remote.simulateTransaction(tooMuch.wire)).toMatchObject({
      error: "This wallet does not hold enough of this token.",
      rpcError: { InstructionError: [1, { Custom: 1 }] },
    });
  });

  it("maps refusals to the same LedgerErrors as the embedded ledger", async () => {
    const poor = await generateKeyPairSigner();
    await remote.airdrop(poor.address, 1_000_000n);
    const launch = await buildLaunchTransaction({
      payer: poor,
      mint: await generateKeyPairSigner(),
      ...fields,
      supply: 1n,
      decimals: 9,
      blockhash: await remote.getLatestBlockhash(),
    });
    await expect(remote.sendTransaction(launch.wire)).rejects.toMatchObject({
      code: "insufficient_funds",
      message: "Not enough test SOL in this wallet. Use Get Test SOL and try again.",
    });

    const creator = await generateKeyPairSigner();
    await remote.airdrop(creator.address, 1_000_000_000n);
    const ok = await buildLaunchTransaction({
      payer: creator,
      mint: await generateKeyPairSigner(),
      ...fields,
      supply: 1n,
      decimals: 9,
      blockhash: await remote.getLatestBlockhash(),
    });
    await remote.sendTransaction(ok.wire);
    await expect(remote.sendTransaction(ok.wire)).rejects.toMatchObject({ code: "already_processed" });
  });

  it("reports faucet rate limits with a clear message", async () => {
    const to = (await generateKeyPairSigner()).address;
    let error: unknown = null;
    for (let i = 0; i < 12 && !error; i++) {
      error = await remote.airdrop(to, 1_000_000n).then(
        () => null,
        (e: unknown) => e,
      );
    }
    expect(error).toMatchObject({ code: "rate_limited", message: FAUCET_RATE_LIMITED });
  });
});
