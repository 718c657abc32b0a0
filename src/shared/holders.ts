import { formatBps } from "./market/format";
// Who holds a token and how concentrated its holdings are: the one definition behind the token
// page, Explore, /analytics and the trust score (docs/trust.md, "Holders and concentration").
// Pure: each place reads balances from its own store (the indexer, SQL, the ledger) and counts
// them here, so the figures cannot drift apart.

/** Solana's incinerator: tokens sent there are gone. */
export const BURN_ADDRESSES: readonly string[] = ["1nc1nerator11111111111111111111111111111111"];

/** Owners whose tokens are nobody's holding: burn addresses, and the market's vault (the curve's
 * unsold stock, operated by the platform; fans buy from it). */
export function nonHolders(vault: string | null): Set<string> {
  return new Set(vault ? [...BURN_ADDRESSES, vault] : BURN_ADDRESSES);
}

/** `amount` as a share of `supply` in basis points, rounded up (a share never reads smaller than
 * it is); 0 for an empty supply, at most 10,000. */
export function shareBps(amount: bigint, supply: bigint): number {
  if (supply <= 0n || amount <= 0n) return 0;
  const bps = (amount * 10_000n + supply - 1n) / supply;
  return Number(bps > 10_000n ? 10_000n : bps);
}

/** A concentration figure as every screen shows it: its basis points (rounded up from the
 * amounts, never smaller than the share) to two decimals, as the holders table shows a share:
 * "21.04%" for 2,104 bps, "20%" for 2,000. One decimal rounded up again read as another number
 * beside the table (24.01% there, 24.1% here). */
export function formatConcentration(bps: number): string {
  return formatBps(bps);
}

export interface Balance {
  owner: string;
  balance: bigint;
}

/** Balances as read from a store, non-holders included. */
export interface OwnerBalances {
  /** Owners with a positive balance, largest first: all of them, or at least as many as the
   * figures list plus the non-holders. */
  largest: readonly Balance[];
  /** How many owners hold a positive balance, non-holders among them. */
  owners: number;
  /** What each non-holder holds (absent: nothing); other owners looked up may be here too. */
  known: ReadonlyMap<string, bigint>;
  /** The mint's supply, base units. */
  mintSupply: bigint;
}

export interface HolderFigures {
  /** Wallets with a positive balance, the vault and burn addresses left out. */
  holders: number;
  /** The largest holders, largest first (at most the limit asked for). */
  top: Balance[];
  /** What shares are of: the mint's supply less what burn addresses hold. The vault's unsold
   * tokens are part of it (anyone can buy them). */
  supply: bigint;
  /** Held by the ten largest holders together, and by the largest. */
  top10: bigint;
  largest: bigint;
  /** In the market's vault (0 without one). */
  onCurve: bigint;
}

export function holderFigures(read: OwnerBalances, vault: string | null, limit = 10): HolderFigures {
  const excluded = nonHolders(vault);
  let counted = read.owners;
  let burned = 0n;
  for (const owner of excluded) {
    const balance = read.known.get(owner) ?? 0n;
    if (balance > 0n) counted -= 1;
    if (owner !== vault) burned += balance;
  }
  const holders = read.largest.filter((h) => h.balance > 0n && !excluded.has(h.owner));
  const ten = holders.slice(0, 10);
  return {
    holders: Math.max(0, counted),
    top: holders.slice(0, limit),
    supply: read.mintSupply - burned,
    top10: ten.reduce((s, h) => s + h.balance, 0n),
    largest: ten[0]?.balance ?? 0n,
    onCurve: vault ? (read.known.get(vault) ?? 0n) : 0n,
  };
}
