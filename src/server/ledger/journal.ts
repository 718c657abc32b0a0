import fs from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";

// The write-ahead journal of the embedded ledger: numbered segment files of framed records
// ([u32 length][u32 crc32][payload]). Appends are written synchronously (so file order is
// execution order) and made durable by group commit: one fdatasync covers every record
// written before it started, and each append's promise resolves once a sync covers it.
// A record cut short by a crash fails its length or CRC check and is dropped on reading.
// A failed write or sync is never final: the journal refuses new appends, keeps the ones
// waiting, and retries (rewriting every unsynced frame) with back-off until the disk answers.

// Checksums are zlib's native CRC-32 (IEEE): the standard value the journal has always written,
// ~20x faster than a JavaScript table loop (start-up checks every record of every segment).
const HEADER = 8;

export function segmentPath(dir: string, segment: number): string {
  return path.join(dir, `journal-${String(segment).padStart(8, "0")}.log`);
}

export function listSegments(dir: string): number[] {
  return fs
    .readdirSync(dir)
    .map((name) => /^journal-(\d{8})\.log$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

export interface StoredRecord {
  segment: number;
  offset: number;
  payload: Uint8Array;
}

/** Every intact record of a segment, in order, and the byte length they span (anything
 * after it is a torn tail). */
export function readSegment(
  dir: string,
  segment: number,
): { records: StoredRecord[]; validLength: number; size: number } {
  const bytes = fs.readFileSync(segmentPath(dir, segment));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: StoredRecord[] = [];
  let offset = 0;
  while (offset + HEADER <= bytes.length) {
    const length = view.getUint32(offset, true);
    const end = offset + HEADER + length;
    if (end > bytes.length) break;
    const payload = bytes.subarray(offset + HEADER, end);
    if (crc32(payload) !== view.getUint32(offset + 4, true)) break;
    records.push({ segment, offset, payload });
    offset = end;
  }
  return { records, validLength: offset, size: bytes.length };
}

/** Reads one record back by its position (for getTransaction of old transactions). */
export function readRecordAt(dir: string, segment: number, offset: number): Uint8Array | null {
  const fd = fs.openSync(segmentPath(dir, segment), "r");
  try {
    const header = Buffer.alloc(HEADER);
    if (fs.readSync(fd, header, 0, HEADER, offset) !== HEADER) return null;
    const length = header.readUInt32LE(0);
    const payload = Buffer.alloc(length);
    if (fs.readSync(fd, payload, 0, length, offset + HEADER) !== length) return null;
    return crc32(payload) === header.readUInt32LE(4) ? new Uint8Array(payload) : null;
  } finally {
    fs.closeSync(fd);
  }
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (err: Error) => void;
}

/** A frame written (or due to be written) that no fdatasync has covered yet. */
interface Unsynced {
  seq: number;
  offset: number;
  frame: Buffer;
}

export interface JournalEvents {
  /** The journal could not write or sync; it refuses appends and retries by itself. */
  degraded?(err: Error, retryInMs: number): void;
  recovered?(downMs: number): void;
}

export interface JournalStatus {
  writable: boolean;
  /** Set while degraded: the error that stopped writes, and since when (epoch ms). */
  error?: string;
  since?: number;
}

/** Back-off between attempts to get a degraded journal writing again. */
export const RETRY_MIN_MS = 100;
export const RETRY_MAX_MS = 5_000;

export class Journal {
  private fd: number;
  private size: number;
  private writtenSeq = 0;
  private syncedSeq = 0;
  private syncing = false;
  private waiters: Waiter[] = [];
  private unsynced: Unsynced[] = [];
  /** Set while the last write or sync failed: appends are refused until a retry succeeds. */
  private degraded: { error: Error; since: number; delayMs: number; timer: NodeJS.Timeout } | null = null;
  private closing = false;
  private closed = false;
  /** fds of rotated-out segments whose in-flight sync has not returned yet. */
  private retiring = new Set<number>();

  constructor(
    private readonly dir: string,
    private current: number,
    private readonly events: JournalEvents = {},
  ) {
    this.fd = openSegment(dir, current);
    this.size = fs.fstatSync(this.fd).size;
    fsyncDir(dir);
  }

  get segment(): number {
    return this.current;
  }

  /** Writes the record now; `durable` resolves once it is on disk. */
  append(payload: Uint8Array): { segment: number; offset: number; durable: Promise<void> } {
    if (this.degraded || this.closed) {
      const err = this.degraded?.error ?? new Error("journal closed");
      return { segment: this.current, offset: -1, durable: Promise.reject(err) };
    }
    const frame = Buffer.alloc(HEADER + payload.length);
    frame.writeUInt32LE(payload.length, 0);
    frame.writeUInt32LE(crc32(payload), 4);
    frame.set(payload, HEADER);
    const offset = this.size;
    const seq = ++this.writtenSeq;
    this.size += frame.length;
    this.unsynced.push({ seq, offset, frame });
    const durable = new Promise<void>((resolve, reject) => this.waiters.push({ seq, resolve, reject }));
    try {
      // Positional (the fd is not O_APPEND), so a retry rewrites a torn frame in place.
      writeFully(this.fd, frame, offset);
    } catch (err) {
      // The record has run in the VM already: keep it and make it durable on recovery.
      this.degrade(asError(err));
      return { segment: this.current, offset, durable };
    }
    this.kick();
    return { segment: this.current, offset, durable };
  }

  private kick(): void {
    if (this.syncing || this.syncedSeq >= this.writtenSeq || this.degraded || this.closed) return;
    this.syncing = true;
    const target = this.writtenSeq;
    const fd = this.fd;
    fs.fdatasync(fd, (err) => {
      this.syncing = false;
      // A rotated-out segment was synced by rotateSync already: its late answer changes nothing.
      if (this.retiring.delete(fd)) {
        fs.closeSync(fd);
        return;
      }
      if (err) {
        this.degrade(err);
        return;
      }
      this.settle(target);
      this.kick();
    });
  }

  private settle(upTo: number): void {
    if (upTo > this.syncedSeq) this.syncedSeq = upTo;
    this.unsynced = this.unsynced.filter((u) => u.seq > this.syncedSeq);
    const ready = this.waiters.filter((w) => w.seq <= this.syncedSeq);
    this.waiters = this.waiters.filter((w) => w.seq > this.syncedSeq);
    for (const w of ready) w.resolve();
  }

  /** Stops appends and retries with exponential back-off. Waiting appends stay queued: they
   * resolve when a retry has rewritten and synced their records. */
  private degrade(error: Error): void {
    if (this.closing) {
      this.giveUp(error);
      return;
    }
    if (this.degraded) {
      this.degraded.error = error;
      return;
    }
    const delayMs = RETRY_MIN_MS;
    this.degraded = { error, since: Date.now(), delayMs, timer: this.schedule(delayMs) };
    this.events.degraded?.(error, delayMs);
  }

  /** Not unref'd: records waiting to be made durable are work the process must not drop by
   * exiting (close() clears it). */
  private schedule(delayMs: number): NodeJS.Timeout {
    return setTimeout(() => this.retry(), delayMs);
  }

  private retry(): void {
    const state = this.degraded;
    if (!state || this.closed) return;
    if (this.syncing) {
      state.timer = this.schedule(state.delayMs);
      return;
    }
    try {
      // After a failed fsync the kernel may have dropped the dirty pages and report the next
      // fsync clean (Linux does): so every unsynced frame is written again before syncing.
      for (const u of this.unsynced) writeFully(this.fd, u.frame, u.offset);
      fs.fdatasyncSync(this.fd);
    } catch (err) {
      state.error = asError(err);
      state.delayMs = Math.min(state.delayMs * 2, RETRY_MAX_MS);
      state.timer = this.schedule(state.delayMs);
      return;
    }
    this.degraded = null;
    this.settle(this.writtenSeq);
    this.events.recovered?.(Date.now() - state.since);
  }

  get status(): JournalStatus {
    if (!this.degraded) return { writable: !this.closed };
    return { writable: false, error: publicDiskError(this.degraded.error), since: this.degraded.since };
  }

  get healthy(): boolean {
    return this.status.writable;
  }

  /** Closes the current segment (synced) and starts the next; returns the new number. Runs
   * synchronously so a checkpoint taken in the same tick matches exactly the records of the
   * segments before it. Throws, changing nothing, when it cannot: the journal then goes on
   * in the current segment and the caller tries again later. */
  rotateSync(): number {
    if (this.degraded) throw this.degraded.error;
    const old = this.fd;
    try {
      fs.fdatasyncSync(old);
    } catch (err) {
      this.degrade(asError(err));
      throw err;
    }
    this.settle(this.writtenSeq);
    // The next segment is opened before this one is let go: if it cannot be (a full disk, no
    // descriptors left), the current one stays open and in use, never a closed descriptor
    // number that another file may since have taken.
    let next: number | null = null;
    try {
      next = openSegment(this.dir, this.current + 1);
      fsyncDir(this.dir);
    } catch (err) {
      if (next !== null) fs.closeSync(next);
      throw err;
    }
    if (this.syncing) this.retiring.add(old);
    else fs.closeSync(old);
    this.current += 1;
    this.fd = next;
    this.size = 0;
    return this.current;
  }

  /** Resolves once everything appended so far is durable. */
  flush(): Promise<void> {
    if (this.syncedSeq >= this.writtenSeq) return Promise.resolve();
    const seq = this.writtenSeq;
    return new Promise<void>((resolve, reject) => this.waiters.push({ seq, resolve, reject }));
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.degraded) this.giveUp(this.degraded.error);
    else await this.flush().catch(() => undefined);
    this.closed = true;
    while (this.syncing) await new Promise((r) => setTimeout(r, 1));
    fs.closeSync(this.fd);
  }

  /** At shutdown there is no retrying: whoever still waits hears the error. */
  private giveUp(error: Error): void {
    if (this.degraded) clearTimeout(this.degraded.timer);
    for (const w of this.waiters) w.reject(error);
    this.waiters = [];
  }
}

/** Opened for positional writes (not O_APPEND, which Linux applies even to pwrite). */
function openSegment(dir: string, segment: number): number {
  return fs.openSync(segmentPath(dir, segment), fs.constants.O_WRONLY | fs.constants.O_CREAT, 0o644);
}

function writeFully(fd: number, frame: Buffer, position: number): void {
  let done = 0;
  while (done < frame.length) done += fs.writeSync(fd, frame, done, frame.length - done, position + done);
}

/** An error fit for a public health page: errno and its meaning ("EMFILE: too many open
 * files"), never the file path Node appends. */
export function publicDiskError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== "string" || !(err instanceof Error)) return "I/O error";
  return err.message.split(", ")[0] ?? code;
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/** Makes a create, rename or delete in `dir` itself durable. */
export function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
