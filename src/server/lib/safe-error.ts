/** What the logs may say about an error: its classes, codes (SQLSTATE too), the schema names
 * the database reported, and where it was thrown. Never its message or fields: a failed
 * query's message carries the query parameters (chat text, notes, ids), a driver's `detail`
 * the conflicting values, and any message may quote user input. */
export type SafeError = {
  type: string;
  /** The fields above in a line (not the error's own message). */
  message: string;
  code?: string;
  sqlState?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack: string;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

export function safeError(err: unknown): SafeError {
  const types: string[] = [];
  const out: Omit<SafeError, "type" | "message" | "stack"> = {};
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current !== null && current !== undefined; depth++) {
    if (typeof current !== "object") {
      types.push(typeof current);
      break;
    }
    const e = current as Record<string, unknown>;
    types.push(
      current.constructor?.name && current.constructor.name !== "Object" ? current.constructor.name : "Error",
    );
    const code = typeof e.code === "string" || typeof e.code === "number" ? String(e.code) : undefined;
    if (code && SQLSTATE.test(code)) out.sqlState ??= code;
    else if (code) out.code ??= code;
    for (const field of ["constraint", "table", "column"] as const) {
      const value = e[field];
      if (typeof value === "string") out[field] ??= value;
    }
    current = e.cause;
  }
  const type = types.join(" <- ");
  const message = [type, out.sqlState && `SQLSTATE ${out.sqlState}`, out.code, out.constraint]
    .filter(Boolean)
    .join(" ");
  const stack = err instanceof Error && typeof err.stack === "string" ? stackFrames(err.stack) : "";
  return { type, message, ...out, stack };
}

// The stack minus its first lines, which repeat the message.
function stackFrames(stack: string): string {
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .join("\n");
}

/** An error for a warning about a background job or connection, or a health `detail`: its
 * classes and codes (`safeError`'s line, e.g. "DatabaseError SQLSTATE 57P01", "Error
 * ECONNREFUSED"). Never its message: a driver's message can quote a query's values, a
 * server's the text it was sent. */
export function errorText(err: unknown): string {
  return safeError(err).message;
}
