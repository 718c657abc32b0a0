import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readSegment } from "./journal";

// A write that fails (here: a real EFBIG from a soft file-size limit) degrades the journal
// instead of stopping it for good: new appends are refused, the ones waiting stay queued, and
// once the disk takes writes again (the limit lifted with prlimit, as an operator frees
// space) it rewrites what was not synced and every accepted record ends up on disk, in order.

const CHILD = fileURLToPath(new URL("./testing/journal-full-child.ts", import.meta.url));

describe("journal after a failed write", () => {
  it("refuses new appends meanwhile, recovers by itself, and keeps every accepted record", {
    timeout: 60_000,
  }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "journal-full-"));
    try {
      // 16 blocks of 512 bytes: about eight records fit.
      const child = spawn(
        "sh",
        ["-c", `ulimit -S -f 16; exec "${process.execPath}" --import tsx "${CHILD}" "${dir}"`],
        {
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let out = "";
      let err = "";
      child.stderr.on("data", (d) => (err += String(d)));
      const lifted = new Promise<void>((resolve, reject) => {
        child.on("exit", (code) => reject(new Error(`the child exited (${code}) first:\n${out}${err}`)));
        child.stdout.on("data", (d) => {
          out += String(d);
          if (!out.includes("ACCEPTED") || out.includes("LIFTED")) return;
          out += "LIFTED\n";
          const pid = child.pid ?? 0;
          const prlimit = spawn("prlimit", ["--pid", String(pid), "--fsize=unlimited:"], {
            stdio: "inherit",
          });
          prlimit.on("exit", (code) =>
            code === 0 ? resolve() : reject(new Error(`prlimit exited ${code}`)),
          );
        });
      });
      const exit = new Promise<number | null>((resolve) => child.on("exit", resolve));
      await lifted;
      expect(await exit, err).toBe(0);

      const lines = out.trim().split("\n");
      const accepted = Number(/ACCEPTED (\d+)/.exec(out)?.[1]);
      expect(lines).toEqual([
        "DEGRADED EFBIG",
        `ACCEPTED ${accepted} REFUSED true WRITABLE false`,
        "LIFTED",
        "RECOVERED",
        "DURABLE true",
        "DONE",
      ]);
      const { records, validLength, size } = readSegment(dir, 0);
      expect(validLength).toBe(size);
      expect(records.map((r) => Number(new TextDecoder().decode(r.payload).replace(/^r+/, "")))).toEqual(
        Array.from({ length: accepted + 1 }, (_, i) => i),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
