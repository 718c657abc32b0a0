import { describe, expect, it } from "vitest";
import { KeptReads } from "./kept-reads";
import type { CommittedTransaction } from "./ledger";

// What a commit notice moves: the accounts a transaction may have written, and the owners in
// its token balances; an account it only read stays kept.

const commit = (accounts: string[], writable: string[], owners: string[] = []): CommittedTransaction => {
  const balances = owners.map((owner, i) => ({
    accountIndex: i,
    mint: "MINT",
    owner,
    programId: "TOKEN",
    amount: 1n,
    decimals: 0,
  }));
  return {
    signature: "S",
    slot: 1n,
    err: null,
    accounts,
    writable,
    facts: {
      signature: "S",
      slot: 1n,
      blockTime: null,
      error: null,
      accountKeys: accounts,
      preBalances: [],
      postBalances: [],
      preTokenBalances: balances,
      postTokenBalances: balances,
    },
  };
};

describe("kept reads", () => {
  it("keeps an account a commit only read, and reads again those it wrote and their owners", async () => {
    const kept = new KeptReads();
    const reads = new Map<string, number>();
    const read = (key: string) =>
      kept.read("any", key, async () => {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return { key };
      });
    for (const key of ["MINT", "ATA_A", "ATA_B", "ALICE", "CAROL"]) await read(key);
    // A transfer: the mint named read-only, the two token accounts written, Alice's balance moved.
    kept.committed(commit(["ALICE", "ATA_A", "ATA_B", "MINT"], ["ALICE", "ATA_A", "ATA_B"], ["ALICE"]));
    for (const key of ["MINT", "ATA_A", "ATA_B", "ALICE", "CAROL"]) await read(key);
    expect(Object.fromEntries(reads)).toEqual({ MINT: 1, ATA_A: 2, ATA_B: 2, ALICE: 2, CAROL: 1 });
  });

  it("reads everything again after a commit without balance facts", async () => {
    const kept = new KeptReads();
    let reads = 0;
    const read = () => kept.read("any", "CAROL", async () => ++reads);
    await read();
    kept.committed({ ...commit(["X"], ["X"]), facts: undefined });
    expect(await read()).toBe(2);
  });
});
