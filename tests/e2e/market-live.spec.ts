import { formatPriceSol, formatSol } from "@shared/market/format";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { contextSignedIn, launchToken, memberWithWallet, postJson, serverEnv } from "./support/env";

type Market = { status: string; priceLamports: string; realSolReserves: string };

// Push updates on the public token page (GET /api/market/:mint/live), on the production build
// and the real server: two browser contexts (two people) watch the same token; another user
// buys through the API; both pages show the new price, SOL raised, the trade, the chart's
// first candle and the buyer among the holders without a reload (Playwright's own waiting on the text, no fixed sleep).
describe("market: the token page follows other people's trades live", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const symbol = `LV${stamp.slice(-6)}`.toUpperCase();
  let mint = "";

  /** An account with an embedded wallet holding 2 test SOL. */
  const person = (username: string) => memberWithWallet(server.url, username);

  beforeAll(async () => {
    server = await startServer(serverEnv());
    browser = await launchBrowser();
    const creator = await person(`lvcreator_${stamp}`);
    mint = await launchToken(server.url, creator, {
      name: `Live Coin ${stamp}`,
      symbol,
      description: "A token whose page moves while you watch.",
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

  /** The token page, loaded once; a flag on its window shows later whether it was reloaded. */
  async function watch(page: Page, start: Market) {
    await page.goto(`${server.url}/token/${mint}`);
    await page
      .getByTestId("market-price")
      .filter({ hasText: exactly(formatPriceSol(start.priceLamports)) })
      .waitFor();
    await page.getByText("No trades yet: the first buy sets the chart.").first().waitFor();
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
  }

  it("a buy by someone else moves both watching pages: price, SOL raised, the trade, the chart and the holders", async () => {
    const start = (await (await fetch(`${server.url}/api/market/${mint}`)).json()) as Market;
    expect(start.status).toBe("open");
    const viewers = await Promise.all(
      [0, 1].map(async () => openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }))),
    );
    for (const v of viewers) await watch(v.page, start);

    const fan = await person(`lvfan_${stamp}`);
    const buy = await postJson<{ signature: string }>(
      server.url,
      `/api/market/${mint}/buy`,
      { solIn: "50000000", minTokensOut: "1", idempotencyKey: `live-${stamp}` },
      fan.cookie,
    );
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    const after = (await (await fetch(`${server.url}/api/market/${mint}`)).json()) as Market;
    expect(after.priceLamports).not.toBe(start.priceLamports);

    for (const { page } of viewers) {
      await page
        .getByTestId("market-price")
        .filter({ hasText: exactly(formatPriceSol(after.priceLamports)) })
        .waitFor();
      await page
        .getByTestId("market-raised")
        .filter({ hasText: exactly(formatSol(after.realSolReserves)) })
        .waitFor();
      await page.locator('[data-testid="trade-row"][data-side="buy"]').first().waitFor();
      await page.getByTestId("price-chart").waitFor();
      // The holders too: the buyer's wallet joins the list once the indexer has the buy.
      await page.getByTestId("holders-table").locator(`code[title="${fan.wallet}"]`).waitFor();
      expect(await page.locator('[data-testid="trade-row"]').count()).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );
    }
    for (const v of viewers) {
      v.assertClean();
      await v.page.context().close();
    }
  });

  it("a buy the reader makes in another tab moves this tab's SOL balance with its tokens", async () => {
    const fan = await person(`lvtabs_${stamp}`);
    const context = await contextSignedIn(browser, server.url, fan.cookie);
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/token/${mint}`);
    const sol = page.getByTestId("trade-balances").getByTestId("balance-sol");
    await sol.filter({ hasText: exactly(formatSol(2_000_000_000n)) }).waitFor();
    // The other tab: the same account buys through the API.
    const buy = await postJson(
      server.url,
      `/api/market/${mint}/buy`,
      { solIn: "10000000", minTokensOut: "1", idempotencyKey: `tabs-${stamp}` },
      fan.cookie,
    );
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    const wallets = (await (
      await fetch(`${server.url}/api/wallets`, { headers: { cookie: fan.cookie } })
    ).json()) as { wallets: Array<{ lamports: string }> };
    const now = BigInt(wallets.wallets[0]?.lamports ?? "0");
    expect(now).toBeLessThan(2_000_000_000n);
    await sol.filter({ hasText: exactly(formatSol(now)) }).waitFor();
    assertClean();
    await context.close();
  });
});
