import type { BalanceFacts } from "../../ledger/ledger";

/** One owner's net change of one mint in one transaction (all its token accounts summed). */
export interface BalanceDelta {
  mint: string;
  owner: string;
  delta: bigint;
}

/** What a transaction did to the balances of the mints `wanted` accepts, by owner, from its
 * pre and post token balances. An account missing from one side held 0 there (created or
 * closed in this transaction). An owner whose accounts net to zero is left out, and so is a
 * failed transaction (its token balances did not change). */
export function balanceDeltas(record: BalanceFacts, wanted: (mint: string) => boolean): BalanceDelta[] {
  if (record.error !== null) return [];
  const net = new Map<string, BalanceDelta>();
  const add = (mint: string, owner: string, amount: bigint) => {
    if (!wanted(mint)) return;
    const key = `${mint}:${owner}`;
    const entry = net.get(key);
    if (entry) entry.delta += amount;
    else net.set(key, { mint, owner, delta: amount });
  };
  // An owner the cluster did not report (old RPC nodes) is named by the account itself.
  const ownerOf = (b: { owner: string; accountIndex: number }) =>
    b.owner || record.accountKeys[b.accountIndex] || `account#${b.accountIndex}`;
  for (const b of record.preTokenBalances) add(b.mint, ownerOf(b), -b.amount);
  for (const b of record.postTokenBalances) add(b.mint, ownerOf(b), b.amount);
  return [...net.values()].filter((d) => d.delta !== 0n);
}

/** The mints whose token balances a transaction lists (before or after). */
export function mintsOf(record: BalanceFacts): Set<string> {
  const mints = new Set<string>();
  for (const b of record.preTokenBalances) mints.add(b.mint);
  for (const b of record.postTokenBalances) mints.add(b.mint);
  return mints;
}
