import { parseAmount } from "@shared/amounts";
import { formatPriceSol, formatSol, formatTokens } from "@shared/market/format";
import { holdingValueLamports, priceNanoOf } from "@shared/market/price";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { seriousA11yFindings } from "./support/axe";
import {
  contextSignedIn,
  expectToast,
  launchToken,
  memberWithWallet,
  postJson,
  serverEnv,
} from "./support/env";

type Holdings = { holdings: Array<{ mint: string; balance: string; decimals: number }> };
type Market = {
  status: string;
  feesCreatorLamports: string;
  realSolReserves: string;
  realTokenReserves: string;
};

// A fan's first trade, end to end on the production build, the real server, PGlite and the
// embedded ledger: a creator launches with a market (API), a fan signs up, finds the token on
// /explore, makes a wallet, gets test SOL, buys, sees it on /dashboard and sells part.
describe("market: a fan buys a creator's token on its curve and sells part", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const fan = { username: `mfan_${stamp}`, email: `mfan_${stamp}@example.com`, password: "fan-pass-42" };
  const name = `Market Coin ${stamp}`;
  const symbol = `MK${stamp.slice(-6)}`.toUpperCase();
  const update = `Thanks for joining ${symbol}: new demo on Friday`;
  let mint = "";

  beforeAll(async () => {
    server = await startServer(serverEnv());
    browser = await launchBrowser();
    // The creator: an account, an embedded wallet with test SOL, a launch with a market.
    // The creator buys a little at launch: its holding then has many decimals.
    const launched = await launchWithMarket(server.url, `mcreator_${stamp}`, {
      name,
      symbol,
      description: "A token with a market from its first minute.",
      totalSupply: "1000000",
    });
    mint = launched.mint;
    const market = (await (await fetch(`${server.url}/api/market/${mint}`)).json()) as Market;
    expect(market.status).toBe("open");
    // An update for holders: the fan unlocks it by buying.
    const posted = await postJson(
      server.url,
      `/api/tokens/${mint}/posts`,
      { body: update },
      launched.creator.cookie,
    );
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("finds the token on /explore, signs up from its page and comes back, buys, sees it on /dashboard and sells part", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, assertClean } = await openPage(context);
    const a11y: Record<string, Awaited<ReturnType<typeof seriousA11yFindings>>> = {};
    const audit = async (state: string) => {
      const findings = await seriousA11yFindings(page);
      if (findings.length) a11y[state] = findings;
    };
    const toasts = page.locator('section[aria-label="Notifications"]');
    const holding = async () => {
      const res = await page.request.get(`${server.url}/api/portfolio/holdings`);
      const body = (await res.json()) as Holdings;
      const h = body.holdings.find((x) => x.mint === mint);
      return h ? (parseAmount(h.balance, h.decimals) ?? 0n) : 0n;
    };

    // Explore -> the token's page, signed out; "Sign in to trade" brings the fan back to it.
    await page.goto(`${server.url}/explore`);
    const card = page.locator(`[data-testid="explore-card"][data-symbol="${symbol}"]`);
    const cardText = (await card.textContent()) ?? "";
    await card.getByRole("link", { name: new RegExp(name) }).click();
    await page.waitForURL(new RegExp(`/token/${mint}$`));
    // The card and the page write the market cap and the curve's progress alike.
    const cap = (await page.getByTestId("market-cap").textContent()) ?? "";
    const progress = (await page.getByText(/of the curve sold$/).textContent())?.replace(
      " of the curve sold",
      "",
    );
    expect(cap).toMatch(/^[\d,.]+ SOL$/);
    expect(cardText).toContain(cap);
    expect(progress).toMatch(/^\d+(\.\d)?%$/);
    expect(cardText).toContain(`${progress}`);
    await page.getByRole("link", { name: "Sign in to trade" }).click();
    await page.waitForURL((u) => u.pathname === "/auth" && u.searchParams.get("next") === `/token/${mint}`);

    // Sign up, and land back on the token's page.
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByRole("textbox", { name: "Username" }).fill(fan.username);
    await page.getByRole("textbox", { name: "Email" }).fill(fan.email);
    await page.getByLabel("Password").fill(fan.password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Account created successfully!");
    await page.waitForURL(new RegExp(`/token/${mint}$`));
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    // The public page's bar says who is signed in and offers the way out, as the app's do.
    expect(await page.getByTestId("account-name").textContent()).toBe(fan.username);
    await page.getByRole("button", { name: "Sign out" }).waitFor();

    // The market, in the open: the vault statement and the launch window.
    const summary = page.getByTestId("market-summary");
    await summary
      .getByText("The platform operates this curve's vault: it signs each trade together with you.")
      .waitFor();
    await summary.getByText("The creator keeps 20% of the supply off the curve.", { exact: false }).waitFor();
    await summary.getByText("At launch the creator bought", { exact: false }).waitFor();
    // The launch fee shows above it; the standing fee is said as what comes after the window.
    await summary
      .getByText("Once the launch window closes, each trade pays a 2.5% fee", { exact: false })
      .waitFor();

    // Holders, counted once for the whole page: the curve's vault is not one, the creator is;
    // the header, the community overview and the trust score agree, and so do the top-10
    // share of the supply in the overview and in the score (the creator's 20% and its buy).
    const trustFactor = (key: string) =>
      page
        .getByTestId("trust-panel")
        .locator(`[data-testid="trust-factor"][data-key="${key}"]`)
        .getByTestId("trust-factor-value");
    await page.getByTestId("overview-holders").waitFor();
    await trustFactor("holders").waitFor();
    expect(await page.getByTestId("holder-count").textContent()).toBe("1");
    expect(await page.getByTestId("overview-holders").textContent()).toBe("1");
    expect(await trustFactor("holders").textContent()).toBe("1");
    const top10 = await trustFactor("top10_share").textContent();
    expect(top10).toMatch(/^2[01](\.\d{1,2})?%$/);
    expect(await page.getByTestId("overview-top10").textContent()).toBe(top10);
    // The holders table fits its card at 1280 px: nothing to scroll to, no column cut.
    await expectHoldersTableFits(page);
    // The creator's update is for holders: locked until the fan holds some.
    const posts = page.getByRole("heading", { name: "Updates from the creator" }).locator("xpath=../..");
    await posts.getByText(`Updates are for ${symbol} holders: hold some to read them.`).waitFor();

    // A wallet, then test SOL, from the trade panel.
    const panel = page.getByTestId("trade-panel");
    await panel.getByRole("button", { name: "Create a wallet" }).click();
    await expectToast(page, "Wallet Generated");
    await panel.getByTestId("secret-key").waitFor();
    await panel.getByRole("button", { name: "Get Test SOL" }).first().click();
    await expectToast(page, "Airdrop Successful");
    await panel
      .getByTestId("balance-sol")
      .filter({ hasText: /^2 SOL$/ })
      .first()
      .waitFor();
    await audit("token-page-ready");

    // Mistyped amounts are named, never guessed: a comma is refused (it was dropped: 1,5 -> 15).
    const buy = panel.getByRole("tabpanel");
    await buy.getByLabel("Amount to spend (SOL)").fill("1,5");
    await buy.getByText("Type the amount without commas, with a dot for decimals (1.5)").waitFor();
    expect(await buy.getByTestId("trade-submit").isDisabled()).toBe(true);
    // Above the launch window's per-wallet cap (2% of 1,000,000): said before the click.
    await buy.getByRole("button", { name: symbol, exact: true }).click();
    await buy.getByLabel(`Amount to buy (${symbol})`).fill("20001");
    await buy.getByTestId("launch-cap-warning").getByText("this wallet can still buy 20,000").waitFor();
    expect(await buy.getByTestId("trade-submit").isDisabled()).toBe(true);
    // More than the curve has left: said at once in the server's words, and never quoted (a
    // refused quote was a 400 in the console).
    const curveNow = (await (await fetch(`${server.url}/api/market/${mint}`)).json()) as Market;
    const overCurve: string[] = [];
    const onBuyQuote = (request: { url(): string }) => {
      if (request.url().includes("/quote?side=buy&tokensOut")) overCurve.push(request.url());
    };
    page.on("request", onBuyQuote);
    await buy.getByLabel(`Amount to buy (${symbol})`).fill("900000");
    await buy
      .getByText(
        `The curve has only ${formatTokens(curveNow.realTokenReserves, 9)} ${symbol} left to buy. Enter a smaller amount.`,
      )
      .waitFor();
    await page.waitForTimeout(1_000); // past the quote's 300 ms debounce
    page.off("request", onBuyQuote);
    expect(overCurve).toEqual([]);
    expect(await buy.getByTestId("trade-submit").isDisabled()).toBe(true);
    await buy.getByRole("button", { name: "SOL", exact: true }).click();

    // Buy 0.05 SOL worth: the live quote shows the fee before anything is signed.
    await buy.getByLabel("Amount to spend (SOL)").fill("0.05");
    await buy.getByTestId("quote-receive").filter({ hasText: symbol }).waitFor();
    expect(await buy.getByTestId("quote-pay").textContent()).toBe("0.05 SOL");
    expect(await buy.getByTestId("quote-fee").textContent()).toMatch(/SOL \(\d+(\.\d+)?%\)$/);
    await audit("buy-quoted");
    await buy.getByTestId("trade-submit").click();
    await toasts
      .getByText(new RegExp(`^Bought [\\d,.]+ ${symbol}$`))
      .first()
      .waitFor({ timeout: 30_000 });
    const bought = await holding();
    expect(bought).toBeGreaterThan(0n);
    // The trade unlocks the creator's updates on the spot, no reload.
    await posts.getByText(update).waitFor();
    await page.getByTestId("holder-count").filter({ hasText: /^2$/ }).waitFor();

    // The trade is listed with what the fan paid, fee included (0.05 SOL, as the quote said),
    // and the chart has its first candle.
    const buyRow = page.locator('[data-testid="trade-row"][data-side="buy"]').first();
    await buyRow.waitFor();
    expect(await buyRow.getByRole("cell").nth(2).textContent()).toBe("0.05");
    await page.getByTestId("price-chart").waitFor();
    // Every interval the candles endpoint serves is offered; a minute's chart is drawn too
    // (how many candles depends on the minutes the trades fell in).
    const intervals = page.getByRole("group", { name: "Candle interval" }).getByRole("button");
    expect(await intervals.allTextContents()).toEqual(["1m", "5m", "15m", "1h", "4h", "1d"]);
    const minuteCandles = page.waitForResponse((r) => r.url().endsWith("/candles?interval=1m") && r.ok());
    await intervals.filter({ hasText: "1m" }).click();
    await minuteCandles;
    expect(await intervals.filter({ hasText: "1m" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("img", { name: new RegExp(`^Price of ${symbol} in SOL, \\d+ candles?`) }).waitFor();

    // The dashboard values the holding at the curve's price, with the holdings: not one market
    // read per token held (a fan holding 34 tokens made 34 requests).
    const marketReads: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (/^\/api\/market\/[^/]+$/.test(new URL(request.url()).pathname)) marketReads.push(request.url());
    };
    page.on("request", onRequest);
    await page.goto(`${server.url}/dashboard`);
    const row = page.locator(`[data-testid="holding"][data-symbol="${symbol}"]`);
    await row.waitFor();
    await row.getByTestId("holding-value").filter({ hasText: /SOL$/ }).waitFor();
    page.off("request", onRequest);
    expect(marketReads).toEqual([]);
    // The fan launched nothing: the summary adds up what they hold, not launches (three zeros).
    expect(await page.getByTestId("summary-held").textContent()).toBe("1");
    expect(await page.getByTestId("summary-value").textContent()).toBe(
      await row.getByTestId("holding-value").textContent(),
    );
    expect(await page.getByTestId("summary-total").count()).toBe(0);
    const dashboardBalance = await row.getByTestId("holding-balance").textContent();
    await audit("dashboard");

    // Sell half of it (whole tokens) from the Sell tab.
    await row.getByRole("link", { name: `View ${symbol}` }).click();
    await page.waitForURL(new RegExp(`/token/${mint}$`));
    // With the fan's row and amounts of many decimals, the table still fits at 1280 px.
    await expectHoldersTableFits(page);
    // One balance, one text: the dashboard, the trade panel and the holders table agree
    // (rounded down to 2 decimals, never up).
    expect(dashboardBalance).toMatch(/^[\d,]+(\.\d{1,2})?$/);
    await panel
      .getByTestId("balance-tokens")
      .filter({ hasText: `${dashboardBalance} ${symbol}` })
      .first()
      .waitFor();
    const fanRow = page
      .getByTestId("holders-table")
      .getByRole("row")
      .filter({ hasNotText: "Creator" })
      .last();
    expect(await fanRow.getByRole("cell").nth(2).textContent()).toBe(dashboardBalance);
    await panel.getByRole("tab", { name: "Sell" }).click();
    const sell = panel.getByRole("tabpanel");
    // More than held: said at once, with what to do, and never quoted (the server's refusal
    // would be about the curve, beside the point).
    const overQuotes: string[] = [];
    const onQuote = (request: { url(): string }) => {
      if (request.url().includes("/quote?side=sell")) overQuotes.push(request.url());
    };
    page.on("request", onQuote);
    await sell.getByLabel(`Amount to sell (${symbol})`).fill((bought / 10n ** 9n + 1000n).toString());
    await sell
      .getByText(`You hold ${dashboardBalance} ${symbol} in this wallet: sell that much at most`)
      .waitFor();
    await page.waitForTimeout(1_000); // past the quote's 300 ms debounce
    page.off("request", onQuote);
    expect(overQuotes).toEqual([]);
    expect(await sell.getByTestId("trade-submit").isDisabled()).toBe(true);
    const half = bought / 2n / 10n ** 9n;
    expect(half).toBeGreaterThan(0n);
    await sell.getByLabel(`Amount to sell (${symbol})`).fill(half.toString());
    await sell.getByTestId("quote-receive").filter({ hasText: /SOL$/ }).waitFor();
    await sell.getByTestId("trade-submit").click();
    await toasts
      .getByText(new RegExp(`^Sold [\\d,.]+ ${symbol}$`))
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await holding()).toBe(bought - half * 10n ** 9n);
    await page.locator('[data-testid="trade-row"][data-side="sell"]').first().waitFor();
    await audit("after-sell");

    // The creator earned fees from both trades.
    const market = (await (await fetch(`${server.url}/api/market/${mint}`)).json()) as Market;
    expect(BigInt(market.feesCreatorLamports)).toBeGreaterThan(0n);

    expect(a11y).toEqual({});
    assertClean();
    await context.close();
  });

  it("lays the holders table out without cutting a column, at 1280 px and on a phone", async () => {
    // Wide figures: a 10-letter symbol, a billion supply, amounts with many decimals, the
    // creator's badge (the audit saw "Sha" and "78.95" cut off at 1280 px).
    const wide = `WIDE${stamp.slice(-6)}`.toUpperCase();
    const { mint: wideMint } = await launchWithMarket(server.url, `mwide_${stamp}`, {
      name: `Wide Coin ${stamp}`,
      symbol: wide,
      totalSupply: "1000000000",
    });
    const buyer = await memberWithWallet(server.url, `mwidefan_${stamp}`);
    const buy = await postJson(
      server.url,
      `/api/market/${wideMint}/buy`,
      { solIn: "50000000", minTokensOut: "0", idempotencyKey: `wide-${stamp}` },
      buyer.cookie,
    );
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);

    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const { page, assertClean } = await openPage(context);
      await page.goto(`${server.url}/token/${wideMint}`);
      await page.getByTestId("holders-table").getByRole("row").nth(2).waitFor();
      if (width === 1280) await expectHoldersTableFits(page);
      // The page never scrolls sideways; on a phone the table may scroll inside its card.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const box = await page.getByTestId("holders-table").locator("xpath=..").boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, `table box at ${width}px`).toBe(true);
      assertClean();
      await context.close();
    }
  });

  it("prices a token of the largest supply below 1 lamport on its page, its Explore card and the dashboard, within 320 px", async () => {
    // 18 billion tokens: the curve opens at ~0.51 lamports per whole token, shown as 0 SOL before.
    const big = `MAX${stamp.slice(-6)}`.toUpperCase();
    const { creator, mint: bigMint } = await launchWithMarket(server.url, `mmax_${stamp}`, {
      name: `Max Supply ${stamp}`,
      symbol: big,
      totalSupply: "18000000000",
    });
    const state = (await (await fetch(`${server.url}/api/market/${bigMint}`)).json()) as {
      priceLamports: string;
    };
    const nano = priceNanoOf(state.priceLamports);
    expect(nano).toBeGreaterThan(0n);
    expect(nano).toBeLessThan(10n ** 9n);
    const price = formatPriceSol(state.priceLamports);
    expect(price).toMatch(/^0\.00000000050*[1-9]\d{0,3} SOL$/);

    const context = await contextSignedIn(browser, server.url, creator.cookie);
    const { page, assertClean } = await openPage(context);
    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: 900 });

      // The token page: the price in the market summary; a quote in the trade panel.
      await page.goto(`${server.url}/token/${bigMint}`);
      await page.getByTestId("market-price").filter({ hasText: price }).waitFor();
      await expectTextInside(page.getByTestId("market-price"), "[data-testid=market-summary]", width);
      const panel = page.getByTestId("trade-panel");
      await panel.getByRole("tabpanel").getByLabel("Amount to spend (SOL)").fill("0.05");
      await panel.getByTestId("quote-receive").filter({ hasText: big }).waitFor();
      for (const id of ["quote-pay", "quote-receive", "quote-fee"])
        await expectTextInside(panel.getByTestId(id), "[data-testid=trade-panel]", width);
      // The chart's six interval buttons wrap rather than run off a phone's screen.
      const intervalButtons = await page
        .getByRole("group", { name: "Candle interval" })
        .getByRole("button")
        .all();
      expect(intervalButtons).toHaveLength(6);
      for (const button of intervalButtons) {
        const b = await button.boundingBox();
        expect(b && b.x >= 0 && b.x + b.width <= width, `interval button at ${width}px`).toBe(true);
      }

      // Explore: the card's price, the same text.
      await page.goto(`${server.url}/explore?q=${big}`);
      const card = page.locator(`[data-testid="explore-card"][data-symbol="${big}"]`);
      await card.getByTestId("explore-price").filter({ hasText: price }).waitFor();
      await expectTextInside(card.getByTestId("explore-price"), "[data-testid=explore-card]", width);

      // The creator's dashboard: the token card's market facts, and the holding valued at the price.
      await page.goto(`${server.url}/dashboard`);
      const facts = page
        .locator(`[data-testid="token-card"][data-symbol="${big}"]`)
        .getByTestId("market-facts");
      await facts.getByTestId("market-facts-price").filter({ hasText: price }).waitFor();
      await expectTextInside(facts.getByTestId("market-facts-price"), "[data-testid=market-facts]", width);
      const holdings = (await (
        await page.request.get(`${server.url}/api/portfolio/holdings`)
      ).json()) as Holdings;
      const held = holdings.holdings.find((h) => h.mint === bigMint);
      const value = holdingValueLamports(parseAmount(held?.balance ?? "0", 9) ?? 0n, 9, nano);
      expect(value).toBeGreaterThan(0n);
      const row = page.locator(`[data-testid="holding"][data-symbol="${big}"]`);
      await row
        .getByTestId("holding-value")
        .filter({ hasText: formatSol(value) })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    assertClean();
    await context.close();
  });
});

describe("market: slippage tolerance", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(serverEnv()), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("holds the trade while the custom value is unusable, and keeps the tolerance across Buy, Sell and a reload", async () => {
    const symbol = `SL${stamp.slice(-6)}`.toUpperCase();
    const { mint } = await launchWithMarket(server.url, `slcreator_${stamp}`, {
      name: `Slip Coin ${stamp}`,
      symbol,
      totalSupply: "1000000",
    });
    const fan = await memberWithWallet(server.url, `slfan_${stamp}`);
    const context = await contextSignedIn(browser, server.url, fan.cookie);
    const { page, assertClean } = await openPage(context);
    const trades: unknown[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes(`/api/market/${mint}/buy`)) trades.push(r.postDataJSON());
    });
    await page.goto(`${server.url}/token/${mint}`);
    const panel = page.getByTestId("trade-panel");
    const form = panel.getByRole("tabpanel");
    const custom = form.getByLabel("Custom slippage, percent");
    const submit = form.getByTestId("trade-submit");

    await form.getByLabel("Amount to spend (SOL)").fill("0.05");
    await form.getByTestId("quote-receive").filter({ hasText: symbol }).waitFor();
    await custom.fill("40");
    await form.getByText("moves against you by more than 40%").waitFor();
    // A typo: the error shows, and Buy waits rather than trading at the 40% no longer shown.
    await custom.fill("4O");
    await form.getByText("Slippage is a percentage: type a number such as 0.5").waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await submit.click({ force: true });
    await custom.fill("4");
    await form.getByText("moves against you by more than 4%").waitFor();
    await expect.poll(() => submit.isDisabled()).toBe(false);
    expect(trades).toEqual([]);

    // The same tolerance on the other side, and after a reload.
    await panel.getByRole("tab", { name: "Sell" }).click();
    await form.getByText("moves against you by more than 4%").waitFor();
    expect(await form.getByLabel("Custom slippage, percent").inputValue()).toBe("4");
    await page.reload();
    await panel.getByRole("tab", { name: "Buy" }).waitFor();
    await form.getByText("moves against you by more than 4%").waitFor();

    // Buy, then sell everything: the amount just sold is not quoted again afterwards (it was,
    // and the refused quote showed as an error in the console).
    await form.getByLabel("Amount to spend (SOL)").fill("0.05");
    await form.getByTestId("quote-receive").filter({ hasText: symbol }).waitFor();
    await submit.click();
    await page
      .getByText(new RegExp(`^Bought [\\d,.]+ ${symbol}$`))
      .first()
      .waitFor();
    await panel.getByRole("tab", { name: "Sell" }).click();
    await form.getByRole("button", { name: /^Max: sell all/ }).click();
    await form.getByTestId("quote-receive").filter({ hasText: /SOL$/ }).waitFor();
    let sold = false;
    const quotesAfter: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes(`/api/market/${mint}/sell`)) sold = true;
      else if (sold && r.url().includes("/quote?")) quotesAfter.push(new URL(r.url()).search);
    });
    await submit.click();
    await page
      .getByText(new RegExp(`^Sold [\\d,.]+ ${symbol}$`))
      .first()
      .waitFor();
    // Past the quote's debounce: a re-quote of the sold amount would have gone out by now.
    await page.waitForTimeout(1_500);
    expect(quotesAfter).toEqual([]);

    // Clearing the custom value leaves no hidden tolerance: the default preset applies, shown.
    await form.getByLabel("Custom slippage, percent").fill("");
    await form.getByText("moves against you by more than 1%").waitFor();
    expect(await form.getByRole("button", { name: "1%", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    assertClean();
    await context.close();
  });
});

describe("market: by keyboard", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(serverEnv()), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Whether the focused element is `locator`. */
  const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

  it("keeps focus in the trade form after a buy and a sell made with Enter", async () => {
    const symbol = `KB${stamp.slice(-6)}`.toUpperCase();
    const { mint } = await launchWithMarket(server.url, `kbcreator_${stamp}`, {
      name: `Keys Coin ${stamp}`,
      symbol,
      totalSupply: "1000000",
    });
    const fan = await memberWithWallet(server.url, `kbfan_${stamp}`);
    const context = await contextSignedIn(browser, server.url, fan.cookie);
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/token/${mint}`);
    const panel = page.getByTestId("trade-panel");
    const form = panel.getByRole("tabpanel");
    const submit = form.getByTestId("trade-submit");

    // The button is disabled while the trade runs: focus used to fall to the page, and the
    // next Tab went on to Recent trades.
    await form.getByLabel("Amount to spend (SOL)").fill("0.05");
    await form.getByTestId("quote-receive").filter({ hasText: symbol }).waitFor();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.focus();
    await page.keyboard.press("Enter");
    await page
      .getByText(new RegExp(`^Bought [\\d,.]+ ${symbol}$`))
      .first()
      .waitFor();
    await expect.poll(() => focused(form.getByTestId("trade-amount"))).toBe(true);

    await panel.getByRole("tab", { name: "Sell" }).click();
    await form.getByRole("button", { name: /^Max: sell all/ }).click();
    await form.getByTestId("quote-receive").filter({ hasText: /SOL$/ }).waitFor();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.focus();
    await page.keyboard.press("Enter");
    await page
      .getByText(new RegExp(`^Sold [\\d,.]+ ${symbol}$`))
      .first()
      .waitFor();
    await expect.poll(() => focused(form.getByTestId("trade-amount"))).toBe(true);
    assertClean();
    await context.close();
  });

  it("opening a market later: the share's error takes focus; once open, the market's heading does, and the creator's buy is told truly", async () => {
    const symbol = `OL${stamp.slice(-6)}`.toUpperCase();
    const creator = await memberWithWallet(server.url, `olcreator_${stamp}`);
    const mint = await launchToken(
      server.url,
      creator,
      { name: `Later Coin ${stamp}`, symbol, totalSupply: "1000000" },
      null,
    );
    const context = await contextSignedIn(browser, server.url, creator.cookie);
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/token/${mint}`);
    const share = page.getByTestId("open-curve-share");
    const open = page.getByRole("button", { name: "Open a market" });

    await share.fill("5");
    await open.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Choose a whole percentage from 10 to 100").waitFor();
    await expect.poll(() => focused(share)).toBe(true);
    expect(await share.getAttribute("aria-invalid")).toBe("true");

    await share.fill("80");
    await open.focus();
    await page.keyboard.press("Enter");
    await expectToast(page, "Market open");
    const summary = page.getByTestId("market-summary");
    await expect.poll(() => focused(summary.getByRole("heading", { name: "Market", level: 2 }))).toBe(true);
    // Opened after the launch, without a buy: not "at launch".
    await summary.getByText(/Opened by the creator on .+, with no creator buy\./).waitFor();
    expect(await summary.getByText("at launch", { exact: false }).count()).toBe(0);
    assertClean();
    await context.close();
  });
});

/** At desktop widths the holders table fits its card: its scroll box has nothing to scroll and
 * the last column's header is whole. */
async function expectHoldersTableFits(page: Page) {
  const table = page.getByTestId("holders-table");
  await table.waitFor();
  const fit = await table.evaluate((el) => {
    const scroller = el.parentElement as HTMLElement;
    const box = scroller.getBoundingClientRect();
    const share = el.querySelector("th:last-child")?.getBoundingClientRect();
    return {
      overflow: scroller.scrollWidth - scroller.clientWidth,
      shareInside: share ? share.right <= box.right + 0.5 && share.left >= box.left - 0.5 : false,
    };
  });
  expect(fit).toEqual({ overflow: 0, shareInside: true });
}

/** The text of `text` is drawn whole inside its `container` (a closest ancestor) and the
 * viewport: a long figure wraps or shrinks, it never spills out or is cut. */
async function expectTextInside(text: Locator, container: string, width: number) {
  const fit = await text.evaluate((el, selector) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const drawn = range.getBoundingClientRect();
    const box = (el.closest(selector) ?? document.body).getBoundingClientRect();
    return {
      text: el.textContent,
      inContainer: drawn.left >= box.left - 0.5 && drawn.right <= box.right + 0.5,
      inViewport: drawn.left >= -0.5 && drawn.right <= window.innerWidth + 0.5,
      unclipped: el.scrollWidth <= el.clientWidth + 1,
    };
  }, container);
  expect(fit, `${fit.text} at ${width}px`).toEqual({
    text: fit.text,
    inContainer: true,
    inViewport: true,
    unclipped: true,
  });
}

/** A creator (account, funded wallet) who launches a token with a market: 80% on the curve
 * and a 0.1 SOL creator buy. */
async function launchWithMarket(
  url: string,
  tag: string,
  token: { name: string; symbol: string; totalSupply: string; description?: string },
) {
  const creator = await memberWithWallet(url, tag);
  const mint = await launchToken(url, creator, token, {
    curveShareBps: 8_000,
    creatorBuyLamports: "100000000",
  });
  return { creator, mint };
}
