import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreparedStatements } from "./pglite-statements";

// Kept statements answer exactly what PGlite's own query() answers, errors included, and
// survive what would make a kept statement stale: eviction, schema changes, a rolled-back
// transaction.

let db: PGlite;
beforeAll(async () => {
  // The server's parsers: timestamps stay text (Drizzle maps them itself).
  db = await PGlite.create(undefined, { parsers: { 1184: (v: string) => v } });
  await db.exec(
    `create table t (id int primary key, note text, big bigint, at timestamptz, doc jsonb, ok boolean, tags text[])`,
  );
});
afterAll(async () => db?.close());

describe("prepared statements on PGlite", () => {
  it("answers as query() does: rows, fields, affected rows, both row modes, every type the server uses", async () => {
    const statements = new PreparedStatements(db);
    const insert = "insert into t values ($1, $2, $3, $4, $5, $6, $7) returning *";
    const params = [
      1,
      "n1",
      9_007_199_254_740_993n,
      "2026-11-27T10:00:00Z",
      { a: [1, "x"] },
      true,
      ["p", "q"],
    ];
    const ours = await statements.run(insert, params);
    await db.query("delete from t");
    const theirs = await db.query(insert, params);
    expect(ours).toEqual({ rows: theirs.rows, fields: theirs.fields, affectedRows: theirs.affectedRows });
    expect(ours.rows[0]).toMatchObject({
      big: 9_007_199_254_740_993n,
      at: "2026-11-27 10:00:00+00",
      doc: { a: [1, "x"] },
    });

    const nulls = await statements.run("insert into t values ($1, $2) returning note, big", [2, null]);
    expect(nulls.rows).toEqual([{ note: null, big: null }]);
    const update = await statements.run("update t set note = $1 where id >= $2", ["u", 1]);
    expect(update.affectedRows).toBe(2);
    const arrays = await statements.run("select id, note from t where id = $1", [2], "array");
    expect(arrays.rows).toEqual([[2, "u"]]);
    // Run again, the kept statement answers the same.
    expect((await statements.run("select id, note from t where id = $1", [2], "array")).rows).toEqual([
      [2, "u"],
    ]);
    expect(statements.size).toBe(4);
  });

  it("rejects with SQLSTATE and constraint, and the statement stays usable", async () => {
    const statements = new PreparedStatements(db);
    const insert = "insert into t (id, note) values ($1, $2)";
    const err = await statements.run(insert, [1, "again"]).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "23505", constraint: "t_pkey" });
    await statements.run(insert, [3, "fine"]);
    const syntax = await statements.run("selec 1").catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: "42601" });
    expect((await statements.run("select note from t where id = $1", [3])).rows).toEqual([{ note: "fine" }]);
  });

  it("closes what it evicts, and an evicted text is parsed again", async () => {
    const count = async () =>
      (await db.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0]?.n ??
      0;
    const before = await count();
    const statements = new PreparedStatements(db, 2);
    const texts = ["select 1 as v", "select 2 as v", "select 3 as v", "select 4 as v"];
    for (const sql of [...texts, ...texts]) await statements.run(sql);
    expect((await statements.run("select 1 as v")).rows).toEqual([{ v: 1 }]);
    expect(statements.size).toBe(2);
    // Evicted statements are closed with the next parse: Postgres keeps at most capacity + those.
    expect((await count()) - before).toBeLessThanOrEqual(3);
  });

  it("parses again when the schema changed under a kept statement", async () => {
    const statements = new PreparedStatements(db);
    await db.exec("create table s (id int primary key); insert into s values (1)");
    expect((await statements.run("select * from s")).rows).toEqual([{ id: 1 }]);
    await db.exec("alter table s add column label text default 'new'");
    expect((await statements.run("select * from s")).rows).toEqual([{ id: 1, label: "new" }]);
  });

  it("keeps working across a transaction rolled back after an error", async () => {
    const statements = new PreparedStatements(db);
    await statements.run("BEGIN");
    await statements.run("insert into t (id, note) values ($1, $2)", [20, "inside"]);
    await expect(
      statements.run("insert into t (id, note) values ($1, $2)", [20, "dup"]),
    ).rejects.toMatchObject({
      code: "23505",
    });
    await statements.run("ROLLBACK");
    await statements.run("insert into t (id, note) values ($1, $2)", [21, "after"]);
    const ids = await statements.run("select id from t where id >= $1 order by id", [20]);
    expect(ids.rows).toEqual([{ id: 21 }]);
  });
});
