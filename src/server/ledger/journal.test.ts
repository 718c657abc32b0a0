import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Journal, listSegments, readSegment, segmentPath } from "./journal";

const record = (text: string) => new TextEncoder().encode(text);

describe("journal", () => {
  it("keeps records across a rotation, each segment readable on its own", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "journal-"));
    const journal = new Journal(dir, 0);
    await journal.append(record("one")).durable;
    expect(journal.rotateSync()).toBe(1);
    await journal.append(record("two")).durable;
    await journal.close();
    expect(listSegments(dir)).toEqual([0, 1]);
    const texts = [0, 1].map((s) =>
      readSegment(dir, s).records.map((r) => new TextDecoder().decode(r.payload)),
    );
    expect(texts).toEqual([["one"], ["two"]]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("goes on in its segment when the next cannot be opened, never writing into another file; rotates once it can", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "journal-"));
    const journal = new Journal(dir, 0);
    await journal.append(record("before")).durable;
    const kept = fs.readFileSync(segmentPath(dir, 0)); // the folder goes; the open segment stays
    fs.rmSync(dir, { recursive: true, force: true }); // the next segment cannot be created
    expect(() => journal.rotateSync()).toThrow();
    expect(journal.segment).toBe(0);
    expect(journal.healthy).toBe(true);
    // A file opened now may get any free descriptor number, including one the journal let go.
    const other = path.join(os.tmpdir(), `journal-other-${process.pid}-${Date.now()}`);
    const fd = fs.openSync(other, "a");
    const after = journal.append(record("after"));
    await after.durable;
    expect(after.segment).toBe(0);
    fs.closeSync(fd);
    expect(fs.readFileSync(other).length).toBe(0);
    fs.rmSync(other, { force: true });
    // The folder is back (an operator freed the disk): the next rotation works.
    fs.mkdirSync(dir);
    fs.writeFileSync(segmentPath(dir, 0), kept);
    expect(journal.rotateSync()).toBe(1);
    await journal.append(record("next")).durable;
    await journal.close();
    expect(readSegment(dir, 1).records.map((r) => new TextDecoder().decode(r.payload))).toEqual(["next"]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("frames records with the standard CRC-32, so journals written by earlier versions still read", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "journal-"));
    const journal = new Journal(dir, 0);
    await journal.append(record("123456789")).durable;
    await journal.close();
    const frame = fs.readFileSync(segmentPath(dir, 0));
    expect(frame.readUInt32LE(0)).toBe(9);
    expect(frame.readUInt32LE(4)).toBe(0xcbf43926); // CRC-32/IEEE check value of "123456789"
    // A frame written by hand (as any earlier version did) reads back; a flipped bit does not.
    const known = Buffer.concat([Buffer.from([3, 0, 0, 0]), Buffer.alloc(4), Buffer.from("abc")]);
    known.writeUInt32LE(0x352441c2, 4); // CRC-32 of "abc"
    fs.writeFileSync(
      segmentPath(dir, 1),
      Buffer.concat([known, Buffer.from(known.map((b, i) => (i === 9 ? b ^ 1 : b)))]),
    );
    expect(readSegment(dir, 1).records.map((r) => new TextDecoder().decode(r.payload))).toEqual(["abc"]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
