import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";

// Limit counters shared by every API node on one PostgreSQL (decision 012); unused on PGlite,
// where the limits stay in the process. Times are milliseconds since the epoch.
export const sharedLimits = pgTable(
  "shared_limits",
  {
    /** The limit's table and key: `login-ip:10.0.0.1`. */
    key: text("key").primaryKey(),
    /** Hits in the fixed window, or failures in a row. */
    count: integer("count").notNull().default(0),
    /** The streak's last failure. */
    lastMs: bigint("last_ms", { mode: "number" }).notNull().default(0),
    /** Past this the row means nothing (the window ended, the streak was forgotten). */
    expiresMs: bigint("expires_ms", { mode: "number" }).notNull(),
    /** A sliding window's hits, oldest first (only the newest few are kept). */
    hits: bigint("hits", { mode: "number" }).array().notNull().default([]),
  },
  (t) => [index("shared_limits_expires").on(t.expiresMs)],
);
