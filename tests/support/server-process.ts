import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { serverNodeFlags } from "./server-node-flags";

// The real server as `npm run serve` starts it (src/server/main.ts in a child process), on a
// port the test chooses, optionally under a file-descriptor limit.

export interface ServerProcess {
  url: string;
  port: number;
  proc: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

function listen(port: number): Promise<net.Server | null> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(null));
    s.listen(port, "127.0.0.1", () => resolve(s));
  });
}

const release = (s: net.Server) => new Promise((r) => s.close(r));

/** A free port P (found by listening on port 0); with `pair`, P + 1 is free as well. */
export async function freePort({ pair = false } = {}): Promise<number> {
  for (;;) {
    const first = await listen(0);
    const address = first?.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const second = pair && port > 0 && port < 65535 ? await listen(port + 1) : null;
    if (first) await release(first);
    if (second) await release(second);
    if (port > 0 && (!pair || second)) return port;
  }
}

export async function spawnServer(options: {
  port: number;
  env?: Record<string, string>;
  /** `ulimit -n` for the server process. */
  fdLimit?: number;
}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-proc-"));
  const node = `exec "${process.execPath}" ${serverNodeFlags().join(" ")} --import tsx src/server/main.ts`;
  const command = options.fdLimit ? `ulimit -n ${options.fdLimit}; ${node}` : node;
  const proc = spawn("sh", ["-c", command], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "no",
      LOG_LEVEL: "error",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout?.on("data", (d) => (out += String(d)));
  proc.stderr?.on("data", (d) => (out += String(d)));
  const running = () => proc.exitCode === null && proc.signalCode === null;
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!running()) throw new Error(`server exited early:\n${out}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port: options.port,
    proc,
    output: () => out,
    async stop() {
      if (running()) {
        const exited = new Promise((r) => proc.once("exit", r));
        proc.kill("SIGKILL");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
