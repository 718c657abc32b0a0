import { vi } from "vitest";

/** Stops Date (and only Date: timers, I/O and the database thread run on) at this instant,
 * so a cache's time to live cannot run out between two reads on a busy machine. Tests that
 * assert "the second read asks the database nothing" hold the clock across the two reads. */
export function freezeDate(): { release(): void } {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  return { release: () => vi.useRealTimers() };
}
