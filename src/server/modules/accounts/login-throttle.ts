import { type LimitsStore, waitUnder } from "../../limits/limits-store";

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
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  freeFailures: 5,
  baseDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
  perIp: 100,
  ipWindowMs: 15 * 60_000,
  perDevice: 10,
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

/** OWASP's login throttling: a per-account delay that grows with each failure wherever it
 * comes from (distributed guessing gains nothing), a per-IP cap on failures, and a trusted-
 * device cookie that lets a browser which signed in before past both, so an attacker can
 * slow strangers down but never lock the owner out. Unknown emails are tracked like real
 * ones (same answers) but in their own table, so junk emails cannot push a real account's
 * record out. Counted in the limits store: shared by every API node when it is. */
export class LoginThrottle {
  constructor(
    private store: LimitsStore,
    private limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    private now: () => number = Date.now,
  ) {}

  /** Milliseconds before this attempt may be checked; 0 when it may be now. */
  async wait(attempt: LoginAttempt): Promise<number> {
    if (await this.trusted(attempt)) return 0;
    const [record, ipHits] = await Promise.all([
      this.store.readStreak(this.table(attempt), attempt.account),
      this.store.recent("login-ip", attempt.ip, this.limits.ipWindowMs),
    ]);
    const now = this.now();
    const accountWait = record ? record.lastAt + this.delayAfter(record.count) - now : 0;
    return Math.max(0, accountWait, waitUnder(ipHits, this.limits.perIp, this.limits.ipWindowMs, now));
  }

  async recordFailure(attempt: LoginAttempt): Promise<void> {
    const { limits, store } = this;
    await store.streak(this.table(attempt), attempt.account, limits.forgetAfterMs);
    if ((await this.trusted(attempt)) && attempt.device)
      await store.log("login-device", attempt.device, limits.ipWindowMs, limits.perDevice);
    else await store.log("login-ip", attempt.ip, limits.ipWindowMs, limits.perIp);
  }

  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    await this.store.forget(this.table(attempt), attempt.account);
  }

  private async trusted(attempt: LoginAttempt): Promise<boolean> {
    if (attempt.device === null) return false;
    const hits = await this.store.recent("login-device", attempt.device, this.limits.ipWindowMs);
    return hits.length < this.limits.perDevice;
  }

  private table(attempt: LoginAttempt) {
    return attempt.known ? "login-account" : "login-unknown";
  }

  private delayAfter(failures: number): number {
    const extra = failures - this.limits.freeFailures; // 0 at the last free failure
    if (extra < 0) return 0;
    return Math.min(this.limits.baseDelayMs * 2 ** Math.min(extra, 30), this.limits.maxDelayMs);
  }
}
