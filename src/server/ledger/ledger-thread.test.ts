import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { address } from "@solana/kit";
import {
  getBurnCheckedInstruction,
  getTransferCheckedInstruction,
  TOKEN_2022_PROGRAM_ADDRESS,
} from "@solana-program/token-2022";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openEmbeddedLedger } from "./embedded-ledger";
import { generateSigner } from "./keys";
import type { CommittedTransaction } from "./ledger";
import { LedgerError } from "./ledger";
import { LedgerThreadClient } from "./ledger-thread-client";
import { buildSolTransferTransaction } from "./system";
import {
  associatedTokenAddress,
  buildLaunchTransaction,
  buildTransferTransaction,
  signed,
} from "./token-2022";

// The embedded ledger on its own thread answers as it does on the server's: same values, same
// errors (LedgerError with code, logs and RPC error), same ordering of staged sends, commit
// notices and state version mirrored on this side, durability across close and reopen.

const SOL = 1_000_000_000n;
const quiet = { warn: () => undefined, error: () => undefined };
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-thread-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("embedded ledger on its own thread, in memory", () => {
  let ledger: LedgerThreadClient;
  beforeAll(async () => {
    ledger = await LedgerThreadClient.start({ chainDir: null, checkpointIntervalMs: 60_000 }, quiet);
  });
  afterAll(() => ledger.close());

  it("launches a token and reads it back; refuses a duplicate and junk with the same LedgerErrors", async () => {
    const payer = generateSigner();
    await ledger.airdrop(payer.address, 5n * SOL);
    expect(await ledger.getBalance(payer.address)).toBe(5n * SOL);
    const mint = generateSigner();
    const built = await buildLaunchTransaction({
      payer,
      mint,
      name: "Thread Test",
      symbol: "THRD",
      uri: "https://example.com/t.json",
      additionalMetadata: [["tagline", "off the main thread"]],
      supply: 1_000n,
      decimals: 9,
      blockhash: await ledger.getLatestBlockhash(),
    });
    const signature = await ledger.sendTransaction(built.wire);
    expect(signature).toBe(built.signature);
    const info = await ledger.getMint(mint.address);
    expect(info).toMatchObject({ supply: 1_000n, decimals: 9, mintAuthority: null });
    expect(info?.metadata?.additionalMetadata).toEqual([["tagline", "off the main thread"]]);
    const [holding] = await ledger.getTokenAccountsByOwner(payer.address);
    expect(holding).toMatchObject({ mint: mint.address, owner: payer.address, amount: 1_000n });
    const [account] = await ledger.getMultipleAccounts([mint.address]);
    expect(account?.data).toBeInstanceOf(Uint8Array);
    expect(await ledger.mintAddresses()).toContain(mint.address);
    expect((await ledger.getTransaction(signature))?.logs.join("\n")).toContain("SetAuthority");

    const duplicate = await ledger.sendTransaction(built.wire).catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(LedgerError);
    expect(duplicate).toMatchObject({
      code: "already_processed",
      message: "This transaction was already processed.",
      rpcError: "AlreadyProcessed",
    });
    const junk = await ledger.sendTransaction(new Uint8Array([1, 2, 3])).catch((e: unknown) => e);
    expect(junk).toBeInstanceOf(LedgerError);
    expect(junk).toMatchObject({ code: "rejected", rpcError: "SanitizeFailure" });
  });

  it("orders a staged send before the next call, and mirrors the version and commit notices", async () => {
    const from = generateSigner();
    const to = generateSigner();
    await ledger.airdrop(from.address, 2n * SOL);
    const commits: CommittedTransaction[] = [];
    const stop = ledger.onCommit((tx) => commits.push(tx));
    const before = ledger.stateVersion();
    const { wire, signature } = await buildSolTransferTransaction({
      from,
      to: to.address,
      lamports: SOL,
      blockhash: await ledger.getLatestBlockhash(),
    });
    // Asked in the same turn as the send: answered after it, seeing its effects.
    const [staged, balance] = await Promise.all([
      ledger.sendTransactionStaged(wire),
      ledger.getBalance(to.address),
    ]);
    expect(staged.signature).toBe(signature);
    expect(balance).toBe(SOL);
    expect(ledger.stateVersion()).toBeGreaterThan(before);
    await staged.durable;
    expect(commits.map((c) => c.signature)).toContain(signature);
    expect(commits.find((c) => c.signature === signature)?.accounts).toContain(to.address);
    stop();
    // A failed transfer (more than the sender has) is refused with the chain's own error.
    const { wire: tooMuch } = await buildSolTransferTransaction({
      from,
      to: to.address,
      lamports: 100n * SOL,
      blockhash: await ledger.getLatestBlockhash(),
    });
    const refused = await ledger.sendTransactionStaged(tooMuch).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LedgerError);
    expect((refused as LedgerError).logs.length).toBeGreaterThan(0);
  });
});

describe("embedded ledger on its own thread: reads kept between commits", () => {
  it("answers mints and owners' token accounts without a trip until a commit moves them", async () => {
    const ledger = await LedgerThreadClient.start({ chainDir: null, checkpointIntervalMs: 60_000 }, quiet);
    try {
      const creator = generateSigner();
      const fan = generateSigner();
      await ledger.airdrop(creator.address, 5n * SOL);
      const mint = generateSigner();
      const launch = await buildLaunchTransaction({
        payer: creator,
        mint,
        name: "Kept Reads",
        symbol: "KEPT",
        uri: "https://example.com/k.json",
        additionalMetadata: [],
        supply: 1_000n,
        decimals: 0,
        blockhash: await ledger.getLatestBlockhash(),
      });
      await ledger.sendTransaction(launch.wire);
      const send = async (built: Promise<{ wire: Uint8Array; signature: string }>) => {
        const commits: CommittedTransaction[] = [];
        const stop = ledger.onCommit((tx) => commits.push(tx));
        const { wire, signature } = await built;
        await ledger.sendTransaction(wire);
        stop();
        return commits.find((c) => c.signature === signature);
      };
      const amountOf = async (owner: string) =>
        (await ledger.getTokenAccountsByOwner(owner)).find((h) => h.mint === mint.address)?.amount;
      expect(await amountOf(creator.address)).toBe(1_000n);
      expect((await ledger.getMint(mint.address))?.supply).toBe(1_000n);
      const lamportsBefore = await ledger.getBalances([creator.address, fan.address]);

      // Asked again with nothing committed: answered here, the same answer.
      const trips = vi.spyOn(ledger as unknown as { call: (m: string) => unknown }, "call");
      expect(await amountOf(creator.address)).toBe(1_000n);
      expect((await ledger.getMint(mint.address))?.supply).toBe(1_000n);
      expect(trips.mock.calls.map(([method]) => method)).toEqual([]);
      trips.mockRestore();

      await send(
        buildTransferTransaction({
          owner: creator,
          mint: mint.address,
          destinationOwner: fan.address,
          amount: 100n,
          decimals: 0,
          blockhash: await ledger.getLatestBlockhash(),
        }),
      );
      expect(await amountOf(creator.address)).toBe(900n);
      expect(await amountOf(fan.address)).toBe(100n);
      // The payer's SOL after its fee and the fan's new account's rent: kept from the read
      // before, brought up to date by the notice, it says what the thread says.
      const thread = ledger as unknown as { call: (m: string, ...a: unknown[]) => Promise<unknown> };
      const lamportTrips = vi.spyOn(thread, "call");
      const kept = await ledger.getBalances([creator.address, fan.address]);
      expect(lamportTrips).not.toHaveBeenCalled();
      lamportTrips.mockRestore();
      expect(kept).toEqual([await thread.call("getBalance", creator.address), 0n]);
      expect(kept[0]).toBeLessThan(lamportsBefore[0] ?? 0n);

      // Into the fan's existing account: the fan's own address is not among the transaction's
      // accounts, only its token account (the balances name its owner).
      const program = TOKEN_2022_PROGRAM_ADDRESS;
      const source = address(associatedTokenAddress(creator.address, mint.address));
      const destination = address(associatedTokenAddress(fan.address, mint.address));
      const blockhash = await ledger.getLatestBlockhash();
      const bare = await send(
        signed(creator, blockhash, [
          getTransferCheckedInstruction(
            { source, mint: address(mint.address), destination, authority: creator, amount: 5n, decimals: 0 },
            { programAddress: program },
          ),
        ]),
      );
      expect(bare?.accounts).not.toContain(fan.address);
      expect(await amountOf(fan.address)).toBe(105n);

      // A burn moves the mint's supply: its kept read goes.
      await send(
        signed(creator, blockhash, [
          getBurnCheckedInstruction(
            { account: source, mint: address(mint.address), authority: creator, amount: 95n, decimals: 0 },
            { programAddress: program },
          ),
        ]),
      );
      expect((await ledger.getMint(mint.address))?.supply).toBe(905n);
      expect(await amountOf(creator.address)).toBe(800n);
    } finally {
      await ledger.close();
    }
  });
});

describe("embedded ledger on its own thread: blockhashes", () => {
  it("hands out the one it holds at once, and fetches the next behind it once a slot has passed", async () => {
    const ledger = await LedgerThreadClient.start({ chainDir: null, checkpointIntervalMs: 60_000 }, quiet);
    const at = Date.parse("2030-01-01T00:00:00Z");
    try {
      vi.useFakeTimers({ toFake: ["Date"], now: at });
      const first = await ledger.getLatestBlockhash();
      vi.setSystemTime(at + 1_000);
      const trips = vi.spyOn(ledger as unknown as { call: (m: string) => Promise<unknown> }, "call");
      expect(await ledger.getLatestBlockhash()).toEqual(first);
      expect(trips.mock.calls.map(([method]) => method)).toEqual(["getLatestBlockhash"]);
      await trips.mock.results[0]?.value;
      const next = await ledger.getLatestBlockhash();
      expect(next.blockhash).not.toBe(first.blockhash);
      expect(next.lastValidBlockHeight).toBeGreaterThan(first.lastValidBlockHeight);
      expect(trips).toHaveBeenCalledTimes(1);
      // Held too long (a minute's validity would be running out): the callers wait for a new
      // one, fetched once for all of them.
      vi.setSystemTime(at + 60_000);
      const [fresh, alike] = await Promise.all([ledger.getLatestBlockhash(), ledger.getLatestBlockhash()]);
      expect(fresh.lastValidBlockHeight).toBeGreaterThan(next.lastValidBlockHeight + 100n);
      expect(alike).toEqual(fresh);
      expect(trips).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
      await ledger.close();
    }
  });
});

describe("embedded ledger on its own thread: one clock", () => {
  it("stamps slots and block times with the server's clock, not the thread's", async () => {
    const ledger = await LedgerThreadClient.start({ chainDir: null, checkpointIntervalMs: 60_000 }, quiet);
    try {
      const at = Date.parse("2030-01-01T00:00:00Z");
      vi.useFakeTimers({ toFake: ["Date"], now: at });
      const who = generateSigner();
      const signature = await ledger.airdrop(who.address, SOL);
      expect((await ledger.getTransaction(signature))?.blockTime).toBe(at / 1000);
      vi.setSystemTime(at + 86_400_000);
      const later = await ledger.airdrop(who.address, SOL);
      expect((await ledger.getTransaction(later))?.blockTime).toBe(at / 1000 + 86_400);
    } finally {
      vi.useRealTimers();
      await ledger.close();
    }
  });
});

describe("embedded ledger on its own thread, on disk", () => {
  it("keeps what it acknowledged across close and reopen, and refuses calls once closed", async () => {
    const chainDir = path.join(tempDir(), "chain");
    const who = generateSigner();
    const first = await LedgerThreadClient.start({ chainDir, checkpointIntervalMs: 60_000 }, quiet);
    const signature = await first.airdrop(who.address, 3n * SOL);
    await first.close();
    const closed = await first.getBalance(who.address).catch((e: unknown) => e);
    expect(closed).toMatchObject({ code: "unavailable", message: "The ledger is shut down." });

    const second = await LedgerThreadClient.start({ chainDir, checkpointIntervalMs: 60_000 }, quiet);
    try {
      expect(await second.getBalance(who.address)).toBe(3n * SOL);
      const [status] = await second.getSignatureStatuses([signature]);
      expect(status?.state).toBe("confirmed");
      expect((await second.health()).ok).toBe(true);
    } finally {
      await second.close();
    }
  });

  it("rejects its start with the error opening the ledger fails with", async () => {
    const file = path.join(tempDir(), "not-a-dir");
    fs.writeFileSync(file, "x");
    const chainDir = path.join(file, "chain");
    const direct = await openEmbeddedLedger({ chainDir, checkpointIntervalMs: 60_000 }).catch(
      (e: unknown) => e as Error,
    );
    expect(direct).toBeInstanceOf(Error);
    const threaded = await LedgerThreadClient.start({ chainDir, checkpointIntervalMs: 60_000 }, quiet).catch(
      (e: unknown) => e as Error,
    );
    expect(threaded).toBeInstanceOf(Error);
    expect((threaded as Error).message).toBe((direct as Error).message);
  });
});
