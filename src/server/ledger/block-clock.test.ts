import { describe, expect, it } from "vitest";
import { BLOCKHASH_VALID_SLOTS, BlockClock, SLOT_MS } from "./block-clock";

describe("BlockClock", () => {
  it("issues a blockhash per slot, valid for 150 slots, recognised after a restart, never going back", () => {
    let now = Date.UTC(2026, 0, 1);
    const secret = new Uint8Array(32).fill(9);
    const clock = new BlockClock(secret, () => now);
    const first = clock.latest();
    expect(first.lastValidBlockHeight).toBe(clock.slot() + BLOCKHASH_VALID_SLOTS);
    now += SLOT_MS;
    const second = clock.latest();
    expect(second.blockhash).not.toBe(first.blockhash);
    expect(clock.check(first.blockhash)).toBe("valid");

    // A new instance (a restart) with the same secret still knows the first blockhash.
    const restarted = new BlockClock(secret, () => now);
    expect(restarted.check(first.blockhash)).toBe("valid");
    expect(new BlockClock(new Uint8Array(32), () => now).check(first.blockhash)).toBe("unknown");

    now += Number(BLOCKHASH_VALID_SLOTS) * SLOT_MS;
    expect(clock.check(first.blockhash)).toBe("expired");
    expect(clock.check(second.blockhash)).toBe("valid");

    const before = clock.slot();
    now -= 60_000; // the wall clock jumps back
    expect(clock.slot()).toBe(before);
  });
});
