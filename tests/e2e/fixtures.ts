import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { serverNodeFlags } from "../support/server-node-flags";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** A process killed by a signal keeps exitCode null (signalCode is set instead). */
const isRunning = (proc: ChildProcess) => proc.exitCode === null && proc.signalCode === null;

export interface RunningServer {
  url: string;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The production server (built client, real PGlite, real LiteSVM) as its own process. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<RunningServer> {
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), "launchpad-e2e-"));
  let out = "";
  // PORT=0: the server binds a free port itself and reports its URL over the IPC channel
  // once it listens (src/server/main.ts), so no port is guessed and no health poll is needed.
  // SERVER_NODE_ARGS: extra node flags for the server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // to profile it under a benchmark; NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const proc = spawn(
    process.execPath,
    [...serverNodeFlags(), ...nodeArgs, "--import", "tsx", "src/server/main.ts"],
    {
      env: {
        ...process.env,
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dir,
        SEED_DEMO: "no",
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  proc.stdout?.on("data", (d) => (out += String(d)));
  proc.stderr?.on("data", (d) => (out += String(d)));
  const url = await new Promise<string>((resolve, reject) => {
    // A bound for a server that hangs, so the failure shows its output (beyond any slow start).
    const timer = setTimeout(() => reject(new Error(`server did not start in 170 s:\n${out}`)), 170_000);
    const settle = () => clearTimeout(timer);
    proc.on("message", (message: { type?: string; url?: string }) => {
      if (message?.type === "ready" && message.url) {
        settle();
        resolve(message.url);
      }
    });
    proc.once("exit", () => {
      settle();
      reject(new Error(`server exited early:\n${out}`));
    });
  });
  proc.channel?.unref();
  return {
    url,
    dataDir: dir,
    proc,
    output: () => out,
    async stop(signal = "SIGTERM") {
      if (isRunning(proc)) {
        const exited = new Promise((r) => proc.once("exit", r));
        proc.kill(signal);
        await exited;
      }
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
}

/** A page that records console errors; `assertClean` fails the test on any, except those
 * matching `expected` (e.g. the browser's own log line for a 403 the test provokes). */
export async function openPage(
  context: BrowserContext,
): Promise<{ page: Page; errors: string[]; assertClean(expected?: RegExp[]): void }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return {
    page,
    errors,
    assertClean(expected = []) {
      const unexpected = errors.filter((e) => !expected.some((re) => re.test(e)));
      if (unexpected.length) throw new Error(`browser errors:\n${unexpected.join("\n")}`);
    },
  };
}
