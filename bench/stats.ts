import fs from "node:fs";

/** Percentile of a list of numbers (nearest-rank). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

export function verdict(ok: boolean): string {
  return ok ? "goal met" : "GOAL MISSED";
}

/** CPU time (user + system, every thread) a process has used so far, in ms; null where
 * /proc is not available. */
export function processCpuMs(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return null;
  }
}

/** Resident memory of a process now and at its peak, in MB; null where /proc is not available. */
export function processMemoryMb(pid: number | undefined): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/** A raw loop holds this process's event loop for its whole run: sockets the server closed
 * meanwhile (idle past its keep-alive timeout) are seen closed only once the loop polls again.
 * A request sent before that goes out on a dead kept-alive socket ("other side closed"). */
export function ioSettled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 100));
}
