import { address, getTransactionDecoder, lamports } from "@solana/kit";
import { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { generateSigner } from "../src/server/ledger/keys";
import { buildCollectionTransaction, buildMemberTransaction } from "../src/server/ledger/reward-transactions";
import { Client } from "../tests/support/http";
import { uniqueSymbol } from "./api-launch";
import { fmt, verdict } from "./stats";

// NFT rewards: a wave of automatic mints in the server (a reward created for a token with
// 1,000 eligible holders; the minter signs, records, sends and confirms one NFT per holder),
// timed from the reward's creation to the chain's group size reaching 1,000; against the same
// member transactions built, signed and executed raw on a bare LiteSVM.

const WAVE = Number(process.env.BENCH_REWARD_WAVE ?? 1000);
const SYSTEM = address("11111111111111111111111111111111");

/** The same NFTs on a bare LiteSVM: one collection, then `count` members, one thread. */
export async function benchRawRewardMints(count: number): Promise<{ nftsPerSecond: number }> {
  const svm = new LiteSVM().withBlockhashCheck(false);
  const payer = generateSigner();
  const authority = generateSigner();
  svm.setAccount({
    address: address(payer.address),
    lamports: lamports(1_000_000n * 1_000_000_000n),
    programAddress: SYSTEM,
    executable: false,
    data: new Uint8Array(),
    space: 0n,
  });
  const decoder = getTransactionDecoder();
  const send = (wire: Uint8Array) => {
    const result = svm.sendTransaction(decoder.decode(wire));
    if (result instanceof FailedTransactionMetadata) throw new Error(`raw reward mint: ${result.toString()}`);
  };
  const blockhash = { blockhash: svm.latestBlockhash(), lastValidBlockHeight: 1_000_000n };
  const metadata = {
    name: "Bench Badge",
    symbol: "BENCH",
    uri: "http://localhost:5000/api/nft-rewards/x/metadata.json",
  };
  const collection = generateSigner();
  send(
    (
      await buildCollectionTransaction({
        payer,
        authority,
        collection,
        metadata,
        maxSize: count + 100,
        blockhash,
      })
    ).wire,
  );
  const mintOne = async () =>
    send(
      (
        await buildMemberTransaction({
          payer,
          authority,
          collection: collection.address,
          member: generateSigner(),
          owner: generateSigner().address,
          metadata,
          soulbound: false,
          blockhash,
        })
      ).wire,
    );
  for (let i = 0; i < 20; i++) await mintOne(); // warm the JIT and the VM's program cache
  const start = performance.now();
  for (let i = 0; i < count; i++) await mintOne();
  return { nftsPerSecond: count / ((performance.now() - start) / 1000) };
}

/** The automatic wave through a running server. */
export async function benchRewardWave(
  url: string,
  count: number,
): Promise<{ nftsPerSecond: number; seconds: number }> {
  const c = new Client(url);
  const name = `rw${uniqueSymbol().toLowerCase()}`;
  const reg = await c.post<{ user: { id: string } }>("/api/register", {
    username: name,
    email: `${name}@example.com`,
    password: "secret1",
  });
  const wallet = (await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate")).body.wallet
    .publicKey;
  for (let k = 0; k < 10; k++) await c.post("/api/wallet/airdrop", { address: wallet, amount: 2 });
  const launched = await c.post<{ mintAddress: string }>("/api/tokens/create", {
    name: "Reward Bench",
    symbol: uniqueSymbol(),
    totalSupply: "1000000000",
    userId: reg.body.user.id,
    creatorWallet: wallet,
  });
  if (launched.status !== 201) throw new Error(`launch failed: ${JSON.stringify(launched.body)}`);
  const mint = launched.body.mintAddress;
  // `count` holders of 10 tokens each, sent 10 at a time.
  const holders = Array.from({ length: count }, () => generateSigner().address);
  for (let i = 0; i < holders.length; i += 10) {
    const sent = await Promise.all(
      holders.slice(i, i + 10).map((to) => c.post(`/api/tokens/${mint}/transfer`, { to, amount: "10" })),
    );
    const failed = sent.find((r) => r.status !== 200);
    if (failed) throw new Error(`transfer failed: ${JSON.stringify(failed.body)}`);
  }
  // Every holder indexed before the reward exists: the wave then starts with all of them.
  for (;;) {
    const health = await c.get<{ indexer: { behind: number; caughtUp: boolean } }>("/api/health");
    if (health.body.indexer.caughtUp && health.body.indexer.behind === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const start = performance.now();
  const created = await c.post<{ id: string }>("/api/nft-rewards/create", {
    tokenMint: mint,
    title: "Bench Badge",
    rarity: "rare",
    totalSupply: count,
    unlockCondition: { type: "holding_amount", value: "10" },
  });
  if (created.status !== 201) throw new Error(`reward not created: ${JSON.stringify(created.body)}`);
  for (;;) {
    const reward = await c.get<{ mintedCount: number }>(`/api/nft-rewards/${created.body.id}`);
    if (reward.body.mintedCount >= count) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - start) / 1000;
  return { nftsPerSecond: count / seconds, seconds };
}

export async function runRewardBenchmarks(url: string): Promise<void> {
  console.log(
    `NFT rewards: a wave of ${WAVE} automatic mints, and the same member transactions raw on LiteSVM:`,
  );
  const api = await benchRewardWave(url, WAVE);
  const raw = await benchRawRewardMints(WAVE);
  const ratio = api.nftsPerSecond / raw.nftsPerSecond;
  console.log(
    `  raw ${fmt(raw.nftsPerSecond)} NFTs/s; server wave ${fmt(api.nftsPerSecond)} NFTs/s ` +
      `(${WAVE} in ${fmt(api.seconds, 2)} s, from the reward's creation to the chain's group size), ` +
      `wave / raw = ${fmt(ratio, 2)}x   goal >= 0.7x: ${verdict(ratio >= 0.7)}`,
  );
}
