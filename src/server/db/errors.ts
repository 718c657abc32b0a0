// What callers need from a database error, the same for node-postgres and PGlite (both expose
// the SQLSTATE fields; Drizzle wraps the driver's error as `cause`).

/** PostgreSQL unique violation, optionally of one named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint;
  return code === "23505" && (!constraint || name === constraint);
}

/** The database's own words: Drizzle's message is "Failed query: <sql> params: ...". */
export function databaseMessage(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return cause instanceof Error ? cause.message : String(cause);
}
