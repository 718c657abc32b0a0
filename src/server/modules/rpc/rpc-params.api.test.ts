import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// Bad input to /rpc is the caller's mistake: -32602 (or the method's own error), never
// -32603 "Internal error", which says the server broke.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } };

async function call(method: string, params: unknown): Promise<Answer> {
  const res = await fetch(`${app.url}/rpc`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  expect(res.status).toBeLessThan(500);
  return (await res.json()) as Answer;
}

const SYSTEM = "11111111111111111111111111111111";
const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EHDSZ4xuTEGdEmM7R4nV";
const zeros = (n: number) => Buffer.alloc(n).toString("base64");

const METHODS = [
  "getHealth",
  "getVersion",
  "getSlot",
  "getBlockHeight",
  "getGenesisHash",
  "getEpochInfo",
  "getLatestBlockhash",
  "isBlockhashValid",
  "getBalance",
  "getAccountInfo",
  "getMultipleAccounts",
  "getMinimumBalanceForRentExemption",
  "getFeeForMessage",
  "getTokenSupply",
  "getTokenAccountBalance",
  "getTokenAccountsByOwner",
  "getTokenLargestAccounts",
  "sendTransaction",
  "simulateTransaction",
  "getSignatureStatuses",
  "getSignaturesForAddress",
  "getTransaction",
  "requestAirdrop",
];

const BAD_VALUES: unknown[] = [
  null,
  true,
  -1,
  1.5,
  1e300,
  "",
  "x",
  "!!!",
  "99999999999999999999",
  "18446744073709551616",
  SYSTEM,
  TOKEN_2022,
  zeros(43),
  "1".repeat(88),
  [],
  ["x"],
  [SYSTEM],
  [1],
  {},
  { encoding: 5 },
];

const BAD_CONFIGS: unknown[] = [
  "x",
  5,
  [],
  { encoding: 5 },
  { encoding: "jsonParsed" },
  { encoding: "base64" },
  { encoding: "nope" },
  { mint: 5 },
  { programId: 5 },
  { mint: "x" },
  { programId: TOKEN_2022 },
  { mint: TOKEN_2022 },
  { limit: "x" },
  { limit: 1e300 },
  { before: 5 },
  { before: "x" },
  { until: "x" },
  { maxSupportedTransactionVersion: "x" },
  { skipPreflight: true },
  { commitment: 5 },
  { searchTransactionHistory: "x" },
];

describe("JSON-RPC bad params", () => {
  it.each(METHODS)("%s never answers bad input with an internal error", async (method) => {
    const vectors: unknown[] = [[], [[]], [{}]];
    for (const value of BAD_VALUES) vectors.push([value]);
    for (const first of [SYSTEM, TOKEN_2022, "x", zeros(43), [SYSTEM]]) {
      for (const cfg of BAD_CONFIGS) vectors.push([first, cfg]);
      vectors.push([first, 1, 2]);
    }
    for (const params of vectors) {
      const answer = await call(method, params);
      if (answer.error?.code === -32603) throw new Error(`${method} ${JSON.stringify(params)}: -32603`);
    }
  });

  it("refuses a data length beyond u64 or any real account as -32602", async () => {
    for (const length of ["99999999999999999999", "18446744073709551615", 1e300, -1]) {
      const answer = await call("getMinimumBalanceForRentExemption", [length]);
      expect(answer.error?.code).toBe(-32602);
    }
    expect((await call("getMinimumBalanceForRentExemption", [0])).result).toEqual(expect.any(Number));
  });

  it("refuses an airdrop to a program as -32602", async () => {
    for (const program of [SYSTEM, "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr"]) {
      expect((await call("requestAirdrop", [program, 1_000_000_000])).error?.code).toBe(-32602);
    }
  });

  it("answers an undecodable transaction to simulateTransaction as sendTransaction does", async () => {
    for (const bytes of [zeros(43), zeros(1), zeros(300)]) {
      const sent = await call("sendTransaction", [bytes, { encoding: "base64" }]);
      const simulated = await call("simulateTransaction", [bytes, { encoding: "base64" }]);
      expect(sent.error).toMatchObject({ code: -32002, data: { err: "SanitizeFailure" } });
      expect(simulated.error).toEqual(sent.error);
    }
  });
});
