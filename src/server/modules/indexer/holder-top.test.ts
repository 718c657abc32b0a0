import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyHolderMoves, type HolderMove, type HolderTop } from "./holder-top";

// The top the indexer keeps current from its own writes must be the top a fresh read of the
// table gives, or say it cannot know (null); a complete list must never give up.

const OWNERS = ["A", "B", "Ca", "Cb", "a", "b", "z9", "Z9"];

/** What `topHolders` + `holderCount` read: positive balances, largest first, ties by owner. */
function readTop(balances: Map<string, bigint>, limit: number): HolderTop {
  const rows = [...balances]
    .filter(([, b]) => b > 0n)
    .map(([owner, balance]) => ({ owner, balance, firstHeldAt: null }))
    .sort((a, b) =>
      a.balance === b.balance ? (a.owner < b.owner ? -1 : 1) : a.balance > b.balance ? -1 : 1,
    );
  return { top: rows.slice(0, limit), count: rows.length };
}

const balancesArb = fc
  .dictionary(fc.constantFrom(...OWNERS), fc.bigInt({ min: 0n, max: 6n }))
  .map((d) => new Map(Object.entries(d)));

describe("applyHolderMoves", () => {
  it("gives what a fresh read gives, or null only for a cut list", () => {
    fc.assert(
      fc.property(
        balancesArb,
        fc.array(fc.tuple(fc.constantFrom(...OWNERS), fc.bigInt({ min: 0n, max: 6n })), { maxLength: 5 }),
        fc.integer({ min: 1, max: 9 }),
        (start, changes, limit) => {
          const entry = readTop(start, limit);
          const after = new Map(start);
          const moves = new Map<string, HolderMove>();
          for (const [owner, balance] of changes) {
            const before = moves.get(owner)?.before ?? after.get(owner) ?? 0n;
            after.set(owner, balance);
            moves.set(owner, { owner, before, after: balance, firstHeldAt: null });
          }
          const patched = applyHolderMoves(entry, [...moves.values()], limit);
          const truth = readTop(after, limit);
          if (patched === null) expect(entry.top.length).toBeLessThan(entry.count);
          else expect(patched).toEqual(truth);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("keeps a cut list whose holders stay ahead of the ones it never had", () => {
    const entry: HolderTop = {
      top: [
        { owner: "A", balance: 9n, firstHeldAt: null },
        { owner: "B", balance: 5n, firstHeldAt: null },
      ],
      count: 4,
    };
    const patched = applyHolderMoves(entry, [{ owner: "C", before: 1n, after: 7n, firstHeldAt: null }], 2);
    expect(patched).toEqual({
      top: [
        { owner: "A", balance: 9n, firstHeldAt: null },
        { owner: "C", balance: 7n, firstHeldAt: null },
      ],
      count: 4,
    });
    // B falling below its old place could let an unknown holder rank second: read again.
    expect(applyHolderMoves(entry, [{ owner: "B", before: 5n, after: 1n, firstHeldAt: null }], 2)).toBeNull();
  });
});
