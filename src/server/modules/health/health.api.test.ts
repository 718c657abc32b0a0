import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// GET /api/health on the real app: the database and the embedded ledger, each up, with kinds.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/health", () => {
  it("says each part is up and which kind it is", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: "ok",
      database: { kind: t.deps.database.kind, ok: true },
      ledger: { kind: "embedded", ok: true },
    });
    expect(body.ledger.slot).toMatch(/^\d+$/);
  });
});
