import { address, createSolanaRpc, generateKeyPairSigner, signature as toSignature } from "@solana/kit";
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
  getMint,
  getTokenMetadata,
  TOKEN_2022_PROGRAM_ID,
} from "@solana/spl-token";
import { Connection, Keypair, PublicKey, Transaction } from "@solana/web3.js";
import { getMintDecoder } from "@solana-program/token-2022";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { generateSeed, signerFromSeed } from "../../ledger/keys";
import type { Ledger } from "../../ledger/ledger";
import { associatedTokenAddress, buildLaunchTransaction } from "../../ledger/token-2022";

const TAGLINE = "Music for the people, one beat at a time";
const SUPPLY = 1_000_000_000n * 10n ** 9n;

let app: TestApp;
let ledger: Ledger;
let conn: Connection;
const seed = generateSeed();
let creator: Awaited<ReturnType<typeof signerFromSeed>>;
let mintAddress: string;
let launchSignature: string;

async function rpc(body: unknown, status = 200): Promise<unknown> {
  const res = await fetch(`${app.url}/rpc`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  expect(res.status).toBe(status);
  return res.json();
}

/** Waits for the condition (bounded only generously, so a busy machine can't fail it). */
async function confirmed(signature: string): Promise<void> {
  const value = await vi.waitFor(
    async () => {
      const { value } = await conn.getSignatureStatus(signature);
      if (value?.confirmationStatus !== "confirmed" && value?.confirmationStatus !== "finalized")
        throw new Error(`${signature} not confirmed`);
      return value;
    },
    { timeout: 30_000, interval: 20 },
  );
  expect(value.err).toBeNull();
}

beforeAll(async () => {
  app = await startTestApp();
  ledger = app.deps.ledger;
  conn = new Connection(`${app.url}/rpc`, "confirmed");
  creator = signerFromSeed(seed);
  await ledger.airdrop(creator.address, 2_000_000_000n);
  const mint = await generateKeyPairSigner();
  const built = await buildLaunchTransaction({
    payer: creator,
    mint,
    name: "Nova Beats",
    symbol: "NOVA",
    uri: "https://example.com/nova.json",
    additionalMetadata: [["tagline", TAGLINE]],
    supply: SUPPLY,
    decimals: 9,
    blockhash: await ledger.getLatestBlockhash(),
  });
  launchSignature = await ledger.sendTransaction(built.wire);
  mintAddress = built.mintAddress;
});

afterAll(async () => {
  await app?.close();
});

describe("/rpc read by @solana/web3.js + @solana/spl-token", () => {
  it("reads the mint, its metadata and the creator's token account", async () => {
    const mint = new PublicKey(mintAddress);
    const info = await getMint(conn, mint, "confirmed", TOKEN_2022_PROGRAM_ID);
    expect(info.supply).toBe(SUPPLY);
    expect(info.decimals).toBe(9);
    expect(info.mintAuthority).toBeNull();
    expect(info.freezeAuthority).toBeNull();

    const metadata = await getTokenMetadata(conn, mint, "confirmed", TOKEN_2022_PROGRAM_ID);
    expect(metadata).toMatchObject({
      name: "Nova Beats",
      symbol: "NOVA",
      uri: "https://example.com/nova.json",
    });
    expect(metadata?.additionalMetadata).toEqual([["tagline", TAGLINE]]);

    const owner = new PublicKey(creator.address);
    const ata = getAssociatedTokenAddressSync(mint, owner, false, TOKEN_2022_PROGRAM_ID);
    expect(ata.toBase58()).toBe(associatedTokenAddress(creator.address, mintAddress));
    const account = await getAccount(conn, ata, "confirmed", TOKEN_2022_PROGRAM_ID);
    expect(account.amount).toBe(SUPPLY);
    expect(account.owner.toBase58()).toBe(creator.address);
  });

  it("answers the parsed and token queries", async () => {
    const mint = new PublicKey(mintAddress);
    const owner = new PublicKey(creator.address);
    const parsed = await conn.getParsedTokenAccountsByOwner(owner, { programId: TOKEN_2022_PROGRAM_ID });
    expect(parsed.value).toHaveLength(1);
    const info =
      (parsed.value[0]?.account.data as { parsed: { info: Record<string, unknown> } } | undefined)?.parsed
        .info ?? {};
    expect(info).toMatchObject({ mint: mintAddress, owner: creator.address, state: "initialized" });
    expect(info.tokenAmount).toMatchObject({
      amount: SUPPLY.toString(),
      decimals: 9,
      uiAmountString: "1000000000",
    });
    expect((await conn.getParsedTokenAccountsByOwner(owner, { mint })).value).toHaveLength(1);
    const other = new PublicKey((await generateKeyPairSigner()).address);
    expect((await conn.getParsedTokenAccountsByOwner(owner, { mint: other })).value).toHaveLength(0);

    const mintParsed = await conn.getParsedAccountInfo(mint);
    const data = mintParsed.value?.data as {
      program: string;
      parsed: { type: string; info: Record<string, unknown> };
    };
    expect(data.program).toBe("spl-token-2022");
    expect(data.parsed.type).toBe("mint");
    expect(data.parsed.info).toMatchObject({
      decimals: 9,
      mintAuthority: null,
      freezeAuthority: null,
      supply: SUPPLY.toString(),
    });
    const extensions = data.parsed.info.extensions as Array<{
      extension: string;
      state?: Record<string, unknown>;
    }>;
    expect(extensions.map((e) => e.extension)).toEqual(["metadataPointer", "tokenMetadata"]);
    expect(extensions[1]?.state).toMatchObject({
      name: "Nova Beats",
      additionalMetadata: [["tagline", TAGLINE]],
    });

    const largest = await conn.getTokenLargestAccounts(mint);
    expect(largest.value[0]).toMatchObject({ amount: SUPPLY.toString(), decimals: 9 });
    expect((await conn.getTokenSupply(mint)).value.amount).toBe(SUPPLY.toString());
    expect(await conn.getBalance(owner)).toBeGreaterThan(0);
    const sigs = await conn.getSignaturesForAddress(mint);
    expect(sigs.map((s) => s.signature)).toEqual([launchSignature]);
    const tx = await conn.getTransaction(launchSignature, { maxSupportedTransactionVersion: 0 });
    expect(tx?.meta?.err).toBeNull();
    expect(tx?.meta?.logMessages?.join("\n")).toContain("Instruction: InitializeMint2");
    // The whole supply appears in the creator's new token account; nothing existed before.
    const ata = associatedTokenAddress(creator.address, mintAddress);
    const keys = tx?.transaction.message.staticAccountKeys.map((k) => k.toBase58()) ?? [];
    expect(tx?.meta?.preTokenBalances).toEqual([]);
    expect(tx?.meta?.postTokenBalances).toEqual([
      {
        accountIndex: keys.indexOf(ata),
        mint: mintAddress,
        owner: creator.address,
        programId: TOKEN_2022_PROGRAM_ID.toBase58(),
        uiTokenAmount: expect.objectContaining({ amount: SUPPLY.toString(), decimals: 9 }),
      },
    ]);
    // Creating the token account calls into the token and system programs.
    const inner = tx?.meta?.innerInstructions ?? [];
    const invoked = inner.flatMap((g) => g.instructions.map((ix) => keys[ix.programIdIndex]));
    expect(invoked).toContain(TOKEN_2022_PROGRAM_ID.toBase58());
    expect(invoked).toContain("11111111111111111111111111111111");
    const heights = inner.flatMap((g) =>
      g.instructions.map((ix) => (ix as { stackHeight?: number }).stackHeight),
    );
    expect(heights.every((h) => typeof h === "number" && h >= 2)).toBe(true);
  });

  it("accepts a transfer built with web3.js + spl-token through sendRawTransaction", async () => {
    const mint = new PublicKey(mintAddress);
    const payer = Keypair.fromSeed(seed);
    expect(payer.publicKey.toBase58()).toBe(creator.address);
    const fan = new PublicKey((await generateKeyPairSigner()).address);
    const source = getAssociatedTokenAddressSync(mint, payer.publicKey, false, TOKEN_2022_PROGRAM_ID);
    const destination = getAssociatedTokenAddressSync(mint, fan, false, TOKEN_2022_PROGRAM_ID);
    const { blockhash, lastValidBlockHeight } = await conn.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight }).add(
      createAssociatedTokenAccountIdempotentInstruction(
        payer.publicKey,
        destination,
        fan,
        mint,
        TOKEN_2022_PROGRAM_ID,
      ),
      createTransferCheckedInstruction(
        source,
        mint,
        destination,
        payer.publicKey,
        25n * 10n ** 9n,
        9,
        [],
        TOKEN_2022_PROGRAM_ID,
      ),
    );
    tx.sign(payer);
    const simulated = await conn.simulateTransaction(tx);
    expect(simulated.value.err).toBeNull();
    const signature = await conn.sendRawTransaction(tx.serialize());
    await confirmed(signature);
    expect((await conn.getTokenAccountBalance(destination)).value.uiAmountString).toBe("25");
    // web3.js's getParsedTransaction (jsonParsed): keys with their roles, instructions by address.
    const parsed = await conn.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(parsed?.transaction.message.accountKeys[0]).toMatchObject({ signer: true, writable: true });
    expect(parsed?.transaction.message.accountKeys[0]?.pubkey.toBase58()).toBe(creator.address);
    const programs = parsed?.transaction.message.instructions.map((ix) => ix.programId.toBase58());
    expect(programs).toEqual([ASSOCIATED_TOKEN_PROGRAM_ID.toBase58(), TOKEN_2022_PROGRAM_ID.toBase58()]);
    const byOwner = (entries: Array<{ owner?: string; uiTokenAmount: { amount: string } }> = []) =>
      Object.fromEntries(entries.map((b) => [b.owner, b.uiTokenAmount.amount]));
    const before = byOwner(parsed?.meta?.preTokenBalances ?? []);
    const after = byOwner(parsed?.meta?.postTokenBalances ?? []);
    expect(BigInt(before[creator.address] ?? "0") - BigInt(after[creator.address] ?? "0")).toBe(
      25n * 10n ** 9n,
    );
    expect(before[fan.toBase58()]).toBeUndefined();
    expect(after[fan.toBase58()]).toBe((25n * 10n ** 9n).toString());
    // The same bytes again are a duplicate, reported as the real RPC does (an error).
    await expect(conn.sendRawTransaction(tx.serialize())).rejects.toThrow(/already processed/);
  });
});

describe("/rpc read by @solana/kit", () => {
  it("serves kit's createSolanaRpc with exact u64 values", async () => {
    const kit = createSolanaRpc(`${app.url}/rpc`);
    const { value } = await kit.getAccountInfo(address(mintAddress), { encoding: "base64" }).send();
    if (!value) throw new Error("mint not found");
    const mint = getMintDecoder().decode(Buffer.from(value.data[0], "base64"));
    expect(mint.supply).toBe(SUPPLY);
    expect((await kit.getTokenSupply(address(mintAddress)).send()).value.amount).toBe(SUPPLY.toString());
    expect(typeof (await kit.getSlot().send())).toBe("bigint");
    const statuses = await kit.getSignatureStatuses([toSignature(launchSignature)]).send();
    expect(statuses.value[0]?.confirmationStatus).toBe("finalized");
    const tx = await kit
      .getTransaction(toSignature(launchSignature), { maxSupportedTransactionVersion: 0, encoding: "json" })
      .send();
    expect(tx?.transaction.message.accountKeys[0]).toBe(creator.address);
  });
});

describe("/rpc protocol errors and limits", () => {
  it("answers JSON-RPC errors with their standard codes", async () => {
    expect(await rpc({ jsonrpc: "2.0", id: 1, method: "getNothing" })).toMatchObject({
      id: 1,
      error: { code: -32601 },
    });
    expect(await rpc({ jsonrpc: "2.0", id: 2, method: "getBalance", params: [123] })).toMatchObject({
      error: { code: -32602 },
    });
    expect(
      await rpc({ jsonrpc: "2.0", id: 3, method: "getBalance", params: ["not-an-address"] }),
    ).toMatchObject({
      error: { code: -32602 },
    });
    expect(await rpc("{not json")).toMatchObject({ id: null, error: { code: -32700 } });
    expect(await rpc({ id: 4, method: "getSlot" })).toMatchObject({ id: 4, error: { code: -32600 } });
    expect(await rpc([])).toMatchObject({ error: { code: -32600 } });
    const batch = (await rpc([
      { jsonrpc: "2.0", id: "a", method: "getHealth" },
      { jsonrpc: "2.0", id: "b", method: "nope" },
    ])) as Array<Record<string, unknown>>;
    expect(batch).toEqual([
      { jsonrpc: "2.0", id: "a", result: "ok" },
      { jsonrpc: "2.0", id: "b", error: { code: -32601, message: "Method not found" } },
    ]);
  });

  it("is open to browser apps on any origin, like a public RPC node; the API is not", async () => {
    const preflight = await fetch(`${app.url}/rpc`, {
      method: "OPTIONS",
      headers: {
        origin: "https://explorer.solana.com",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,solana-client",
        "access-control-request-private-network": "true",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type,solana-client");
    expect(preflight.headers.get("access-control-allow-private-network")).toBe("true");

    const res = await fetch(`${app.url}/rpc`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://explorer.solana.com" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getHealth" }),
    });
    expect(await res.json()).toMatchObject({ result: "ok" });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");

    const api = await fetch(`${app.url}/api/register`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(api.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("airdrops through requestAirdrop, at most 10 a minute per client", async () => {
    const to = (await generateKeyPairSigner()).address;
    const results = [];
    for (let i = 0; i < 10; i++) {
      results.push(
        (await rpc({ jsonrpc: "2.0", id: i, method: "requestAirdrop", params: [to, 1_000_000_000] })) as {
          result?: string;
        },
      );
    }
    expect(results.every((r) => typeof r.result === "string")).toBe(true);
    // The 11th within the minute is refused like devnet's faucet does: HTTP 429 + JSON-RPC error.
    const refused = await rpc(
      { jsonrpc: "2.0", id: 11, method: "requestAirdrop", params: [to, 1_000_000_000] },
      429,
    );
    expect(refused).toMatchObject({ id: 11, error: { code: 429 } });
    expect(await ledger.getBalance(to)).toBe(10_000_000_000n);
  });
});
