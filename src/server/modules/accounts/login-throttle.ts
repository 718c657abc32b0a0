import { LRUCache } from "lru-cache";
import { SlidingWindow } from "../../lib/sliding-window";

export interface LoginLimits {
  /** Failed attempts on one account (from anywhere) before each next one must wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** An account's failures are forgotten after this long without one. */
  forgetAfterMs: number;
  /** Failures from one IP (any accounts, untrusted browsers) per ipWindowMs. */
  perIp: number;
  ipWindowMs: number;
  /** Failures on one trusted browser before it is trusted no more (per ipWindowMs). */
  perDevice: number;
  /** Keys per table; past it the least recently used are dropped, never the whole table. */
  capacity: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  freeFailures: 5,
  baseDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
  perIp: 100,
  ipWindowMs: 15 * 60_000,
  perDevice: 10,
  capacity: 100_000,
};

export interface LoginAttempt {
  /** The normalised email. */
  account: string;
  /** Whether an account has that email (its record then lives apart from guessed emails). */
  known: boolean;
  ip: string;
  /** The id of a trusted-device cookie issued to this account, when the browser sent one. */
  device: string | null;
}

interface AccountRecord {
  failures: number;
  lastFailureAt: number;
}

/** OWASP's login throttling: a per-account delay that grows with each failure wherever it
 * comes from (distributed guessing gains nothing), a per-IP cap on failures, and a trusted-
 * device cookie that lets a browser which signed in before past both, so an attacker can
 * slow strangers down but never lock the owner out. Unknown emails are tracked like real
 * ones (same answers) but in their own table, so junk emails cannot push a real account's
 * record out. */
export class LoginThrottle {
  private accounts: LRUCache<string, AccountRecord>;
  private unknown: LRUCache<string, AccountRecord>;
  private ips: SlidingWindow;
  private devices: SlidingWindow;

  constructor(
    private limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    private now: () => number = Date.now,
  ) {
    const table = () =>
      new LRUCache<string, AccountRecord>({ max: limits.capacity, ttl: limits.forgetAfterMs, perf: { now } });
    this.accounts = table();
    this.unknown = table();
    this.ips = new SlidingWindow(limits.ipWindowMs, now, limits.capacity);
    this.devices = new SlidingWindow(limits.ipWindowMs, now, limits.capacity);
  }

  /** Milliseconds before this attempt may be checked; 0 when it may be now. */
  wait(attempt: LoginAttempt): number {
    if (this.trusted(attempt)) return 0;
    const record = this.table(attempt).get(attempt.account);
    const accountWait = record ? record.lastFailureAt + this.delayAfter(record.failures) - this.now() : 0;
    return Math.max(0, accountWait, this.ips.waitFor(attempt.ip, this.limits.perIp));
  }

  recordFailure(attempt: LoginAttempt): void {
    const table = this.table(attempt);
    const failures = (table.get(attempt.account)?.failures ?? 0) + 1;
    table.set(attempt.account, { failures, lastFailureAt: this.now() });
    if (this.trusted(attempt) && attempt.device) this.devices.add(attempt.device);
    else this.ips.add(attempt.ip);
  }

  recordSuccess(attempt: LoginAttempt): void {
    this.table(attempt).delete(attempt.account);
  }

  private trusted(attempt: LoginAttempt): boolean {
    return attempt.device !== null && this.devices.count(attempt.device) < this.limits.perDevice;
  }

  private table(attempt: LoginAttempt) {
    return attempt.known ? this.accounts : this.unknown;
  }

  private delayAfter(failures: number): number {
    const extra = failures - this.limits.freeFailures; // 0 at the last free failure
    if (extra < 0) return 0;
    return Math.min(this.limits.baseDelayMs * 2 ** Math.min(extra, 30), this.limits.maxDelayMs);
  }
}
