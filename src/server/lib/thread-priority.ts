import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** How many nice steps below the server's event loop its background threads run. */
const BACKGROUND_STEPS = 10;

/** Lowers the calling thread's scheduling priority (Linux; elsewhere it returns false).
 *
 * Every request passes the server's event loop, one thread; the database's and the ledger's
 * threads do work a request then waits for anyway. On a busy 2-core machine the loop otherwise
 * waits for a core a third of the time, behind them, and every reader waits with it
 * (docs/decisions/016). Lowering a thread's own priority needs no privilege. */
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
