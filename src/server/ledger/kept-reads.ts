import { BoundedCache } from "../lib/bounded-cache";
import { compareText } from "../lib/compare-text";
import { KeyVersions } from "../lib/key-versions";
import { sortedPosition } from "../lib/sorted-position";
import type { CommittedTransaction, TokenHolding } from "./ledger";

interface Kept<T> {
  version: number;
  value: Promise<T>;
  /** The answer once it is in (what a commit notice brings up to date in place). */
  settled?: T;
}

/** Reads of the embedded chain kept on the server's side of the ledger thread: a read that
 * would otherwise wait behind every transaction queued on the thread (token pages, balances,
 * agents lists) is answered at once.
 *
 * Mints are kept until a commit notice names them writable (a transaction writes only those;
 * a transfer names its mint read-only and leaves it as it was). An owner's token accounts are
 * brought up to date from each notice's token balances instead: every token account a
 * transaction touched is in them before and after, with its owner, so a transfer, a launch or a
 * trade does not send the owner's next read to the thread. A read keeps the version its key had
 * when it was asked: a notice that arrives before its answer moves the key, and the next read
 * asks the thread again. Lamports are kept the same way, from each notice's balances after: a
 * wallet's SOL moves with every fee it pays. A notice comes before its sender's answer, so
 * read-your-writes holds. */
export class KeptReads {
  private readonly moved = new KeyVersions();
  private readonly mints = new BoundedCache<string, Kept<unknown>>({ max: 50_000 });
  private readonly owners = new KeyVersions();
  private readonly holdings = new BoundedCache<string, Kept<readonly TokenHolding[]>>({ max: 50_000 });
  private readonly payers = new KeyVersions();
  private readonly lamports = new BoundedCache<string, Kept<bigint>>({ max: 50_000 });

  /** A commit notice from the thread (before its sender is answered). */
  committed(tx: CommittedTransaction): void {
    for (const account of tx.writable) this.moved.bump(account);
    if (!tx.facts) {
      this.moved.bumpAll();
      this.owners.bumpAll();
      this.payers.bumpAll();
      return;
    }
    const { accountKeys, postBalances, preTokenBalances, postTokenBalances } = tx.facts;
    // Every account the transaction named, with its lamports after it (fees, payments, rent).
    accountKeys.forEach((address, i) => {
      const kept = this.lamports.get(address);
      const current = kept?.settled !== undefined && kept.version === this.payers.of(address);
      this.payers.bump(address);
      const after = postBalances[i];
      if (!current || after === undefined) return;
      this.lamports.set(address, {
        version: this.payers.of(address),
        value: Promise.resolve(after),
        settled: after,
      });
    });
    // Per owner, the token accounts that moved, with their mint (an account's mint is fixed
    // while it exists): the holding after, or null when the account is no longer theirs
    // (closed, or given to another owner).
    const changes = new Map<string, Map<string, { mint: string; after: TokenHolding | null }>>();
    const change = (owner: string, address: string, mint: string, after: TokenHolding | null) => {
      const forOwner = changes.get(owner) ?? new Map<string, { mint: string; after: TokenHolding | null }>();
      forOwner.set(address, { mint, after });
      changes.set(owner, forOwner);
    };
    for (const b of preTokenBalances) change(b.owner, accountKeys[b.accountIndex] ?? "", b.mint, null);
    for (const b of postTokenBalances) {
      const address = accountKeys[b.accountIndex] ?? "";
      change(b.owner, address, b.mint, {
        address,
        mint: b.mint,
        owner: b.owner,
        amount: b.amount,
        decimals: b.decimals,
      });
    }
    for (const [owner, moved] of changes) {
      const kept = this.holdings.get(owner);
      const current = kept?.settled && kept.version === this.owners.of(owner) ? kept.settled : null;
      this.owners.bump(owner);
      if (!current) continue;
      // Found and placed in the thread's order (by mint, then account) by binary search: a
      // creator with hundreds of tokens would otherwise pay a sort on every commit naming them.
      const list = current.slice();
      for (const [address, { mint, after }] of moved) {
        const at = positionOf(list, mint, address);
        if (list[at]?.address === address) list.splice(at, 1);
        if (after) list.splice(positionOf(list, after.mint, address), 0, after);
      }
      const settled = Object.freeze(list);
      this.holdings.set(owner, { version: this.owners.of(owner), value: Promise.resolve(settled), settled });
    }
  }

  /** What `read` answers for a mint, from the last read unless a commit wrote it since.
   * Callers share the answer: it is frozen so no caller can change another's. */
  mint<T>(mint: string, read: () => Promise<T>): Promise<T> {
    return keep(this.mints, this.moved, mint, read) as Promise<T>;
  }

  /** An address's lamports, from the last read as every commit since left them. */
  balance(address: string, read: () => Promise<bigint>): Promise<bigint> {
    return keep(this.lamports, this.payers, address, read);
  }

  /** An owner's token accounts, from the last read as every commit since left them. */
  ownerHoldings(owner: string, read: () => Promise<TokenHolding[]>): Promise<readonly TokenHolding[]> {
    return keep(this.holdings, this.owners, owner, read);
  }
}

function keep<T>(
  cache: BoundedCache<string, Kept<T>>,
  versions: KeyVersions,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  const version = versions.of(key);
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.value;
  const entry: Kept<T> = {
    version,
    value: read().then((v) => {
      const frozen = typeof v === "object" && v !== null ? Object.freeze(v) : v;
      entry.settled = frozen;
      return frozen;
    }),
  };
  cache.set(key, entry);
  entry.value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.value;
}

/** Where the account (`mint`, `address`) is, or goes, in a list ordered by mint, then
 * account (binary search). */
function positionOf(list: readonly TokenHolding[], mint: string, address: string): number {
  return sortedPosition(
    list,
    (other) => (compareText(other.mint, mint) || compareText(other.address, address)) < 0,
  );
}
