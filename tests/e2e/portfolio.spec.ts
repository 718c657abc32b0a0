import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import {
  contextSignedIn,
  expectToast,
  launchToken,
  memberWithWallet,
  postJson,
  serverEnv,
} from "./support/env";
import { addTestWallet, createTestWalletKey } from "./support/test-wallet";

type Holders = { holders: Array<{ owner: string; amount: string }> };

// The portfolio beyond one's own launches: a token launched from a browser wallet is sent by
// that wallet (the server prepares, the wallet signs), and a fan's dashboard shows what the
// fan holds.
describe("portfolio: launched and held tokens, transfers from a browser wallet", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);

  /** A registered user with an embedded wallet (funded when asked); returns the session cookie. */
  const member = (username: string, fund = false) =>
    memberWithWallet(server.url, username, { fund, password: "fan-pass-42" });

  beforeAll(async () => {
    server = await startServer(serverEnv());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("transfers 10.129 from a wallet that launched through Connect Existing Wallet: the wallet signs", async () => {
    const recipient = await member(`wfan_${stamp}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, assertClean } = await openPage(context);
    const key = await createTestWalletKey();
    await addTestWallet(page, key);

    // Sign in with the wallet on /auth.
    await page.goto(`${server.url}/auth?tab=wallet`);
    await page.getByRole("button", { name: "Connect Test Wallet" }).click();
    await expectToast(page, "Connected!");
    await page.waitForURL(/\/dashboard$/);

    // Launch through Connect Existing Wallet.
    await page.goto(`${server.url}/create`);
    await page.getByRole("button", { name: "Skip: I'll fill in my token myself" }).click();
    await page.getByRole("heading", { name: "Connect Existing Wallet" }).waitFor();
    await page.getByRole("button", { name: "Connect Test Wallet" }).click();
    await page.getByText("Test Wallet", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Get Test SOL" }).click();
    await expectToast(page, "Airdrop Successful");
    await page.getByRole("button", { name: "Continue" }).click();
    const symbol = `WT${stamp.slice(-5)}`.toUpperCase();
    await page.getByLabel("Token name").fill("Wallet Transfer");
    await page.getByLabel("Symbol").fill(symbol);
    await page.getByLabel("Total supply").fill("10000000");
    // Launched without a market: the whole supply stays in the wallet (the transfer below
    // counts on it).
    await page.getByRole("checkbox", { name: /Open a market at launch/ }).uncheck();
    await page.getByRole("button", { name: "Create Token" }).click();
    await expectToast(page, "Token Created Successfully!");
    const mint = (await page.getByTestId("mint-address").textContent())?.trim() ?? "";
    expect(await page.evaluate(() => window.__testWallet?.signedTransactions)).toBe(1);

    // A fresh page load (the test wallet's log starts again at 0): the wallet has to be
    // connected again to sign.
    await page.goto(`${server.url}/dashboard`);
    const card = page.locator(`[data-testid="token-card"][data-symbol="${symbol}"]`);
    await card.getByRole("button", { name: "Transfer" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`Available: 10,000,000 ${symbol}`).waitFor();
    await dialog.getByLabel("Recipient").fill(`wfan_${stamp}`);
    // Amounts the transfer cannot take are refused in the form, each with its reason, and
    // nothing is sent: too many decimals, a comma, more than the Available shown.
    const transferCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes(`/api/tokens/${mint}/transfer`)) transferCalls.push(r.url());
    });
    const amountError = dialog.getByRole("alert");
    for (const [typed, reason] of [
      ["1.1234567891", `${symbol} has at most 9 decimals`],
      ["1,5", "Type the amount without commas, with a dot for decimals (1.5)"],
      ["10000000.000000001", `More than you hold (10,000,000 ${symbol})`],
    ] as const) {
      await dialog.getByLabel("Amount").fill(typed);
      await dialog.getByRole("button", { name: "Send" }).click();
      await amountError.filter({ hasText: reason }).waitFor();
      expect(await dialog.getByLabel("Amount").getAttribute("aria-invalid")).toBe("true");
    }
    expect(transferCalls).toEqual([]);
    await dialog.getByLabel("Amount").fill("10.129");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expectToast(page, "Transfer sent");
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => window.__testWallet?.signedTransactions)).toBe(1);

    // The chain says the recipient holds 10.129.
    // Asked in the sender's session: a reader's own transfers are on the page at once.
    const res = await page.request.get(`${server.url}/api/tokens/${mint}`);
    const body = (await res.json()) as Holders;
    expect(body.holders.find((h) => h.owner === recipient.wallet)?.amount).toBe("10.129");
    // Shown as every holding is: rounded down to two decimals.
    await card
      .getByTestId("circulating-supply")
      .filter({ hasText: /^10\.12$/ })
      .waitFor();
    assertClean();
    await context.close();
  });

  it("a refused recipient is marked on its field, which takes focus, and says why; more than held says how much is held", async () => {
    const sender = await member(`tsender_${stamp}`, true);
    const symbol = `TW${stamp.slice(-5)}`.toUpperCase();
    await launchToken(server.url, sender, { name: "Words Coin", symbol }, null);
    // An account without a wallet.
    const walletless = `tnowallet_${stamp}`;
    const reg = await postJson(server.url, "/api/register", {
      username: walletless,
      email: `${walletless}@example.com`,
      password: "fan-pass-42",
    });
    expect(reg.status).toBe(201);

    const context = await contextSignedIn(browser, server.url, sender.cookie);
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/dashboard`);
    await page
      .locator(`[data-testid="token-card"][data-symbol="${symbol}"]`)
      .getByRole("button", { name: "Transfer" })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`Available: 1,000,000 ${symbol}`).waitFor();
    const recipient = dialog.getByLabel("Recipient");
    const amount = dialog.getByLabel("Amount");
    const isFocused = (field: typeof recipient) => field.evaluate((el) => el === document.activeElement);
    /** The field's error text, read through its aria-describedby. */
    const describedBy = (field: typeof recipient) =>
      field.evaluate((el) =>
        (el.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" | "),
      );

    for (const [to, reason] of [
      ["nosuchuser_zz", 'No wallet address or user named "nosuchuser_zz"'],
      [walletless, "This user has no wallet yet. Ask them to create a wallet, or paste a wallet address"],
      [`tsender_${stamp}`, "That is your own wallet: choose another recipient"],
    ] as const) {
      await recipient.fill(to);
      await amount.fill("1");
      await amount.press("Enter");
      await dialog.getByRole("alert").filter({ hasText: reason }).waitFor();
      expect(await recipient.getAttribute("aria-invalid")).toBe("true");
      expect(await describedBy(recipient)).toContain(reason);
      await expect.poll(() => isFocused(recipient)).toBe(true);
    }

    // Over the balance, a little or past what any wallet can hold: the same words, with the balance.
    // Refused in the form, before anything is sent.
    await recipient.fill(walletless);
    for (const typed of ["200000000", "999999999999"]) {
      await amount.fill(typed);
      await amount.press("Enter");
      await dialog
        .getByRole("alert")
        .filter({ hasText: `More than you hold (1,000,000 ${symbol})` })
        .waitFor();
      expect(await amount.getAttribute("aria-invalid")).toBe("true");
    }
    assertClean([/404/, /400/]);
    await context.close();
  });

  it("a fan who signed up by email makes a wallet from the dashboard and funds it there", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/auth`);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByRole("textbox", { name: "Username" }).fill(`newfan_${stamp}`);
    await page.getByRole("textbox", { name: "Email" }).fill(`newfan_${stamp}@example.com`);
    await page.getByLabel("Password").fill("fan-pass-42");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(/\/dashboard$/);

    // No wallet yet: My Wallets makes one in one click, and the secret's backup takes focus.
    const wallets = page.getByRole("heading", { name: "My Wallets" }).locator("xpath=../..");
    await wallets.getByRole("button", { name: "Create a wallet" }).click();
    await expectToast(page, "Wallet Generated");
    await wallets.getByTestId("secret-key").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "Back up your secret key now",
    );
    await wallets.getByRole("button", { name: "Get Test SOL" }).click();
    await expectToast(page, "Airdrop Successful");
    const listed = (await (await page.request.get(`${server.url}/api/wallets`)).json()) as {
      wallets: Array<{ publicKey: string }>;
    };
    expect(listed.wallets).toHaveLength(1);
    assertClean();
    await context.close();
  });

  it("a fan who launched nothing sees the tokens they hold, with balance, share and a link", async () => {
    // Demo-like holdings, made through the API: two creators, two tokens, sent to the fan.
    const artist = await member(`artist_${stamp}`, true);
    const coach = await member(`coach_${stamp}`, true);
    const fan = await member(`fan_${stamp}`);
    const launch = async (who: typeof artist, name: string, symbol: string) => {
      const res = await postJson<{ mintAddress: string }>(
        server.url,
        "/api/tokens/create",
        { name, symbol, totalSupply: "1000000", userId: who.userId, creatorWallet: who.wallet },
        who.cookie,
      );
      expect(res.status).toBe(201);
      return res.body.mintAddress;
    };
    const art = await launch(artist, "Artist Coin", "ART");
    const biz = await launch(coach, "Business Coin", "BIZ");
    const send = async (who: typeof artist, mint: string, amount: string) =>
      expect(
        (
          await postJson(
            server.url,
            `/api/tokens/${mint}/transfer`,
            { to: `fan_${stamp}`, amount },
            who.cookie,
          )
        ).status,
      ).toBe(200);
    await send(artist, art, "1500");
    await send(coach, biz, "2500");
    // A second wallet of the fan's gets 1,000 ART more: 2,500 in all, 1,500 at most in one.
    const second = await postJson<{ wallet: { publicKey: string } }>(
      server.url,
      "/api/wallet/generate",
      {},
      fan.cookie,
    );
    const toSecond = await postJson(
      server.url,
      `/api/tokens/${art}/transfer`,
      { to: second.body.wallet.publicKey, amount: "1000" },
      artist.cookie,
    );
    expect(toSecond.status).toBe(200);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/auth`);
    await page.getByRole("textbox", { name: "Email" }).fill(fan.email);
    await page.getByLabel("Password").fill("fan-pass-42");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(/\/dashboard$/);

    await page.getByRole("heading", { name: "Holding" }).waitFor();
    const row = (symbol: string) => page.locator(`[data-testid="holding"][data-symbol="${symbol}"]`);
    expect(await row("ART").getByTestId("holding-balance").textContent()).toBe("2,500");
    expect(await row("ART").getByTestId("holding-share").textContent()).toBe("0.25%");
    expect(await row("BIZ").getByTestId("holding-balance").textContent()).toBe("2,500");
    expect(await row("BIZ").getByTestId("holding-share").textContent()).toBe("0.25%");
    expect(await page.getByText("No Tokens Yet").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Launched" }).count()).toBe(0);

    // 2,000 ART is held, but by no one wallet: a transfer comes from one, and the form says so
    // before anything is sent.
    const transferCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/transfer")) transferCalls.push(r.url());
    });
    await row("ART").getByRole("button", { name: "Transfer ART" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Recipient").fill(`artist_${stamp}`);
    await dialog.getByLabel("Amount").fill("2000");
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog
      .getByRole("alert")
      .filter({ hasText: "A transfer comes from one wallet: your largest holds 1500 ART" })
      .waitFor();
    expect(transferCalls).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    // Cancelled means gone: the next transfer starts empty.
    await row("ART").getByRole("button", { name: "Transfer ART" }).click();
    expect(await dialog.getByLabel("Recipient").inputValue()).toBe("");
    expect(await dialog.getByLabel("Amount").inputValue()).toBe("");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    // The link leads to the token's page.
    await row("BIZ").getByRole("link", { name: "View BIZ" }).click();
    await page.waitForURL(new RegExp(`/token/${biz}$`));
    await page.getByRole("heading", { name: "Business Coin" }).waitFor();
    assertClean();
    await context.close();
  });
});
