import type { Worker } from "node:worker_threads";
import { perTurn } from "../lib/per-turn";
import { spawnTypeScriptWorker } from "../lib/ts-worker";
import type {
  QueryResult,
  ThreadError,
  ThreadReplyBatch,
  ThreadRequest,
  ThreadRequestBatch,
  ThreadSetup,
} from "./pglite-protocol";

/** The error a failed query rejects with: PGlite's message and SQLSTATE fields, as
 * node-postgres and PGlite report them (callers branch on `code` and `constraint`). */
export class DatabaseError extends Error {
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
  column?: string;
  constructor({ message, ...fields }: ThreadError) {
    super(message);
    this.name = "DatabaseError";
    Object.assign(this, fields);
  }
}

type Pending = { resolve: (r: QueryResult | null) => void; reject: (e: Error) => void };
interface QueryOptions {
  rowMode?: "array" | "object";
}

/** PGlite on its own thread, with the part of PGlite's client API Drizzle's driver uses
 * (query, transaction). Its WASM work would otherwise block the server's event loop for
 * every query (about 2 ms of a launch's 8 ms). */
export class PgliteThread {
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;
  /** Set while a transaction runs: other queries wait so none lands inside it. */
  private exclusive: Promise<void> | null = null;
  /** This turn's requests leave in one message (the thread runs them in this order). */
  private readonly post = perTurn<ThreadRequest>((batch: ThreadRequestBatch) =>
    this.worker.postMessage(batch),
  );

  private constructor(private worker: Worker) {
    worker.on("message", (replies: ThreadReplyBatch) => {
      for (const msg of replies) {
        const p = this.pending.get(msg.id);
        if (!p) continue;
        this.pending.delete(msg.id);
        if (msg.ok) p.resolve(msg.result);
        else p.reject(new DatabaseError(msg.error));
      }
    });
    const fail = (err: Error) => {
      this.failure ??= err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the database thread stopped (exit ${code})`)));
  }

  /** Opens PGlite under `dataDir` (in memory when null) on a new thread. */
  static async start(setup: ThreadSetup): Promise<PgliteThread> {
    const worker = spawnTypeScriptWorker(new URL("./pglite-thread.ts", import.meta.url), setup);
    const thread = new PgliteThread(worker);
    await new Promise<QueryResult | null>((resolve, reject) => thread.pending.set(0, { resolve, reject }));
    return thread;
  }

  get healthy(): boolean {
    return this.failure === null;
  }

  async query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Omit<QueryResult, "rows"> & { rows: T[] }> {
    while (this.exclusive) await this.exclusive;
    return this.send(sql, params, options) as Promise<Omit<QueryResult, "rows"> & { rows: T[] }>;
  }

  /** Runs `fn` in BEGIN/COMMIT (ROLLBACK when it throws); queries from outside wait. */
  async transaction<T>(fn: (tx: { query: PgliteThread["query"] }) => Promise<T>): Promise<T> {
    while (this.exclusive) await this.exclusive;
    let release = () => {};
    this.exclusive = new Promise((r) => (release = r));
    const tx = {
      query: ((sql: string, params?: unknown[], options?: QueryOptions) =>
        this.send(sql, params, options)) as PgliteThread["query"],
    };
    try {
      await this.send("BEGIN");
      const result = await fn(tx);
      await this.send("COMMIT");
      return result;
    } catch (err) {
      await this.send("ROLLBACK").catch(() => undefined);
      throw err;
    } finally {
      this.exclusive = null;
      release();
    }
  }

  async close(): Promise<void> {
    if (this.healthy) await this.request({ id: this.nextId++, op: "close" }).catch(() => undefined);
    await this.worker.terminate();
  }

  private send(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.request({
      id: this.nextId++,
      op: "query",
      sql,
      params,
      rowMode: options?.rowMode ?? "object",
    }) as Promise<QueryResult>;
  }

  private request(req: ThreadRequest): Promise<QueryResult | null> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.set(req.id, { resolve, reject });
      this.post(req);
    });
  }
}
