import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVaultMatchesCurve, launch, member, tokensOf } from "../../../../tests/support/market";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { openTestDatabase } from "../../../../tests/support/test-database";
import { createAiEngine } from "../../ai/index";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { openLedger } from "../../ledger/index";
import type { Ledger } from "../../ledger/ledger";

// Same code on devnet: a second server whose SOLANA_RPC_URL is the first one's /rpc opens a
// market and trades through JSON-RPC (the RPC ledger), as it would against devnet.

const SOL = 1_000_000_000n;
let chainHost: TestApp;
let remote: { url: string; ledger: Ledger; close(): Promise<void> };

beforeAll(async () => {
  chainHost = await startTestApp({ RATE_LIMITS: "off" });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-rpc-market-"));
  const rpcUrl = `${chainHost.url}/rpc`;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PORT: "0",
    RATE_LIMITS: "off",
    SOLANA_RPC_URL: rpcUrl,
  });
  const testDb = await openTestDatabase(dataDir);
  const ledger = await openLedger({ dataDir, rpcUrl, checkpointIntervalMs: 60_000 });
  const app = await buildApp({
    config,
    database: testDb.database,
    ledger,
    ai: createAiEngine(config),
    clientRoot: path.join(dataDir, "no-client"),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  remote = {
    url: `http://127.0.0.1:${port}`,
    ledger,
    async close() {
      await app.close();
      await ledger.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});
afterAll(async () => {
  await remote?.close();
  await chainHost?.close();
});

describe("market over the RPC ledger", () => {
  it("opens a market at launch and trades both ways through another server's /rpc", {
    timeout: 120_000,
  }, async () => {
    expect(remote.ledger.info.kind).toBe("rpc");
    const creator = await member(remote.url, remote.ledger, "rpc_creator", 5n * SOL);
    const mint = await launch(creator, "RPCM", "1000000", { curveShareBps: 8000 });
    // An RPC of one's own (its URL names no public cluster): no public explorer sees it, so the
    // token's explorer link is its own page, as on the embedded ledger.
    const ledgerInfo = await creator.c.get<{ cluster: string; explorer: string }>("/api/ledger");
    expect(ledgerInfo.body).toMatchObject({ cluster: "custom", explorer: "none" });
    const token = await creator.c.get<{ token: { explorerUrl: string } }>(`/api/tokens/${mint}`);
    expect(token.body.token.explorerUrl).toBe(`/token/${mint}`);
    const fan = await member(remote.url, remote.ledger, "rpc_fan", 5n * SOL);
    const buy = await fan.c.post<{ tokensOut: string }>(`/api/market/${mint}/buy`, {
      solIn: (SOL / 10n).toString(),
      minTokensOut: "1",
      idempotencyKey: "rpc-buy",
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    // The chain host sees the tokens too: the trade landed on its ledger.
    expect(await tokensOf(chainHost.deps.ledger, fan.wallet, mint)).toBe(BigInt(buy.body.tokensOut));
    const sell = await fan.c.post(`/api/market/${mint}/sell`, {
      tokensIn: (BigInt(buy.body.tokensOut) / 2n).toString(),
      minSolOut: "1",
      idempotencyKey: "rpc-sell",
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    const rent = await remote.ledger.minimumBalanceForRentExemption(0);
    await expectVaultMatchesCurve(fan.c, chainHost.deps.ledger, mint, rent);
  });
});
