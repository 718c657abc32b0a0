import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { launchToken, memberWithWallet, postJson, serverEnv } from "./support/env";

// A popular launch on the token page: the 10 largest launch-window buyers are listed, and
// "Show all N buyers" lists every one (the QA pass found a page of 177 rows, 17,600 px tall).

const BUYERS = 12;

describe("token page: launch-window buyers beyond the 10 largest", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const symbol = `LB${stamp.slice(-6)}`.toUpperCase();
  let mint = "";

  beforeAll(async () => {
    // Many sign-ups and airdrops from one address: the per-IP limits have their own tests.
    server = await startServer(serverEnv({ RATE_LIMITS: "off" }));
    browser = await launchBrowser();
    const creator = await memberWithWallet(server.url, `lbc_${stamp}`);
    mint = await launchToken(server.url, creator, {
      name: `Buyers ${stamp}`,
      symbol,
      totalSupply: "1000000",
    });
    for (let i = 0; i < BUYERS; i++) {
      const fan = await memberWithWallet(server.url, `lbf${i}_${stamp}`);
      const buy = await postJson(
        server.url,
        `/api/market/${mint}/buy`,
        { tokensOut: `${100 + i}000000000`, maxSolIn: "1000000000", idempotencyKey: `lb-${stamp}-${i}` },
        fan.cookie,
      );
      expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lists the 10 largest, then all 12 after 'Show all 12 buyers' (by keyboard)", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/token/${mint}`);
    const section = page.locator('section[aria-labelledby="launch-buyers-heading"]');
    const rows = section.getByTestId("launch-buyers").locator("li");
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(10);
    await expect.poll(() => section.textContent()).toContain(`by ${BUYERS} wallets.`);
    // The largest first: the 12th buyer bought the most (111 tokens).
    expect(await rows.first().textContent()).toContain(`111 ${symbol}`);

    const showAll = section.getByRole("button", { name: `Show all ${BUYERS} buyers` });
    await showAll.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(BUYERS);
    expect(await rows.last().textContent()).toContain(`100 ${symbol}`);
    // Every buyer on one page of 50: nothing more to load.
    await expect
      .poll(() =>
        section
          .getByRole("button")
          .filter({ hasText: /Load more|Show all/ })
          .count(),
      )
      .toBe(0);
    await assertClean();
    await context.close();
  });
});
