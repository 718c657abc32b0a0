import bs58 from "bs58";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { expectToast, serverEnv } from "./support/env";
import { addTestWallet, createTestWalletKey, type TestWalletKey } from "./support/test-wallet";

// Sign-in with a Wallet Standard wallet registered in the page the way extensions register
// (window events), signing with a real ed25519 key: no bare address ever logs anyone in.
describe("wallet sign-in and launch through a Wallet Standard wallet", () => {
  let server: RunningServer;
  let browser: Browser;
  let key: TestWalletKey;

  beforeAll(async () => {
    server = await startServer(serverEnv());
    browser = await launchBrowser();
    key = await createTestWalletKey();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("signs in on /auth with the wallet's signature; a replayed signature and a bare address are refused", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, assertClean } = await openPage(context);
    await addTestWallet(page, key);

    await page.goto(`${server.url}/auth?tab=wallet`);
    await page.getByText("Test Wallet", { exact: true }).waitFor();

    // The address field checks its input, and never signs anyone in on its own.
    await page.getByLabel("Wallet address").fill("tooShort");
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await page.getByText("Invalid wallet address").waitFor();
    await page.getByLabel("Wallet address").fill("");

    await page.getByRole("button", { name: "Connect Test Wallet" }).click();
    await expectToast(page, "Connected!");
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole("heading", { name: "My Token Portfolio" }).waitFor();
    await page.getByText("No Tokens Yet").waitFor();
    const shortName = `${key.address.slice(0, 4)}…${key.address.slice(-4)}`;
    expect(await page.getByTestId("account-name").textContent()).toBe(shortName);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "null"));
    expect(stored.wallets).toEqual([{ publicKey: key.address, kind: "external" }]);
    if (process.env.E2E_SHOTS)
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/wallet-dashboard.png` });

    // Replaying the exact message and signature the wallet produced: refused (nonce burnt).
    const signed = await page.evaluate(() => window.__testWallet?.signedMessages ?? []);
    expect(signed).toHaveLength(1);
    const first = signed[0];
    if (!first) throw new Error("no signed message");
    expect(first.message).toContain(key.address);
    const headers = { origin: server.url, "content-type": "application/json" };
    const replay = await page.request.post(`${server.url}/api/auth/wallet`, {
      headers,
      data: {
        walletAddress: key.address,
        message: first.message,
        signature: bs58.encode(Uint8Array.from(first.signature)),
      },
    });
    expect(replay.status()).toBe(401);

    // A bare address (no message, no signature) is not a login either.
    const bare = await page.request.post(`${server.url}/api/auth/wallet`, {
      headers,
      data: { walletAddress: key.address },
    });
    expect(bare.status()).toBeGreaterThanOrEqual(400);
    expect(bare.status()).toBeLessThan(500);

    assertClean();
    await context.close();
  });

  it("launches a token from the connected wallet: the server prepares, the wallet signs, the server submits", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, assertClean } = await openPage(context);
    const launcher = await createTestWalletKey();
    await addTestWallet(page, launcher);

    await page.goto(`${server.url}/create`);
    await page.getByRole("button", { name: "Skip: I'll fill in my token myself" }).click();
    await page.getByRole("heading", { name: "Connect Existing Wallet" }).waitFor();
    await page.getByRole("button", { name: "Connect Test Wallet" }).click();
    await expectToast(page, "Connected!");
    await page.getByText("Test Wallet", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Get Test SOL" }).click();
    await expectToast(page, "Airdrop Successful");
    await page.getByRole("button", { name: "Continue" }).click();

    const symbol = `EXT${Date.now().toString(36).slice(-5)}`.toUpperCase();
    await page.getByLabel("Token name").fill("External Launch");
    await page.getByLabel("Symbol").fill(symbol);
    // The market (on by default) is opened by the same wallet: a second approval after the launch.
    expect(await page.getByTestId("market-section").textContent()).toContain("two approvals");
    await page.getByRole("button", { name: "Create Token" }).click();
    await expectToast(page, "Market open");
    const mint = (await page.getByTestId("mint-address").textContent())?.trim() ?? "";
    expect(mint).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(await page.evaluate(() => window.__testWallet?.signedTransactions)).toBe(2);

    // The chain says 80% of the supply sits in the curve's vault and the rest in the wallet.
    const market = (await (await page.request.get(`${server.url}/api/market/${mint}`)).json()) as {
      status: string;
      vault: string;
      realTokenReserves: string;
    };
    expect(market.status).toBe("open");
    expect(market.realTokenReserves).toBe((800_000n * 10n ** 9n).toString());
    const details = await page.request.get(`${server.url}/api/tokens/${mint}`);
    const body = (await details.json()) as {
      token: { creatorWallet: string; isLaunched: boolean };
      holders: Array<{ owner: string; amount: string }>;
    };
    expect(body.token.isLaunched).toBe(true);
    expect(body.token.creatorWallet).toBe(launcher.address);
    // The vault's stock is the curve's, not a holder's (shared/holders.ts): one holder.
    expect(new Map(body.holders.map((h) => [h.owner, h.amount]))).toEqual(
      new Map([[launcher.address, "200000"]]),
    );

    await page.getByRole("link", { name: "View My Portfolio" }).click();
    const card = page.locator(`[data-testid="token-card"][data-symbol="${symbol}"]`);
    await card.getByText("Live", { exact: true }).waitFor();
    assertClean();
    await context.close();
  });
});
