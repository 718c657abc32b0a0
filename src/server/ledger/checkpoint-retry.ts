import { publicDiskError, RETRY_MAX_MS, RETRY_MIN_MS } from "./journal";

// A checkpoint that fails (no descriptors left, a full disk) is retried with exponential
// back-off rather than at the next interval, and its error stays visible in health until one
// succeeds. Writes go on meanwhile: the journal still holds every transaction.

export interface LedgerLog {
  warn(message: string): void;
  error(message: string): void;
}

export interface CheckpointStatus {
  ok: boolean;
  /** Set while checkpoints fail: the last error and since when (epoch ms). */
  error?: string;
  since?: number;
}

export class CheckpointRetry {
  private failing: { error: string; since: number; delayMs: number } | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** After shutdown nothing is retried: the journal is closed by then. */
  private stopped = false;

  get status(): CheckpointStatus {
    return this.failing ? { ok: false, error: this.failing.error, since: this.failing.since } : { ok: true };
  }

  failed(err: unknown, log: LedgerLog, retry: () => void): void {
    const message = err instanceof Error ? err.message : String(err);
    const delayMs = this.failing ? Math.min(this.failing.delayMs * 2, RETRY_MAX_MS) : RETRY_MIN_MS;
    this.failing = { error: publicDiskError(err), since: this.failing?.since ?? Date.now(), delayMs };
    log.error(`ledger checkpoint failed (${message})${this.stopped ? "" : `; retrying in ${delayMs} ms`}`);
    if (this.timer) clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(retry, delayMs);
    this.timer.unref();
  }

  succeeded(log: LedgerLog): void {
    if (!this.failing) return;
    log.warn(`ledger checkpoint succeeded again after ${Date.now() - this.failing.since} ms`);
    this.failing = null;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
