import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";

// A browser app on another origin (the Solana Explorer with a custom RPC URL, a dapp under
// development) reads the embedded chain through /rpc, as it would a public RPC node; the same
// page cannot read the platform's own API. Chromium enforces CORS here, not a header check.

let server: RunningServer;
let browser: Browser;
// A bare page on its own origin, standing for the other app (no CSP of ours applies to it).
const dapp = http.createServer((_req, res) => res.end("<!doctype html><title>Another app</title>"));

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(),
    launchBrowser(),
    new Promise<void>((resolve) => dapp.listen(0, "127.0.0.1", resolve)),
  ]);
});
afterAll(async () => {
  dapp.close();
  await browser?.close();
  await server?.stop();
});

describe("/rpc from another origin", () => {
  it("answers a cross-origin JSON-RPC call with web3.js's headers, and keeps /api closed", async () => {
    const context = await browser.newContext();
    const { page } = await openPage(context);
    await page.goto(`http://127.0.0.1:${(dapp.address() as AddressInfo).port}/`);
    const target = server.url;
    const outcome = await page.evaluate(async (base) => {
      const rpc = await fetch(`${base}/rpc`, {
        method: "POST",
        headers: { "content-type": "application/json", "solana-client": "js/1.0.0" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getVersion" }),
      }).then((r) => r.json());
      const api = await fetch(`${base}/api/ledger`).then(
        () => "readable",
        (e: Error) => e.name,
      );
      return { rpc, api };
    }, target);
    expect(outcome.rpc).toMatchObject({
      jsonrpc: "2.0",
      id: 1,
      result: { "solana-core": expect.any(String) },
    });
    expect(outcome.api).toBe("TypeError"); // blocked by the browser: no CORS on the API
    await context.close();
  });
});
