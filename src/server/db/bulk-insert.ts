import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import type { Database } from "./client";

/** Row counts whose SQL text is kept; a larger batch composes its text each time. */
const CACHED_SIZES = 64;

/** A multi-row INSERT of complete rows (every column set, as `$inferSelect`), its SQL text
 * written from the Drizzle schema once per row count. Drizzle's builder spends ~130 µs a row
 * composing that same text on the event loop, the largest database cost of a launch. Each
 * value goes through its column's own driver mapping, as Drizzle's would. */
export function bulkInsert<T extends Table>(database: Pick<Database, "execute">, table: T) {
  const statement = bulkInsertStatement(table);
  return (rows: Array<T["$inferSelect"]>): Promise<void> => {
    const { text, params } = statement(rows);
    return database.execute(text, params);
  };
}

/** The same INSERT as text and parameters ($1 first), to compose into a larger statement. */
export function bulkInsertStatement<T extends Table>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  const head = `insert into "${getTableName(table)}" (${columns.map(([, c]) => `"${c.name}"`).join(", ")}) values `;
  const texts: string[] = [];
  const textFor = (rows: number): string => {
    const cached = texts[rows];
    if (cached) return cached;
    const tuples = Array.from(
      { length: rows },
      (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(", ")})`,
    );
    const text = head + tuples.join(", ");
    if (rows <= CACHED_SIZES) texts[rows] = text;
    return text;
  };
  return (rows: Array<T["$inferSelect"]>): { text: string; params: unknown[] } => {
    const params: unknown[] = [];
    for (const row of rows)
      for (const [key, column] of columns) {
        const value = (row as Record<string, unknown>)[key];
        params.push(value === null || value === undefined ? null : column.mapToDriverValue(value));
      }
    return { text: textFor(rows.length), params };
  };
}
