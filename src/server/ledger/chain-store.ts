import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { LiteSVM } from "litesvm";
import { fsyncDir } from "./journal";

// Files of the embedded chain under DATA_DIR/chain/:
//   identity.json            faucet seed and blockhash secret (created once, 0600)
//   checkpoint-NNNNNNNN.bin  full VM state covering every journal segment below NNNNNNNN
//   journal-NNNNNNNN.log     the journal segments (kept: they are also the tx history)
// Every file appears by write, fsync, rename, fsync of the directory, so a crash leaves
// either the old file or the complete new one.

export interface ChainIdentity {
  faucetSeed: Uint8Array;
  blockhashSecret: Uint8Array;
}

export function loadOrCreateIdentity(dir: string): ChainIdentity {
  const file = path.join(dir, "identity.json");
  if (fs.existsSync(file)) {
    const raw = JSON.parse(fs.readFileSync(file, "utf8")) as { faucetSeed: string; blockhashSecret: string };
    return {
      faucetSeed: new Uint8Array(Buffer.from(raw.faucetSeed, "base64")),
      blockhashSecret: new Uint8Array(Buffer.from(raw.blockhashSecret, "base64")),
    };
  }
  const identity = {
    faucetSeed: new Uint8Array(randomBytes(32)),
    blockhashSecret: new Uint8Array(randomBytes(32)),
  };
  const json = JSON.stringify({
    faucetSeed: Buffer.from(identity.faucetSeed).toString("base64"),
    blockhashSecret: Buffer.from(identity.blockhashSecret).toString("base64"),
  });
  writeFileDurably(file, json, 0o600);
  return identity;
}

export function writeFileDurably(file: string, contents: string | Uint8Array, mode = 0o644): void {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, "w", mode);
  try {
    fs.writeFileSync(fd, contents);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  fsyncDir(path.dirname(file));
}

export function checkpointPath(dir: string, segment: number): string {
  return path.join(dir, `checkpoint-${String(segment).padStart(8, "0")}.bin`);
}

/** Checkpoint segment numbers, newest first. */
export function listCheckpoints(dir: string): number[] {
  return fs
    .readdirSync(dir)
    .map((name) => /^checkpoint-(\d{8})\.bin$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => b - a);
}

/** The newest checkpoint that loads, with the segment it covers up to. */
export function loadNewestCheckpoint(dir: string): { svm: LiteSVM; segment: number } | null {
  const failures: string[] = [];
  for (const segment of listCheckpoints(dir)) {
    try {
      return { svm: LiteSVM.loadFromFile(checkpointPath(dir, segment)), segment };
    } catch (err) {
      failures.push(`${segment}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (failures.length > 0)
    throw new Error(`No checkpoint of the embedded ledger could be loaded (${failures.join("; ")})`);
  return null;
}

/** Step 1, synchronous: the VM state goes to a temporary file. Call it in the same tick as
 * the journal rotation so the state matches the segments below `segment` exactly. */
export function saveCheckpointTemp(svm: LiteSVM, dir: string, segment: number): string {
  const tmp = `${checkpointPath(dir, segment)}.tmp`;
  svm.saveToFile(tmp);
  return tmp;
}

/** Step 2: make it durable, publish it under its final name, and drop older checkpoints
 * (keeping one spare in case the newest ever fails to load). */
export async function publishCheckpoint(dir: string, tmp: string, segment: number): Promise<void> {
  const handle = await fs.promises.open(tmp, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(tmp, checkpointPath(dir, segment));
  fsyncDir(dir);
  for (const old of listCheckpoints(dir).slice(2))
    await fs.promises.rm(checkpointPath(dir, old), { force: true });
}

export function removeStaleTemps(dir: string): void {
  for (const name of fs.readdirSync(dir))
    if (name.endsWith(".tmp")) fs.rmSync(path.join(dir, name), { force: true });
}
