import { generateKeyPairSigner } from "@solana/kit";
import { Connection, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import type { Ledger } from "../../ledger/ledger";
import { memoInstruction } from "../../ledger/memo";
import { buildLaunchTransaction, buildTransferTransaction, signed } from "../../ledger/token-2022";

// getSignaturesForAddress's memo, against the shape Agave's RPC gives (transaction-status:
// extract_memos).

const FAN_MEMO = "gm fans 🦖";

let app: TestApp;
let ledger: Ledger;
let creator: Awaited<ReturnType<typeof generateKeyPairSigner>>;
let fan: string;
let mint: string;
let launchSignature: string;
let transferSignature: string;
let twoMemosSignature: string;

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(`${app.url}/rpc`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result?: unknown; error?: unknown };
  expect(body.error).toBeUndefined();
  return body.result;
}

beforeAll(async () => {
  app = await startTestApp();
  ledger = app.deps.ledger;
  creator = await generateKeyPairSigner();
  fan = (await generateKeyPairSigner()).address;
  await ledger.airdrop(creator.address, 2_000_000_000n);
  const mintSigner = await generateKeyPairSigner();
  const launch = await buildLaunchTransaction({
    payer: creator,
    mint: mintSigner,
    name: "Parsed Beats",
    symbol: "PRSD",
    uri: "https://example.com/prsd.json",
    additionalMetadata: [["tagline", "read back parsed"]],
    supply: 1_000n * 10n ** 6n,
    decimals: 6,
    blockhash: await ledger.getLatestBlockhash(),
  });
  launchSignature = await ledger.sendTransaction(launch.wire);
  mint = launch.mintAddress;
  const transfer = await buildTransferTransaction({
    owner: creator,
    mint,
    destinationOwner: fan,
    amount: 2_500_000n,
    decimals: 6,
    memo: FAN_MEMO,
    blockhash: await ledger.getLatestBlockhash(),
  });
  transferSignature = await ledger.sendTransaction(transfer.wire);
  const twoMemos = await signed(creator, await ledger.getLatestBlockhash(), [
    memoInstruction("first"),
    memoInstruction("second"),
  ]);
  twoMemosSignature = await ledger.sendTransaction(twoMemos.wire);
});

afterAll(async () => {
  await app?.close();
});

describe("getSignaturesForAddress memo", () => {
  it('reports memos as "[<byte length>] <text>", several joined by "; ", null without one', async () => {
    const bytes = new TextEncoder().encode(FAN_MEMO).length;
    const forFan = (await rpc("getSignaturesForAddress", [fan])) as Array<{
      signature: string;
      memo: unknown;
    }>;
    expect(forFan).toEqual([
      expect.objectContaining({ signature: transferSignature, memo: `[${bytes}] ${FAN_MEMO}` }),
    ]);

    const forCreator = (await rpc("getSignaturesForAddress", [creator.address])) as Array<{
      signature: string;
      memo: string | null;
    }>;
    const memoOf = new Map(forCreator.map((s) => [s.signature, s.memo]));
    expect(memoOf.get(launchSignature)).toBeNull();
    expect(memoOf.get(twoMemosSignature)).toBe("[5] first; [6] second");
    // The embedded faucet's airdrops carry a memo too.
    expect(forCreator.at(-1)?.memo).toMatch(/^\[\d+\] airdrop /);

    // web3.js reads the same field.
    const conn = new Connection(`${app.url}/rpc`, "confirmed");
    const [latest] = await conn.getSignaturesForAddress(new PublicKey(fan));
    expect(latest?.memo).toBe(`[${bytes}] ${FAN_MEMO}`);
  });
});
