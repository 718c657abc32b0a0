// The embedded database's own thread: PGlite (Postgres compiled to WASM) runs every query
// synchronously on the thread that owns it, so it lives here rather than on the server's
// event loop. Requests arrive in order and are answered in order (PGlite queues them).
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { perTurn } from "../lib/per-turn";
import { runThisThreadInBackground } from "../lib/thread-priority";
import type { ThreadReply, ThreadRequestBatch, ThreadSetup } from "./pglite-protocol";
import { PreparedStatements } from "./pglite-statements";

const port = parentPort;
if (!port) throw new Error("pglite-thread must run in a worker thread");
// Behind the event loop: it serves requests the loop has taken in (lib/thread-priority.ts).
runThisThreadInBackground();

// Drizzle keeps dates, times and intervals as the database's text and maps them itself
// (its PGlite driver passes these same parsers with every query).
const asText = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
    t,
    asText,
  ]),
);

const { dataDir } = workerData as ThreadSetup;
// Replies ready in one turn leave together (the server's loop wakes once for them).
const reply = perTurn<ThreadReply>((batch) => port.postMessage(batch));

try {
  const db = await PGlite.create(dataDir ?? undefined, { parsers });
  // Kept statements are planned for their values every run, as unnamed ones were: a generic
  // plan chosen while a table is small (or one that cannot use a partial index, such as
  // `status <> 'failed'` against a parameter) would stay while the table grows (decision 017).
  await db.exec("set plan_cache_mode = force_custom_plan");
  const statements = new PreparedStatements(db);
  port.on("message", (batch: ThreadRequestBatch) => {
    for (const req of batch) {
      if (req.op === "close") {
        void db.close().then(() => reply({ id: req.id, ok: true, result: null }));
        continue;
      }
      statements.run(req.sql, req.params, req.rowMode).then(
        (result) => reply({ id: req.id, ok: true, result }),
        (err: unknown) => reply({ id: req.id, ok: false, error: describeError(err) }),
      );
    }
  });
  reply({ id: 0, ok: true, result: null });
} catch (err) {
  reply({ id: 0, ok: false, error: describeError(err) });
}

/** What crosses back to the server: the message and SQLSTATE details callers branch on. */
function describeError(err: unknown) {
  const e = err as Record<string, unknown>;
  const text = (key: string) => (typeof e?.[key] === "string" ? (e[key] as string) : undefined);
  return {
    message: err instanceof Error ? err.message : String(err),
    code: text("code"),
    constraint: text("constraint"),
    detail: text("detail"),
    table: text("table"),
    column: text("column"),
  };
}
