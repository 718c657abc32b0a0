import pg from "pg";
import { vi } from "vitest";
import { PgliteThread } from "../../src/server/db/pglite-client";

/** Watches the SQL the in-process test server sends (PGlite or PostgreSQL): every statement
 * still runs, the spy only records its text. */
export function watchQueries() {
  const pglite = vi.spyOn(PgliteThread.prototype, "query");
  const postgres = vi.spyOn(pg.Pool.prototype, "query");
  const texts = () =>
    [...pglite.mock.calls, ...postgres.mock.calls].map(([sql]) =>
      typeof sql === "string" ? sql : String((sql as { text?: string }).text ?? sql),
    );
  return {
    /** The statements sent since the last `reset`. */
    texts,
    /** The reads among them (a write queued behind an earlier response may land meanwhile). */
    reads: () => texts().filter((sql) => /^\s*select\b/i.test(sql)),
    reset() {
      pglite.mockClear();
      postgres.mockClear();
    },
    stop() {
      pglite.mockRestore();
      postgres.mockRestore();
    },
  };
}
