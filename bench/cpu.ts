// CPU time read from /proc (Linux), to say which process and thread a benchmark's work cost.
import { readdirSync, readFileSync } from "node:fs";

/** /proc counts CPU in clock ticks of 1/100 s. */
export const TICK_MS = 10;

/** CPU ticks (user + system) of one /proc stat file; 0 where there is no /proc. */
export function cpuTicks(statPath: string): number {
  try {
    const fields = readFileSync(statPath, "utf8").split(") ")[1]?.split(" ") ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Each thread's CPU ticks, by thread id. */
export function threadTicks(pid: number): Map<number, number> {
  const ticks = new Map<number, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return ticks;
  }
  for (const tid of tids) {
    const t = cpuTicks(`/proc/${pid}/task/${tid}/stat`);
    if (t) ticks.set(Number(tid), t);
  }
  return ticks;
}

/** Starts counting a process's CPU and this process's; `stop(n)` gives milliseconds per unit of work. */
export function cpuMeter(pid: number) {
  const server = cpuTicks(`/proc/${pid}/stat`);
  const threads = threadTicks(pid);
  const client = process.cpuUsage();
  return (units: number) => {
    const c = process.cpuUsage(client);
    return {
      serverMs: ((cpuTicks(`/proc/${pid}/stat`) - server) * TICK_MS) / units,
      clientMs: (c.user + c.system) / 1000 / units,
      /** The busiest threads, by id less the server's pid (0 is the event loop). */
      threads: [...threadTicks(pid)]
        .map(([tid, ticks]) => [tid - pid, ((ticks - (threads.get(tid) ?? 0)) * TICK_MS) / units] as const)
        .filter(([, ms]) => ms >= 0.01)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4),
    };
  };
}
