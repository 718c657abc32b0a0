import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgliteThread } from "./pglite-client";

let db: PgliteThread;
beforeAll(async () => {
  db = await PgliteThread.start({ dataDir: null });
  await db.query("create table t (id int primary key, note text)");
});
afterAll(async () => db?.close());

describe("PGlite on its own thread", () => {
  it("answers queries in object and array row modes, in the order they were sent", async () => {
    const writes = [1, 2, 3].map((id) => db.query("insert into t values ($1, $2)", [id, `n${id}`]));
    const read = db.query<{ id: number; note: string }>("select id, note from t order by id");
    await Promise.all(writes);
    expect((await read).rows).toEqual([
      { id: 1, note: "n1" },
      { id: 2, note: "n2" },
      { id: 3, note: "n3" },
    ]);
    const arrays = await db.query("select id from t where id = $1", [2], { rowMode: "array" });
    expect(arrays.rows).toEqual([[2]]);
  });

  it("plans every statement for its values (no generic plan kept from a small table)", async () => {
    const mode = await db.query<{ plan_cache_mode: string }>("show plan_cache_mode");
    expect(mode.rows).toEqual([{ plan_cache_mode: "force_custom_plan" }]);
  });

  it("rejects with the SQLSTATE and constraint callers branch on", async () => {
    const err = await db.query("insert into t values (1, 'again')").catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "23505", constraint: "t_pkey" });
  });

  it("rolls a failed transaction back and keeps other queries out of it", async () => {
    const failing = db.transaction(async (tx) => {
      await tx.query("insert into t values (10, 'inside')");
      throw new Error("changed my mind");
    });
    const outside = db.query("insert into t values (11, 'outside')");
    await expect(failing).rejects.toThrow("changed my mind");
    await outside;
    const ids = (await db.query<{ id: number }>("select id from t where id >= 10 order by id")).rows;
    expect(ids.map((r) => r.id)).toEqual([11]);
  });
});
