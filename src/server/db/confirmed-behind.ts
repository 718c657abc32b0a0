import { databaseMessage } from "./errors";
import { GroupCommit } from "./group-commit";

/** Written-behind confirmations wait this long to share one UPDATE: at a busy moment, dozens
 * per statement. */
const LINGER_MS = 50;

/** How long a confirmation stays in the overlay after its UPDATE committed: a read that
 * started before the commit (another pooled connection) may still return the old row. */
const OVERLAY_GRACE_MS = 5_000;

/** Confirmations of rows whose outcome the ledger already holds (decision 001): recorded in an
 * overlay at once, so reads through the owner see them, and written by group commit; on a
 * database of this process's own (PGlite) behind the answer, on a shared one before it. */
export class ConfirmedBehind {
  /** Confirmed here, row maybe not yet written: when it was confirmed. */
  private readonly overlay = new Map<string, Date>();
  private readonly writes: GroupCommit<string, undefined>;

  /** `write` sets the rows of these ids confirmed. */
  constructor(
    write: (ids: string[]) => Promise<unknown>,
    private readonly options: { shared: boolean; warn: (message: string) => void },
  ) {
    this.writes = new GroupCommit(
      async (ids) => {
        await write(ids);
        setTimeout(() => {
          for (const id of ids) this.overlay.delete(id);
        }, OVERLAY_GRACE_MS).unref();
        return ids.map(() => undefined);
      },
      { lingerMs: options.shared ? 0 : LINGER_MS },
    );
  }

  /** Records the confirmation; resolves once it is committed on a shared database, at once
   * otherwise (a lost write leaves the row pending: start-up reconciliation confirms it).
   * `what` names the row in the warning if its write fails. */
  async confirm(id: string, what: string): Promise<void> {
    this.overlay.set(id, new Date());
    const written = this.writes.push(id);
    if (this.options.shared) await written;
    else
      written.catch((err: unknown) =>
        this.options.warn(`${what} stays pending in the database until restart: ${databaseMessage(err)}`),
      );
  }

  /** When `id` was confirmed here, if its row may still say pending. */
  at(id: string): Date | undefined {
    return this.overlay.get(id);
  }

  /** Resolves once the confirmations asked for so far are written (later ones not waited for). */
  written(): Promise<void> {
    return this.writes.written();
  }

  /** Resolves once nothing is queued (at shutdown, before the database closes). */
  idle(): Promise<void> {
    return this.writes.idle();
  }
}
