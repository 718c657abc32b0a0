import { describe, expect, it } from "vitest";
import type { TokenBalanceRecord, TransactionRecord } from "../../ledger/ledger";
import { balanceDeltas, mintsOf } from "./balance-deltas";

const balance = (accountIndex: number, mint: string, owner: string, amount: bigint): TokenBalanceRecord => ({
  accountIndex,
  mint,
  owner,
  programId: "Token",
  amount,
  decimals: 9,
});

function record(pre: TokenBalanceRecord[], post: TokenBalanceRecord[], error: string | null = null) {
  return {
    signature: "sig",
    slot: 1n,
    blockTime: 1,
    error,
    accountKeys: ["payer", "acc1", "acc2", "acc3", "acc4"],
    preTokenBalances: pre,
    postTokenBalances: post,
  } as TransactionRecord;
}

const all = () => true;

describe("balanceDeltas", () => {
  it("nets each owner's token accounts of a mint, and a new account held 0 before", () => {
    const tx = record(
      [balance(1, "M", "alice", 100n), balance(2, "M", "alice", 50n)],
      [balance(1, "M", "alice", 70n), balance(2, "M", "alice", 50n), balance(3, "M", "bob", 30n)],
    );
    expect(balanceDeltas(tx, all)).toEqual([
      { mint: "M", owner: "alice", delta: -30n },
      { mint: "M", owner: "bob", delta: 30n },
    ]);
  });

  it("counts a closed account as 0 after, and leaves out owners whose balance did not move", () => {
    const tx = record(
      [balance(1, "M", "alice", 5n), balance(2, "M", "carol", 9n)],
      [balance(2, "M", "carol", 9n), balance(3, "M", "bob", 5n)],
    );
    expect(balanceDeltas(tx, all)).toEqual([
      { mint: "M", owner: "alice", delta: -5n },
      { mint: "M", owner: "bob", delta: 5n },
    ]);
  });

  it("keeps only the wanted mints, and nothing of a failed transaction", () => {
    const pre = [balance(1, "M", "alice", 5n), balance(2, "N", "alice", 5n)];
    const post = [balance(1, "M", "alice", 4n), balance(2, "N", "alice", 6n)];
    expect(balanceDeltas(record(pre, post), (m) => m === "N")).toEqual([
      { mint: "N", owner: "alice", delta: 1n },
    ]);
    expect(balanceDeltas(record(pre, post, "InstructionError(1, Custom 1)"), all)).toEqual([]);
    expect([...mintsOf(record(pre, post))]).toEqual(["M", "N"]);
  });

  it("names an owner the cluster left out by its account", () => {
    const tx = record([], [balance(4, "M", "", 8n)]);
    expect(balanceDeltas(tx, all)).toEqual([{ mint: "M", owner: "acc4", delta: 8n }]);
  });
});
