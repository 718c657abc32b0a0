import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, member } from "../../../../tests/support/market";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// A transfer's idempotency key: a retry after a lost answer gets the same transfer, never a
// second one; the key with another amount or recipient is refused, as trades' keys are.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("transfer idempotency", () => {
  it("answers the same transfer again under its key, and refuses another under it", async () => {
    const sender = await member(t.url, t.deps.ledger, "key_sender", 2_000_000_000n);
    const fan = await member(t.url, t.deps.ledger, "key_receiver", 0n);
    const mint = await launch(sender, "GIFT", "1000000");
    const path = `/api/tokens/${mint}/transfer`;
    const first = await sender.c.post<{ signature: string }>(path, {
      to: fan.wallet,
      amount: "2",
      idempotencyKey: "gift-0001",
    });
    expect(first.status).toBe(200);
    // The same transfer asked again (the recipient by name this time): answered, not sent twice.
    const again = await sender.c.post<{ signature: string }>(path, {
      to: "key_receiver",
      amount: "2",
      idempotencyKey: "gift-0001",
    });
    expect([again.status, again.body.signature]).toEqual([200, first.body.signature]);
    for (const changed of [
      { to: fan.wallet, amount: "3" },
      { to: sender.wallet, amount: "2" },
    ]) {
      const other = await sender.c.post<{ code: string }>(path, { ...changed, idempotencyKey: "gift-0001" });
      expect([other.status, other.body.code], JSON.stringify(changed)).toEqual([
        409,
        "IDEMPOTENCY_KEY_REUSED",
      ]);
    }
    const balances = await fan.c.get<Array<{ balance: string }>>("/api/user/token-balances");
    expect(balances.body.map((b) => b.balance)).toEqual(["2"]);
  });
});
