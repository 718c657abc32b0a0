// Messages between the server and the PGlite thread (see pglite-thread.ts).

export interface ThreadSetup {
  /** null: an in-memory database. */
  dataDir: string | null;
}

export type ThreadRequest =
  | { id: number; op: "query"; sql: string; params: unknown[] | undefined; rowMode: "array" | "object" }
  | { id: number; op: "close" };

export interface QueryResult {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

export interface ThreadError {
  message: string;
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
  column?: string;
}

/** Requests made in one turn of the server's loop travel together, and so do the replies
 * ready in one turn of the thread's: one message each way rather than one per query. */
export type ThreadRequestBatch = ThreadRequest[];
export type ThreadReplyBatch = ThreadReply[];

/** id 0 answers start-up: ok once the database is open. */
export type ThreadReply =
  | { id: number; ok: true; result: QueryResult | null }
  | { id: number; ok: false; error: ThreadError };
