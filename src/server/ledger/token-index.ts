import type { AccountSnapshot } from "./ledger";
import {
  mintDecimalsOf,
  type ParsedTokenAccount,
  tokenAccountFromAccount,
  tokenAccountKind,
} from "./token-state";

// Token accounts by owner and by mint, and the set of mints, kept up to date from the
// accounts each transaction wrote. Answers "what does this wallet hold" and "who holds this
// token" without scanning every account of the token programs on each request.

export class TokenIndex {
  private readonly accounts = new Map<string, ParsedTokenAccount>();
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly byMint = new Map<string, Set<string>>();
  /** Mint address -> decimals (fixed at initialization, so safe to cache). */
  private readonly mints = new Map<string, number>();

  /** Re-reads one account after a transaction (null when it no longer exists). */
  update(address: string, account: AccountSnapshot | null): void {
    const kind = account ? tokenAccountKind(account) : null;
    if (account && kind === "mint") {
      const decimals = mintDecimalsOf(account);
      if (decimals !== null) this.mints.set(address, decimals);
      return;
    }
    const previous = this.accounts.get(address);
    const parsed = account && kind === "token" ? tokenAccountFromAccount(account) : null;
    if (previous && (!parsed || previous.owner !== parsed.owner || previous.mint !== parsed.mint)) {
      this.byOwner.get(previous.owner)?.delete(address);
      this.byMint.get(previous.mint)?.delete(address);
    }
    if (!parsed) {
      this.accounts.delete(address);
      if (!account) this.mints.delete(address);
      return;
    }
    this.accounts.set(address, parsed);
    addTo(this.byOwner, parsed.owner, address);
    addTo(this.byMint, parsed.mint, address);
  }

  /** The token account at an address, as of the last update. */
  account(address: string): ParsedTokenAccount | undefined {
    return this.accounts.get(address);
  }

  decimalsOf(mint: string): number | undefined {
    return this.mints.get(mint);
  }

  mintAddresses(): string[] {
    return [...this.mints.keys()];
  }

  ofOwner(owner: string): ParsedTokenAccount[] {
    return [...(this.byOwner.get(owner) ?? [])].flatMap((a) => this.accounts.get(a) ?? []);
  }

  ofMint(mint: string): ParsedTokenAccount[] {
    return [...(this.byMint.get(mint) ?? [])].flatMap((a) => this.accounts.get(a) ?? []);
  }
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}
