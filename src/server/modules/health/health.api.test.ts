import { HealthSchema } from "@shared/schemas/health";
import { LedgerInfoSchema } from "@shared/schemas/ledger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// The two status routes answer through their response schemas (strict in tests: an
// undeclared field would be a 500).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("status routes", () => {
  it("GET /api/health names each part and its state", async () => {
    const res = await new Client(t.url).get("/api/health");
    expect(res.status).toBe(200);
    const health = HealthSchema.parse(res.body);
    expect(health.status).toBe("ok");
    expect(health.database).toEqual({ kind: t.deps.database.kind, ok: true });
    expect(health.ledger).toMatchObject({ kind: "embedded", ok: true });
    expect(BigInt(health.ledger.slot ?? "-1")).toBeGreaterThanOrEqual(0n);
    // One node alone leads and runs the background work (PostgreSQL: it won the lock).
    expect(health.node).toMatchObject({ leader: true, terms: 1, indexerRunning: true, minterRunning: true });
    // One database of this process's own (PGlite) or one PostgreSQL: how changes travel.
    expect(health.node.changesVia).toBe(t.deps.database.kind === "postgres" ? "postgres" : "process");
    expect(health.indexer.role).toBe("leader");
    // The leader pays owed creator fees; nothing failed, so nothing to say.
    expect(health.creatorFeePayouts).toEqual({ ok: true, running: true });
    expect(health.node.changesShared).toBe(t.deps.database.kind === "postgres");
  });

  it("GET /api/ledger says which chain this is", async () => {
    const res = await new Client(t.url).get("/api/ledger");
    expect(res.status).toBe(200);
    expect(LedgerInfoSchema.parse(res.body)).toMatchObject({ kind: "embedded", explorer: "none" });
  });
});
