import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/server-process";

// A start that cannot go on says which setting is wrong and why, in one line an operator can
// act on: no stack, no credentials, exit 1.

const scratch = mkdtempSync(path.join(os.tmpdir(), "launchpad-start-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const proc = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(await freePort({ pair: true })),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(scratch, "data"),
      SEED_DEMO: "no",
      LOG_LEVEL: "error",
      DATABASE_URL: "", // PGlite unless a test says otherwise (set to nothing is unset)
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout.on("data", (d) => (output += String(d)));
  proc.stderr.on("data", (d) => (output += String(d)));
  const code = await new Promise<number | null>((resolve) => proc.once("exit", resolve));
  return { code, output };
}

describe("start-up errors", () => {
  it("a database that does not answer: DATABASE_URL named with its cause, the password left out", async () => {
    const port = await freePort();
    const { code, output } = await start({
      DATABASE_URL: `postgres://postgres:s3cret-pw@127.0.0.1:${port}/nope`,
    });
    expect(code).toBe(1);
    expect(output).toContain(
      `The database at DATABASE_URL (postgres://127.0.0.1:${port}/nope) could not be opened; it must exist already: connect ECONNREFUSED`,
    );
    expect(output).not.toContain("s3cret-pw");
    expect(output).not.toMatch(/\n\s+at /);
  });

  it("a DATA_DIR that is a file, and a HOST that does not resolve: each named", async () => {
    const file = path.join(scratch, "a-file");
    writeFileSync(file, "not a directory");
    const dataDir = await start({ DATA_DIR: file });
    expect(dataDir.code).toBe(1);
    expect(dataDir.output).toContain(`DATA_DIR (${file}) cannot be used: EEXIST`);
    const host = await start({ HOST: "no-such-host.invalid" });
    expect(host.code).toBe(1);
    expect(host.output).toMatch(/Cannot listen on HOST no-such-host\.invalid, PORT \d+: getaddrinfo/);
    expect(host.output).not.toMatch(/\n\s+at /);
  });
});
