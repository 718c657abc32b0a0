import type { HolderRow } from "./indexer.repo";

/** A mint's largest holders as the indexer keeps them: at most `limit` rows with a positive
 * balance, largest first (ties by owner in code-point order, as `topHolders` sorts), and how
 * many holders the mint has in all. */
export interface HolderTop {
  top: HolderRow[];
  count: number;
}

/** One owner's net change in a write: its balance before and after, and its run's start. */
export interface HolderMove {
  owner: string;
  before: bigint;
  after: bigint;
  firstHeldAt: Date | null;
}

/** Holders the moves add to a mint's count (negative when more leave than arrive). */
export function holdersGained(moves: HolderMove[]): number {
  let gained = 0;
  for (const move of moves) {
    if (move.before <= 0n && move.after > 0n) gained += 1;
    if (move.before > 0n && move.after <= 0n) gained -= 1;
  }
  return gained;
}

const byRank = (a: HolderRow, b: HolderRow) =>
  a.balance === b.balance
    ? a.owner < b.owner
      ? -1
      : a.owner > b.owner
        ? 1
        : 0
    : a.balance > b.balance
      ? -1
      : 1;

/** The top after `moves`, or null when it cannot be known without reading the table again: a
 * cut list (the mint has more holders than it holds) that a holder leaves, since whoever
 * ranks next is not in it. Keeping the top current from the indexer's own writes
 * spares a re-read of the table after every transfer of a busy token. */
export function applyHolderMoves(entry: HolderTop, moves: HolderMove[], limit: number): HolderTop | null {
  const complete = entry.top.length === entry.count;
  const rows = new Map(entry.top.map((h) => [h.owner, h]));
  const count = entry.count + holdersGained(moves);
  for (const move of moves) {
    rows.delete(move.owner);
    if (move.after > 0n)
      rows.set(move.owner, { owner: move.owner, balance: move.after, firstHeldAt: move.firstHeldAt });
  }
  const top = [...rows.values()].sort(byRank);
  if (complete) return top.length === count ? { top: top.slice(0, limit), count } : null;
  // A cut list: every holder it never had ranks after its last row as it was. Rows that rank
  // before that edge now are exactly the head of the whole ranking; rows after it may have
  // unknown holders between them, so they go. Enough must be left to answer any read.
  const edge = entry.top[entry.top.length - 1];
  if (!edge) return null;
  const kept = top.filter((h) => byRank(h, edge) <= 0);
  return kept.length >= Math.min(limit, count) ? { top: kept.slice(0, limit), count } : null;
}
