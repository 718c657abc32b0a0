import { describe, expect, it } from "vitest";
import { DEFAULT_LOGIN_LIMITS, type LoginAttempt, LoginThrottle } from "./login-throttle";

const victim: LoginAttempt = { account: "victim@example.com", known: true, ip: "10.0.0.1", device: null };

describe("LoginThrottle", () => {
  it("keeps a victim's delay when 51,000 failures on random emails from 1,700 addresses fill its tables", () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(DEFAULT_LOGIN_LIMITS, () => now);
    for (let i = 0; i < 6; i++) throttle.recordFailure(victim);
    expect(throttle.wait(victim)).toBeGreaterThan(0);
    for (let i = 0; i < 51_000; i++) {
      throttle.recordFailure({
        account: `junk-${i}@example.com`,
        known: false,
        ip: `10.${(i % 1_700) >> 8}.${(i % 1_700) & 255}.9`,
        device: null,
      });
      if (i % 1_000 === 0) now += 1; // spread out a little, as a real flood is
    }
    expect(throttle.wait({ ...victim, ip: "10.200.0.1" })).toBeGreaterThan(0);
  });

  it("delays grow with each failure, from any address, up to the cap; success clears them", () => {
    let now = 0;
    const limits = { ...DEFAULT_LOGIN_LIMITS, freeFailures: 2, baseDelayMs: 1_000, maxDelayMs: 4_000 };
    const throttle = new LoginThrottle(limits, () => now);
    const from = (ip: string) => ({ ...victim, ip });
    throttle.recordFailure(from("1.1.1.1"));
    expect(throttle.wait(from("2.2.2.2"))).toBe(0);
    throttle.recordFailure(from("2.2.2.2"));
    expect(throttle.wait(from("3.3.3.3"))).toBe(1_000);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      now += throttle.wait(from("3.3.3.3"));
      throttle.recordFailure(from("3.3.3.3"));
      waits.push(throttle.wait(from("4.4.4.4")));
    }
    expect(waits).toEqual([2_000, 4_000, 4_000, 4_000]);
    throttle.recordSuccess(from("4.4.4.4"));
    expect(throttle.wait(from("5.5.5.5"))).toBe(0);
  });

  it("lets a trusted device past the delays until it fails too often itself", () => {
    const limits = { ...DEFAULT_LOGIN_LIMITS, perDevice: 3 };
    const throttle = new LoginThrottle(limits, () => 0);
    for (let i = 0; i < 20; i++) throttle.recordFailure(victim);
    const trusted = { ...victim, device: "dev-1" };
    expect(throttle.wait(victim)).toBeGreaterThan(0);
    expect(throttle.wait(trusted)).toBe(0);
    for (let i = 0; i < 3; i++) throttle.recordFailure(trusted);
    expect(throttle.wait(trusted)).toBeGreaterThan(0);
  });
});
