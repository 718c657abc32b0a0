import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { contextSignedIn, launchToken, memberWithWallet, postJson, serverEnv } from "./support/env";

// A bad day on the network: the page says when the server cannot be reached and recovers by
// itself once it answers; a trade whose answer was lost is said to be unknown (not "nothing
// was traded"), and pressing Buy again answers with that same trade instead of making another.

let server: RunningServer;
let browser: Browser;
const stamp = Date.now().toString(36);
const symbol = `CN${stamp.slice(-6)}`.toUpperCase();
let mint = "";
let creator: Awaited<ReturnType<typeof memberWithWallet>>;

const banner = "Can't reach the server. We keep trying, and this page updates once it answers.";
// Requests the test cuts off log as failed loads in the console.
const cutOff = [/Failed to load resource/];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(serverEnv()), launchBrowser()]);
  creator = await memberWithWallet(server.url, `cncreator_${stamp}`);
  mint = await launchToken(server.url, creator, { name: `Connection ${stamp}`, symbol });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("when the server cannot be reached", () => {
  it("says so while it lasts, and reads the page's data again once the server answers", async () => {
    const fan = await memberWithWallet(server.url, `cnfan_${stamp}`);
    const context = await contextSignedIn(browser, server.url, fan.cookie);
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/dashboard`);
    const balance = page.getByTestId("sol-balance").first();
    await balance.filter({ hasText: "2" }).waitFor();
    expect(await page.getByText(banner).count()).toBe(0);

    await page.route("**/api/**", (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Get Test SOL" }).first().click();
    await page.getByText(banner).waitFor();
    // Meanwhile the fan's balance moves (another tab, another device).
    const airdrop = await postJson(
      server.url,
      "/api/wallet/airdrop",
      { address: fan.wallet, amount: 2 },
      fan.cookie,
    );
    expect(airdrop.status).toBe(200);
    // Still cut off: "Try now" finds no server, and the banner stays.
    await page.getByRole("button", { name: "Try now" }).click();
    await page.getByText(banner).waitFor();

    await page.unroute("**/api/**");
    await page.getByRole("button", { name: "Try now" }).click();
    await page.getByText(banner).waitFor({ state: "detached" });
    // No reload: the page read the wallets again (4 SOL, not the 2 it showed).
    await balance.filter({ hasText: "4" }).waitFor();
    assertClean(cutOff);
    await context.close();
  });

  it("follows the browser going offline and online again", async () => {
    const context = await browser.newContext();
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/explore`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await context.setOffline(true);
    await page.getByText(banner).waitFor();
    await context.setOffline(false);
    await page.getByText(banner).waitFor({ state: "detached" });
    assertClean(cutOff);
    await context.close();
  });

  it("a buy whose answer was lost: said to be unknown, and pressing Buy again makes no second trade", async () => {
    const fan = await memberWithWallet(server.url, `cnbuyer_${stamp}`);
    const context = await contextSignedIn(browser, server.url, fan.cookie);
    const { page, assertClean } = await openPage(context);
    const buys: Array<{ idempotencyKey: string; minTokensOut: string }> = [];
    // The first buy reaches the server and is made; its answer never comes back.
    await page.route(`**/api/market/${mint}/buy`, async (route) => {
      buys.push(route.request().postDataJSON());
      if (buys.length > 1) return route.continue();
      await route.fetch();
      return route.abort("connectionreset");
    });
    await page.goto(`${server.url}/token/${mint}`);
    const form = page.getByTestId("trade-panel").getByRole("tabpanel");
    await form.getByLabel("Amount to spend (SOL)").fill("0.05");
    await form.getByTestId("quote-receive").filter({ hasText: symbol }).waitFor();
    await form.getByTestId("trade-submit").click();

    const failure = form.getByTestId("trade-error");
    await failure.getByText("Connection lost").waitFor();
    await failure.getByText("the trade may or may not have gone through", { exact: false }).waitFor();
    // The trade it made moved the price: the new quote is another limit for the same amount.
    await failure.getByRole("button", { name: "Get a new quote" }).click();
    await form.getByTestId("quote-receive").filter({ hasText: symbol }).waitFor();
    await form.getByTestId("trade-submit").click();
    await page
      .getByText(new RegExp(`^Bought [\\d,.]+ ${symbol}$`))
      .first()
      .waitFor();

    expect(buys).toHaveLength(2);
    expect(buys[1]?.idempotencyKey).toBe(buys[0]?.idempotencyKey);
    const trades = (await (await context.request.get(`${server.url}/api/market/${mint}/trades`)).json()) as {
      trades: Array<{ trader: string; side: string }>;
    };
    expect(trades.trades.filter((t) => t.trader === fan.wallet && t.side === "buy")).toHaveLength(1);
    assertClean(cutOff);
    await context.close();
  });

  it("a transfer whose answer was lost: said to be unknown, and sending it again sends nothing more", async () => {
    const friend = await memberWithWallet(server.url, `cnfriend_${stamp}`, { fund: false });
    const context = await contextSignedIn(browser, server.url, creator.cookie);
    const { page, assertClean } = await openPage(context);
    const sends: Array<{ idempotencyKey: string }> = [];
    await page.route(`**/api/tokens/${mint}/transfer`, async (route) => {
      sends.push(route.request().postDataJSON());
      if (sends.length > 1) return route.continue();
      await route.fetch();
      return route.abort("connectionreset");
    });
    await page.goto(`${server.url}/dashboard`);
    await page
      .locator(`[data-testid="holding"][data-symbol="${symbol}"]`)
      .getByRole("button", { name: `Transfer ${symbol}` })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Recipient").fill(`cnfriend_${stamp}`);
    await dialog.getByLabel("Amount").fill("10");
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog.getByText("the transfer may or may not have gone through", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Send" }).click();
    await page.getByText("Transfer sent").first().waitFor();

    expect(sends).toHaveLength(2);
    expect(sends[1]?.idempotencyKey).toBe(sends[0]?.idempotencyKey);
    const token = (await (await context.request.get(`${server.url}/api/tokens/${mint}`)).json()) as {
      holders: Array<{ owner: string; amount: string }>;
    };
    expect(token.holders.find((h) => h.owner === friend.wallet)?.amount).toBe("10");
    assertClean(cutOff);
    await context.close();
  });
});
