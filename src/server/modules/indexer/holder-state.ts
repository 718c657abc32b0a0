/** One owner's standing in one mint, as the holders table keeps it. */
export interface HolderState {
  balance: bigint;
  /** Start of the current run of holding; a run ends when the balance touches 0. */
  firstHeldAt: Date | null;
  lastZeroAt: Date | null;
  lastSlot: bigint;
}

export const NEVER_HELD: HolderState = { balance: 0n, firstHeldAt: null, lastZeroAt: null, lastSlot: 0n };

/** The standing after one balance change at `at`. Continuous-holding age resets when the
 * balance touches 0 (RESEARCH.md 4): going to 0 sets lastZeroAt; holding again after that
 * starts a new run (firstHeldAt = then). A balance that stays positive keeps its firstHeldAt;
 * at 0 the old firstHeldAt stays as history, and holderSince reports no run. */
export function applyDelta(state: HolderState, delta: bigint, at: Date, slot: bigint): HolderState {
  const balance = state.balance + delta;
  let { firstHeldAt, lastZeroAt } = state;
  if (state.balance <= 0n && balance > 0n) firstHeldAt = at;
  if (state.balance > 0n && balance <= 0n) lastZeroAt = at;
  return { balance, firstHeldAt, lastZeroAt, lastSlot: slot > state.lastSlot ? slot : state.lastSlot };
}
