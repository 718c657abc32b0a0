import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** How many nice steps below the server's event loop its background threads run. */
const BACKGROUND_STEPS = 10;

/** Lowers the calling thread's scheduling priority (Linux; elsewhere it returns false).
 *
 * Every request passes the server's event loop, one thread; the database's thread (and the
 * offline AI engine's) do work a request then waits for anyway. On a busy 2-core machine the
 * loop otherwise waits for a core a third of the time, behind them, and every reader waits with
 * it. The ledger's and the launch builder's threads stay at the loop's priority: the writes'
 * tail waited on them (docs/decisions/016). Lowering a thread's own priority needs no
 * privilege. */
export function runThisThreadInBackground(): boolean {
  if (process.platform !== "linux") return false;
  try {
    // "<pid>/task/<tid>": on Linux a thread is a task, and a tid names it alone.
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    setPriority(tid, Math.min(19, getPriority(tid) + BACKGROUND_STEPS));
    return true;
  } catch {
    return false;
  }
}
