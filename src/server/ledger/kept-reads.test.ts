import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeptReads } from "./kept-reads";
import type { CommittedTransaction, TokenBalanceRecord, TokenHolding } from "./ledger";

// What a commit notice does to the reads kept beside the ledger's thread: mints it wrote are
// read again, mints it only read stay; owners' token accounts are brought up to date from its
// token balances without asking the thread.

type Balance = [index: number, mint: string, owner: string, amount: bigint];
const record = ([accountIndex, mint, owner, amount]: Balance): TokenBalanceRecord => ({
  accountIndex,
  mint,
  owner,
  programId: "TOKEN",
  amount,
  decimals: 6,
});

function commit(
  accounts: string[],
  writable: string[],
  pre: Balance[] = [],
  post: Balance[] = [],
  lamportsAfter: bigint[] = [],
): CommittedTransaction {
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
      postBalances: lamportsAfter,
      preTokenBalances: pre.map(record),
      postTokenBalances: post.map(record),
    },
  };
}

const holding = (address: string, mint: string, owner: string, amount: bigint): TokenHolding => ({
  address,
  mint,
  owner,
  amount,
  decimals: 6,
});

/** A thread stand-in that counts the reads that reach it. */
function thread(state: Map<string, TokenHolding[]>) {
  const asked: string[] = [];
  return {
    asked,
    read: (owner: string) => async () => {
      asked.push(owner);
      return [...(state.get(owner) ?? [])];
    },
  };
}

describe("kept reads", () => {
  it("reads a mint again after a commit that wrote it, not after one that only read it", async () => {
    const kept = new KeptReads();
    let reads = 0;
    const read = () => kept.mint("MINT", async () => ++reads);
    await read();
    // A transfer names its mint read-only.
    kept.committed(commit(["ALICE", "ATA_A", "ATA_B", "MINT"], ["ALICE", "ATA_A", "ATA_B"]));
    expect(await read()).toBe(1);
    // A burn writes it (the supply moves).
    kept.committed(commit(["ALICE", "ATA_A", "MINT"], ["ALICE", "ATA_A", "MINT"]));
    expect(await read()).toBe(2);
  });

  it("brings owners' token accounts up to date from a commit's balances, without asking the thread", async () => {
    const kept = new KeptReads();
    const state = new Map([
      ["ALICE", [holding("ATA_A", "MINT", "ALICE", 100n), holding("ATA_X", "XMINT", "ALICE", 5n)]],
      ["BOB", []],
    ]);
    const t = thread(state);
    expect(await kept.ownerHoldings("ALICE", t.read("ALICE"))).toHaveLength(2);
    expect(await kept.ownerHoldings("BOB", t.read("BOB"))).toEqual([]);

    // Alice sends Bob 40, creating his account; then closes her XMINT account.
    const keys = ["ALICE", "ATA_A", "ATA_B", "BOB", "MINT"];
    kept.committed(
      commit(
        keys,
        ["ALICE", "ATA_A", "ATA_B"],
        [[1, "MINT", "ALICE", 100n]],
        [
          [1, "MINT", "ALICE", 60n],
          [2, "MINT", "BOB", 40n],
        ],
      ),
    );
    kept.committed(commit(["ALICE", "ATA_X"], ["ALICE", "ATA_X"], [[1, "XMINT", "ALICE", 0n]], []));

    expect(await kept.ownerHoldings("ALICE", t.read("ALICE"))).toEqual([
      holding("ATA_A", "MINT", "ALICE", 60n),
    ]);
    expect(await kept.ownerHoldings("BOB", t.read("BOB"))).toEqual([holding("ATA_B", "MINT", "BOB", 40n)]);
    expect(t.asked).toEqual(["ALICE", "BOB"]);

    // Bob gives his account to Carol: it leaves his list and joins hers once she reads it.
    kept.committed(
      commit(["BOB", "ATA_B"], ["ATA_B"], [[1, "MINT", "BOB", 40n]], [[1, "MINT", "CAROL", 40n]]),
    );
    expect(await kept.ownerHoldings("BOB", t.read("BOB"))).toEqual([]);
    expect(t.asked).toEqual(["ALICE", "BOB"]);
  });

  it("keeps lamports as each commit leaves them, and asks again after a read crossed one", async () => {
    const kept = new KeptReads();
    const chain = new Map([
      ["ALICE", 5_000_000n],
      ["BOB", 0n],
    ]);
    const asked: string[] = [];
    const balance = (who: string) =>
      kept.balance(who, async () => {
        asked.push(who);
        return chain.get(who) ?? 0n;
      });
    expect(await balance("ALICE")).toBe(5_000_000n);
    expect(await balance("BOB")).toBe(0n);
    // Alice pays Bob 1,000,000 and a 5,000 fee: both kept answers move with the notice.
    kept.committed(
      commit(["ALICE", "BOB", "SYSTEM"], ["ALICE", "BOB"], [], [], [3_995_000n, 1_000_000n, 1n]),
    );
    expect(await balance("ALICE")).toBe(3_995_000n);
    expect(await balance("BOB")).toBe(1_000_000n);
    expect(asked).toEqual(["ALICE", "BOB"]);

    // Asked before a commit, answered after it: asked again next time.
    chain.set("ALICE", 3_990_000n);
    const inFlight = balance("CAROL");
    kept.committed(commit(["CAROL"], ["CAROL"], [], [], [7n]));
    await inFlight;
    await balance("CAROL");
    expect(asked).toEqual(["ALICE", "BOB", "CAROL", "CAROL"]);

    // A notice without facts: nothing kept is trusted.
    kept.committed({ ...commit(["X"], ["X"]), facts: undefined });
    expect(await balance("ALICE")).toBe(3_990_000n);
    expect(asked).toEqual(["ALICE", "BOB", "CAROL", "CAROL", "ALICE"]);
  });

  it("asks the thread again for a read whose answer crossed a commit, and after a commit without facts", async () => {
    const kept = new KeptReads();
    const state = new Map([["ALICE", [holding("ATA_A", "MINT", "ALICE", 100n)]]]);
    const t = thread(state);
    // Asked before the commit, answered after it: what it says may predate the commit.
    const inFlight = kept.ownerHoldings("ALICE", t.read("ALICE"));
    kept.committed(commit(["ATA_A"], ["ATA_A"], [[0, "MINT", "ALICE", 100n]], [[0, "MINT", "ALICE", 90n]]));
    await inFlight;
    state.set("ALICE", [holding("ATA_A", "MINT", "ALICE", 90n)]);
    expect((await kept.ownerHoldings("ALICE", t.read("ALICE")))[0]?.amount).toBe(90n);
    expect(t.asked).toEqual(["ALICE", "ALICE"]);

    kept.committed({ ...commit(["X"], ["X"]), facts: undefined });
    await kept.ownerHoldings("ALICE", t.read("ALICE"));
    expect(t.asked).toHaveLength(3);
  });

  it("keeps an owner's accounts in the thread's order (by mint, then account) through any commits", async () => {
    const address = fc.constantFrom("A1", "A2", "A3", "A4", "A5", "A6");
    const mint = fc.constantFrom("M1", "M2", "M3", "M4");
    const amount = fc.bigInt({ min: 0n, max: 9n });
    // Each commit moves a few accounts: Alice's after it (an amount; a new account gets a
    // mint), or no longer hers (closed or given away). An account keeps its mint while it exists.
    const move = fc.record({ address, mint, amount, stays: fc.boolean() });
    const start = fc.array(fc.record({ address, mint, amount }), { maxLength: 6 });
    const steps = fc.array(fc.uniqueArray(move, { selector: (m) => m.address, minLength: 1, maxLength: 3 }), {
      maxLength: 8,
    });
    await fc.assert(
      fc.asyncProperty(start, steps, async (accounts, commits) => {
        const byAddress = new Map(
          accounts.map((a) => [a.address, holding(a.address, a.mint, "ALICE", a.amount)]),
        );
        const ordered = () =>
          [...byAddress.values()].sort((a, b) =>
            a.mint < b.mint
              ? -1
              : a.mint > b.mint
                ? 1
                : a.address < b.address
                  ? -1
                  : a.address > b.address
                    ? 1
                    : 0,
          );
        const kept = new KeptReads();
        await kept.ownerHoldings("ALICE", async () => ordered());
        for (const moves of commits) {
          const keys = moves.map((m) => m.address);
          const pre: Balance[] = [];
          const post: Balance[] = [];
          moves.forEach((m, i) => {
            const before = byAddress.get(m.address);
            if (before) pre.push([i, before.mint, "ALICE", before.amount]);
            if (m.stays) {
              const after = holding(m.address, before?.mint ?? m.mint, "ALICE", m.amount);
              byAddress.set(m.address, after);
              post.push([i, after.mint, "ALICE", after.amount]);
            } else byAddress.delete(m.address);
          });
          kept.committed(commit(keys, keys, pre, post));
        }
        const read = await kept.ownerHoldings("ALICE", async () => {
          throw new Error("kept reads asked the thread");
        });
        expect(read).toEqual(ordered());
      }),
    );
  });
});
