import { Journal } from "../journal";

// Child process for the disk-error test, run under a small soft file-size limit (ulimit -S -f):
// appends 1000-byte records until a write fails (EFBIG), checks that the journal then refuses
// new appends, and reports once every record it accepted is durable. The parent lifts the
// limit (prlimit) in between; the journal must recover by itself.

const dir = process.argv[2];
if (!dir) throw new Error("usage: journal-full-child.ts <dir>");
const say = (line: string) => process.stdout.write(`${line}\n`);
const journal = new Journal(dir, 0, {
  degraded: (err) => say(`DEGRADED ${(err as NodeJS.ErrnoException).code ?? err.message}`),
  recovered: () => say("RECOVERED"),
});

const record = (i: number) => new TextEncoder().encode(String(i).padStart(1000, "r"));
const durable: Promise<void>[] = [];
let i = 0;
while (journal.healthy && i < 10_000) durable.push(journal.append(record(i++)).durable);
const refused = await journal.append(record(-1)).durable.then(
  () => false,
  () => true,
);
say(`ACCEPTED ${i} REFUSED ${refused} WRITABLE ${journal.status.writable}`);
await Promise.all(durable);
say(`DURABLE ${journal.status.writable}`);
await journal.append(record(i)).durable;
await journal.close();
say("DONE");
