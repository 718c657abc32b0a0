import { describe, expect, it } from "vitest";
import { MemoryLimits } from "../../limits/memory-limits";
import { DEFAULT_LOGIN_LIMITS, type LoginAttempt, LoginThrottle } from "./login-throttle";

const victim: LoginAttempt = { account: "victim@example.com", known: true, ip: "10.0.0.1", device: null };

describe("LoginThrottle", async () => {
  it("keeps a victim's delay when 51,000 failures on random emails from 1,700 addresses fill its tables", async () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(new MemoryLimits(() => now), DEFAULT_LOGIN_LIMITS, () => now);
    for (let i = 0; i < 6; i++) await throttle.recordFailure(victim);
    expect(await throttle.wait(victim)).toBeGreaterThan(0);
    for (let i = 0; i < 51_000; i++) {
      await throttle.recordFailure({
        account: `junk-${i}@example.com`,
        known: false,
        ip: `10.${(i % 1_700) >> 8}.${(i % 1_700) & 255}.9`,
        device: null,
      });
      if (i % 1_000 === 0) now += 1; // spread out a little, as a real flood is
    }
    expect(await throttle.wait({ ...victim, ip: "10.200.0.1" })).toBeGreaterThan(0);
  });

  it("delays grow with each failure, from any address, up to the cap; success clears them", async () => {
    let now = 0;
    const limits = { ...DEFAULT_LOGIN_LIMITS, freeFailures: 2, baseDelayMs: 1_000, maxDelayMs: 4_000 };
    const throttle = new LoginThrottle(new MemoryLimits(() => now), limits, () => now);
    const from = (ip: string) => ({ ...victim, ip });
    await throttle.recordFailure(from("1.1.1.1"));
    expect(await throttle.wait(from("2.2.2.2"))).toBe(0);
    await throttle.recordFailure(from("2.2.2.2"));
    expect(await throttle.wait(from("3.3.3.3"))).toBe(1_000);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      now += await throttle.wait(from("3.3.3.3"));
      await throttle.recordFailure(from("3.3.3.3"));
      waits.push(await throttle.wait(from("4.4.4.4")));
    }
    expect(waits).toEqual([2_000, 4_000, 4_000, 4_000]);
    await throttle.recordSuccess(from("4.4.4.4"));
    expect(await throttle.wait(from("5.5.5.5"))).toBe(0);
  });

  it("lets a trusted device past the delays until it fails too often itself", async () => {
    const limits = { ...DEFAULT_LOGIN_LIMITS, perDevice: 3 };
    const throttle = new LoginThrottle(new MemoryLimits(() => 0), limits, () => 0);
    for (let i = 0; i < 20; i++) await throttle.recordFailure(victim);
    const trusted = { ...victim, device: "dev-1" };
    expect(await throttle.wait(victim)).toBeGreaterThan(0);
    expect(await throttle.wait(trusted)).toBe(0);
    for (let i = 0; i < 3; i++) await throttle.recordFailure(trusted);
    expect(await throttle.wait(trusted)).toBeGreaterThan(0);
  });
});
