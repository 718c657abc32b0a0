import { BoundedCache } from "../lib/bounded-cache";
import { KeyVersions } from "../lib/key-versions";
import type { CommittedTransaction } from "./ledger";

/** Reads of the embedded chain kept on the server's side of the ledger thread until a commit
 * notice says they may have moved: a read that would otherwise wait behind every transaction
 * queued on the thread (token pages, balances, agents lists) is answered at once.
 *
 * A key is an address. A commit moves every account it names writable (a transaction writes
 * only those; a transfer names its mint read-only and leaves it as it was) and the owner of every token account in its balances before or after
 * (a token account created, emptied, closed or given away names its owner there, even when the
 * owner's own address is not among the transaction's accounts). A read keeps the version its
 * key had when it was asked: a notice that arrives before or after its answer moves the key,
 * and the next read asks the thread again. */
export class KeptReads {
  private readonly moved = new KeyVersions();
  private readonly kept = new BoundedCache<string, { version: number; value: Promise<unknown> }>({
    max: 50_000,
  });

  /** A commit notice from the thread (before its sender is answered). */
  committed(tx: CommittedTransaction): void {
    for (const account of tx.writable) this.moved.bump(account);
    if (!tx.facts) {
      this.moved.bumpAll();
      return;
    }
    for (const balance of tx.facts.preTokenBalances) this.moved.bump(balance.owner);
    for (const balance of tx.facts.postTokenBalances) this.moved.bump(balance.owner);
  }

  /** What `read` answers for `key`, from the last read unless a commit moved the key since.
   * Callers share the answer: it is frozen so no caller can change another's. */
  read<T>(kind: string, key: string, read: () => Promise<T>): Promise<T> {
    const slot = `${kind}:${key}`;
    const version = this.moved.of(key);
    const hit = this.kept.get(slot);
    if (hit && hit.version === version) return hit.value as Promise<T>;
    const value = read().then((v) => (typeof v === "object" && v !== null ? Object.freeze(v) : v));
    const entry = { version, value };
    this.kept.set(slot, entry);
    value.catch(() => {
      if (this.kept.get(slot) === entry) this.kept.delete(slot);
    });
    return value;
  }
}
