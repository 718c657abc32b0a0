import { SlidingWindow } from "../../lib/sliding-window";

/** Counts failed logins per IP and per (account, IP) pair. Keying the account counter by IP
 * as well means an attacker elsewhere cannot lock the owner out. */
export class LoginThrottle {
  private failures: SlidingWindow;

  constructor(
    private limits = { perIp: 30, perAccountAndIp: 8, windowMs: 15 * 60_000 },
    now: () => number = Date.now,
  ) {
    this.failures = new SlidingWindow(limits.windowMs, now);
  }

  isBlocked(account: string, ip: string): boolean {
    return (
      this.failures.count(`ip:${ip}`) >= this.limits.perIp ||
      this.failures.count(`acct:${account}|${ip}`) >= this.limits.perAccountAndIp
    );
  }

  recordFailure(account: string, ip: string): void {
    this.failures.add(`ip:${ip}`);
    this.failures.add(`acct:${account}|${ip}`);
  }

  recordSuccess(account: string, ip: string): void {
    this.failures.clear(`acct:${account}|${ip}`);
  }
}
