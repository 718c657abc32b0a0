import { safeError } from "../lib/safe-error";

// What callers need from a database error, the same for node-postgres and PGlite (both expose
// the SQLSTATE fields; Drizzle wraps the driver's error as `cause`).

/** PostgreSQL unique violation, optionally of one named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint;
  return code === "23505" && (!constraint || name === constraint);
}

/** A failed query, for a log line: class, SQLSTATE, constraint. Never Drizzle's message
 * ("Failed query: <sql> params: ...") nor the driver's (it can quote the values). */
export function databaseMessage(err: unknown): string {
  return safeError(err).message;
}
