import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { address, lamports } from "@solana/kit";
import bs58 from "bs58";
import { LiteSVM } from "litesvm";
import { BlockClock } from "./block-clock";
import {
  loadNewestCheckpoint,
  loadOrCreateIdentity,
  publishCheckpoint,
  removeStaleTemps,
  saveCheckpointTemp,
} from "./chain-store";
import { CheckpointRetry, type LedgerLog } from "./checkpoint-retry";
import { decodeEntry, History, type JournalEntry } from "./history";
import { Journal, listSegments, readRecordAt, readSegment, segmentPath } from "./journal";
import { signerFromSeed } from "./keys";
import { type EntrySink, LiteSvmLedger } from "./litesvm-ledger";
import { TokenIndex } from "./token-index";
import { TOKEN_PROGRAM_IDS } from "./token-state";
import { nativeOf } from "./vm-native";
import { parseWire } from "./wire-parse";

// Opening the embedded ledger: genesis on first use, otherwise the newest checkpoint plus a
// replay of the journal written since; then periodic checkpoints (journal rotated in the
// same tick, so checkpoint N is exactly "every segment below N").

const SYSTEM_PROGRAM = address("11111111111111111111111111111111");
/** The faucet starts with 500 million test SOL: plenty for any number of 2-SOL airdrops. */
const FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;

export interface EmbeddedLedgerOptions {
  /** Folder for the chain files (DATA_DIR/chain); null keeps everything in memory. */
  chainDir: string | null;
  checkpointIntervalMs: number;
  /** Problems worth a line in the server log (e.g. a replay that diverged, a disk error). */
  log?: LedgerLog;
  /** The chain's clock (slots, blockhashes, block times); default the wall clock. On its own
   * thread the ledger follows the server's clock (see ledger-thread.ts). */
  now?: () => number;
}

function configure(svm: LiteSVM): LiteSVM {
  // Our BlockClock checks blockhashes (LiteSVM accepts only its single latest one), and our
  // History refuses duplicates, so LiteSVM keeps no history of its own: it would only bloat
  // every checkpoint with logs we already journal.
  return svm.withSigverify(true).withBlockhashCheck(false).withTransactionHistory(0n);
}

function genesis(faucetAddress: string): LiteSVM {
  const svm = new LiteSVM();
  svm.setAccount({
    address: address(faucetAddress),
    lamports: lamports(FAUCET_LAMPORTS),
    programAddress: SYSTEM_PROGRAM,
    executable: false,
    data: new Uint8Array(),
    space: 0n,
  });
  return svm;
}

export async function openEmbeddedLedger(options: EmbeddedLedgerOptions): Promise<LiteSvmLedger> {
  const log = options.log ?? { warn: () => undefined, error: () => undefined };
  const warn = log.warn;
  // Unset: the block clock keeps the Date.now it finds, block times read Date.now each time.
  const clockNow = options.now;
  const now = options.now ?? (() => Date.now());
  const dir = options.chainDir;
  if (!dir) {
    const faucet = signerFromSeed(new Uint8Array(randomBytes(32)));
    const svm = configure(genesis(faucet.address));
    const clock = new BlockClock(new Uint8Array(randomBytes(32)), clockNow);
    return new LiteSvmLedger({
      svm,
      clock,
      faucet,
      history: new History(null),
      tokens: new TokenIndex(),
      now,
    });
  }

  fs.mkdirSync(dir, { recursive: true });
  removeStaleTemps(dir);
  const identity = loadOrCreateIdentity(dir);
  const faucet = signerFromSeed(identity.faucetSeed);
  const clock = new BlockClock(identity.blockhashSecret, clockNow);

  let loaded = loadNewestCheckpoint(dir);
  if (!loaded) {
    // First start: checkpoint 0 is the genesis state, written before any journal segment.
    const svm = genesis(faucet.address);
    const tmp = saveCheckpointTemp(svm, dir, 0);
    await publishCheckpoint(dir, tmp, 0);
    loaded = { svm, segment: 0 };
  }
  const svm = configure(loaded.svm);
  const readAt = (segment: number, offset: number): JournalEntry | null => {
    const bytes = readRecordAt(dir, segment, offset);
    return bytes ? decodeEntry(bytes) : null;
  };
  const history = new History(readAt);
  const tokens = new TokenIndex();
  const ledger = new LiteSvmLedger({ svm, clock, faucet, history, tokens, now });

  // History: every segment. Replay: only the segments the checkpoint does not cover.
  const segments = listSegments(dir);
  for (const segment of segments) {
    const { records, validLength, size } = readSegment(dir, segment);
    if (validLength < size) {
      // A record torn by a crash was never acknowledged: cut it off.
      fs.truncateSync(segmentPath(dir, segment), validLength);
    }
    for (const record of records) {
      const entry = decodeEntry(record.payload);
      if (segment >= loaded.segment) {
        replay(ledger, svm, entry, warn);
        ledger.dirty = true; // replayed state is not in any checkpoint yet
      }
      history.add(entry, { segment, offset: record.offset });
      clock.observeSlot(BigInt(entry.slot));
    }
  }
  indexTokenAccounts(svm, tokens);

  const journal = new Journal(dir, Math.max(loaded.segment, (segments.at(-1) ?? -1) + 1), {
    degraded: (err, retryInMs) =>
      log.error(`ledger journal cannot write (${err.message}); writes refused, retrying in ${retryInMs} ms`),
    recovered: (downMs) => log.warn(`ledger journal writes again after ${downMs} ms`),
  });
  const checkpoints = new CheckpointRetry();
  const sink: EntrySink = {
    append: (_entry, bytes) => {
      const { segment, offset, durable } = journal.append(bytes);
      return { location: { segment, offset }, durable };
    },
    get healthy() {
      return journal.healthy;
    },
    status: () => ({ journal: journal.status, checkpoint: checkpoints.status }),
  };

  let checkpointing: Promise<void> | null = null;
  const checkpoint = async () => {
    if (!ledger.dirty || checkpointing) return checkpointing ?? undefined;
    const run = async () => {
      // Same tick: rotate and snapshot, so the state is exactly the segments below `segment`.
      // A rotation that fails changes nothing (the journal goes on in its segment); a
      // snapshot that fails after it leaves a checkpoint-less segment boundary, which the
      // next checkpoint covers.
      const segment = journal.rotateSync();
      ledger.dirty = false;
      let tmp: string | null = null;
      try {
        tmp = saveCheckpointTemp(svm, dir, segment);
        await publishCheckpoint(dir, tmp, segment);
      } catch (err) {
        ledger.dirty = true;
        if (tmp) fs.rmSync(tmp, { force: true });
        throw err;
      }
    };
    checkpointing = run()
      .then(
        () => checkpoints.succeeded(log),
        (err: unknown) => checkpoints.failed(err, log, () => void checkpoint()),
      )
      .finally(() => {
        checkpointing = null;
      });
    return checkpointing;
  };
  const timer = setInterval(() => void checkpoint(), Math.max(options.checkpointIntervalMs, 100));
  timer.unref();

  ledger.persistTo({
    sink,
    checkpoint,
    close: async () => {
      clearInterval(timer);
      checkpoints.stop();
      await checkpointing;
      await checkpoint();
      await journal.close();
    },
  });
  return ledger;
}

/** Fills the token index from every account of both token programs (once, at start-up). */
function indexTokenAccounts(svm: LiteSVM, tokens: TokenIndex): void {
  for (const program of TOKEN_PROGRAM_IDS) {
    for (const entry of nativeOf(svm).getProgramAccounts(bs58.decode(program))) {
      const account = entry.account();
      const addr = bs58.encode(entry.address);
      tokens.update(addr, {
        address: addr,
        lamports: account.lamports(),
        owner: program,
        executable: account.executable(),
        data: account.data(),
      });
    }
  }
}

/** Re-executes a journaled transaction with the checks that could differ on a second run
 * relaxed (signatures were verified the first time; its blockhash has long expired). */
function replay(ledger: LiteSvmLedger, svm: LiteSVM, entry: JournalEntry, warn: (m: string) => void): void {
  const wire = new Uint8Array(Buffer.from(entry.wire, "base64"));
  const parsed = parseWire(wire);
  if (!parsed) {
    warn(`journal entry ${entry.sig} could not be decoded; skipped`);
    return;
  }
  svm.withSigverify(false);
  try {
    const outcome = ledger.execute(parsed, wire, { slot: BigInt(entry.slot), ts: entry.ts });
    const failedNow = !outcome.committed || outcome.entry.err !== null;
    if (failedNow !== (entry.err !== null)) warn(`replay of ${entry.sig} diverged from the journal`);
  } finally {
    svm.withSigverify(true);
  }
}
