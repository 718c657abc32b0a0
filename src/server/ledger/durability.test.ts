import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateKeyPairSigner } from "@solana/kit";
import { afterAll, describe, expect, it } from "vitest";
import { type SeededRandom, seededRandom } from "../../../tests/support/seeded-random";
import { openEmbeddedLedger } from "./embedded-ledger";
import { listSegments, segmentPath } from "./journal";
import type { LiteSvmLedger } from "./litesvm-ledger";
import { buildLaunchTransaction, buildTransferTransaction } from "./token-2022";

const CHILD = fileURLToPath(new URL("./testing/crash-child.ts", import.meta.url));
const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-durability-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const open = (dataDir: string) =>
  openEmbeddedLedger({ chainDir: path.join(dataDir, "chain"), checkpointIntervalMs: 60_000 });

/** Whether the ledger under `dataDir` has written a checkpoint past its first segment. */
function checkpointed(dataDir: string): boolean {
  const chain = path.join(dataDir, "chain");
  return fs.existsSync(chain) && fs.readdirSync(chain).some((f) => /^checkpoint-0*[1-9]/.test(f));
}

/** Runs the child until it has acknowledged at least `minAcks` launches and written a
 * checkpoint (so recovery always has a checkpoint and a journal to replay after it, however
 * slowly a busy machine writes one), plus a random extra moment, then kill -9s it. Returns
 * every line it acknowledged. */
function runAndKill(dataDir: string, minAcks: number, random: SeededRandom): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", CHILD, dataDir], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const acks: string[] = [];
    let buffer = "";
    let stderr = "";
    let armed = false;
    child.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout?.on("data", (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith("ACK ")) acks.push(line);
      if (!armed && acks.length > minAcks && checkpointed(dataDir)) {
        armed = true;
        setTimeout(() => child.kill("SIGKILL"), random.int(150));
      }
    });
    child.on("exit", (code, signal) => {
      // Lines a killed child wrote are in the pipe: take the complete ones.
      if (signal === "SIGKILL") resolve(acks);
      else reject(new Error(`child exited early (${code}): ${stderr.slice(-2000)}`));
    });
  });
}

describe("embedded ledger durability", () => {
  it("keeps every acknowledged launch across repeated kill -9", async () => {
    const dataDir = tempDir();
    const acknowledged: string[] = [];
    const random = seededRandom();
    for (let round = 0; round < 4; round++) {
      acknowledged.push(...(await runAndKill(dataDir, 3 + random.int(25), random)));
    }
    const launches = acknowledged.filter((l) => l.startsWith("ACK launch"));
    expect(launches.length).toBeGreaterThan(12);

    const ledger = await open(dataDir);
    try {
      const signatures = acknowledged.map((l) => l.split(" ")[2] ?? "");
      const statuses = await ledger.getSignatureStatuses(signatures);
      expect(statuses.filter((s) => s.state !== "confirmed")).toEqual([]);
      for (const line of launches) {
        const mint = line.split(" ")[3] ?? "";
        const info = await ledger.getMint(mint);
        expect(info?.supply, mint).toBe(1_000n);
        expect(info?.metadata?.additionalMetadata).toEqual([["tagline", "survives kill -9"]]);
      }
      // Checkpoints happened during the runs (interval 40 ms), so recovery used checkpoint + replay.
      expect(checkpointed(dataDir)).toBe(true);
    } finally {
      await ledger.close();
    }
  }, 120_000);

  it("reproduces the same state from checkpoint + journal replay, and ignores a torn tail", async () => {
    const dataDir = tempDir();
    const first = await open(dataDir);
    const creator = await generateKeyPairSigner();
    const fan = await generateKeyPairSigner();
    await first.airdrop(creator.address, 5_000_000_000n);
    const mints: string[] = [];
    const launchOne = async (ledger: LiteSvmLedger) => {
      const mint = await generateKeyPairSigner();
      const built = await buildLaunchTransaction({
        payer: creator,
        mint,
        name: "Replay",
        symbol: "RPL",
        uri: "u",
        additionalMetadata: [["tagline", "t"]],
        supply: 10n ** 12n,
        decimals: 9,
        blockhash: await ledger.getLatestBlockhash(),
      });
      await ledger.sendTransaction(built.wire);
      mints.push(mint.address);
      const transfer = await buildTransferTransaction({
        owner: creator,
        mint: mint.address,
        destinationOwner: fan.address,
        amount: 7n,
        decimals: 9,
        blockhash: await ledger.getLatestBlockhash(),
      });
      await ledger.sendTransaction(transfer.wire);
    };
    await launchOne(first);
    await first.checkpoint();
    await launchOne(first);
    await launchOne(first);

    // Simulated crash: `first` is never closed. A torn record is left at the journal's end.
    const chainDir = path.join(dataDir, "chain");
    const last = listSegments(chainDir).at(-1) ?? 0;
    fs.appendFileSync(segmentPath(chainDir, last), Buffer.from([200, 0, 0, 0, 1, 2, 3]));

    const second = await open(dataDir);
    try {
      const touched = new Set<string>([creator.address, fan.address, ...mints]);
      for (const h of await first.getTokenAccountsByOwner(fan.address)) touched.add(h.address);
      for (const h of await first.getTokenAccountsByOwner(creator.address)) touched.add(h.address);
      expect(touched.size).toBe(2 + 3 + 6);
      for (const address of touched) {
        expect(await second.getAccount(address), address).toEqual(await first.getAccount(address));
      }
      expect(await second.getTokenAccountsByOwner(fan.address)).toEqual(
        await first.getTokenAccountsByOwner(fan.address),
      );
      expect(await second.getSignaturesForAddress(creator.address)).toEqual(
        await first.getSignaturesForAddress(creator.address),
      );
      expect((await second.getSignaturesForAddress(creator.address)).length).toBe(7);
      const [newest] = await second.getSignaturesForAddress(fan.address);
      expect(await second.getTransaction(newest?.signature ?? "")).toEqual(
        await first.getTransaction(newest?.signature ?? ""),
      );
      // The chain goes on after recovery.
      await launchOne(second);
    } finally {
      await second.close();
    }
  }, 60_000);
});
