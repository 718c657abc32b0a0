import { readdirSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";

// A thread that asks to run in the background gets a lower priority (a higher nice value) than
// the process's other threads, which keep theirs.

/** Each thread of this process: its tid and nice value (field 19 of /proc/self/task/<tid>/stat). */
function niceByThread(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    out.set(Number(tid), Number(fields[16]));
  }
  return out;
}

describe.runIf(process.platform === "linux")("runThisThreadInBackground", () => {
  it("lowers the calling thread's priority only", async () => {
    const main = Number(readFileSync("/proc/thread-self/stat", "utf8").split(" ")[0]);
    const before = niceByThread().get(main);
    const helper = new URL("./thread-priority.ts", import.meta.url).href;
    const tsx = import.meta.resolve("tsx/esm/api");
    // The worker lowers itself, reports its tid, and waits to be read.
    const worker = new Worker(
      `const { parentPort } = require("node:worker_threads");
       import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(helper)}, ${JSON.stringify(helper)}))
         .then((m) => {
           const lowered = m.runThisThreadInBackground();
           const tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
           parentPort.postMessage({ lowered, tid });
           setTimeout(() => {}, 60_000);
         });`,
      { eval: true },
    );
    try {
      const { lowered, tid } = await new Promise<{ lowered: boolean; tid: number }>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      });
      expect(lowered).toBe(true);
      const nice = niceByThread();
      expect(nice.get(tid)).toBe(Math.min(19, (before ?? 0) + 10));
      expect(nice.get(main)).toBe(before);
    } finally {
      await worker.terminate();
    }
  });
});
