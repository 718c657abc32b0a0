import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import type { QueryResult } from "./pglite-protocol";

// PGlite's `query()` sends each query as six protocol calls into Postgres (parse, describe,
// bind, describe, execute, sync), and Postgres parses and analyses the text every time. The
// server sends the same few hundred statements over and over, so each text is parsed once as
// a named prepared statement and every later run is one call: bind, describe, execute, sync.
// Results are read by PGlite's own `parseResults`, as `query()` reads them.
// docs/decisions/017-prepared-statements.md.

const { serialize } = protocol;

/** Postgres answers these when a kept statement no longer fits the schema (a migration or a
 * test's DDL changed a table under it) or was dropped: parsed again, the query runs. */
const STALE_STATEMENT = new Set(["0A000", "26000"]);

/** Names are unique in the process: two sets over one database never collide. */
let nextName = 1;

interface Statement {
  name: string;
  paramTypes: number[];
}

export class PreparedStatements {
  /** By text, least recently used first (a Map keeps insertion order). */
  private readonly statements = new Map<string, Statement>();
  /** Statements evicted from the map, closed in Postgres with the next parse. */
  private closing: string[] = [];

  constructor(
    private readonly db: PGlite,
    /** Drizzle writes `in ($1, ..., $n)` for lists, a text per length: the rest are evicted. */
    private readonly capacity = 1000,
  ) {}

  get size(): number {
    return this.statements.size;
  }

  /** Runs one statement (PGlite's exclusive lock held throughout, as `query()` holds it). */
  run(sql: string, params: unknown[] = [], rowMode: "array" | "object" = "object"): Promise<QueryResult> {
    return this.db.runExclusive(async () => {
      try {
        return await this.execute(await this.prepared(sql), params, rowMode);
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        if (typeof code !== "string" || !STALE_STATEMENT.has(code) || !this.forget(sql)) throw err;
        return this.execute(await this.prepared(sql), params, rowMode);
      }
    });
  }

  private async prepared(sql: string): Promise<Statement> {
    const known = this.statements.get(sql);
    if (known) {
      this.statements.delete(sql);
      this.statements.set(sql, known);
      return known;
    }
    const name = `s${nextName++}`;
    const closes = this.closing.map((old) => serialize.close({ type: "S", name: old }));
    this.closing = [];
    // The file system is Node's or memory: PGlite's sync to it does nothing for either.
    const messages = await this.db.execProtocolStream(
      concat([
        ...closes,
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(sql, statement);
    if (this.statements.size > this.capacity) {
      const [oldest] = this.statements;
      if (oldest) {
        this.statements.delete(oldest[0]);
        this.closing.push(oldest[1].name);
      }
    }
    return statement;
  }

  private async execute(
    statement: Statement,
    params: unknown[],
    rowMode: "array" | "object",
  ): Promise<QueryResult> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.db.serializers[statement.paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.db.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const [result] = parse.parseResults(messages, this.db.parsers, { rowMode });
    if (!result) throw new Error("the database answered no result");
    return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
  }

  /** Drops a statement Postgres no longer accepts; false when it was not a kept one. */
  private forget(sql: string): boolean {
    const statement = this.statements.get(sql);
    if (!statement) return false;
    this.statements.delete(sql);
    this.closing.push(statement.name);
    return true;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
