import { readFile } from "node:fs/promises";
import type { Analytics } from "@shared/schemas/analytics";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { newContext, signUp, waitFor } from "./public-support";
import { seriousA11yFindings } from "./support/axe";
import { expectToast, serverEnv } from "./support/env";

// /analytics in Chromium on the real server: a creator launches with a market, opens the page,
// sees the figures move after a fan's trade and a transfer, exports the CSV (its rows are the
// API's figures), makes the metadata immutable and sees the transparency score rise.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(serverEnv()), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-up user with a funded embedded wallet; returns the wallet address. */
async function fundedMember(context: BrowserContext): Promise<{ username: string; wallet: string }> {
  const { username } = await signUp(context);
  const gen = await context.request.post("/api/wallet/generate", { data: {} });
  expect(gen.status(), await gen.text()).toBe(201);
  const wallet = (await gen.json()).wallet.publicKey as string;
  const airdrop = await context.request.post("/api/wallet/airdrop", { data: { address: wallet, amount: 2 } });
  expect(airdrop.status(), await airdrop.text()).toBe(200);
  return { username, wallet };
}

const figure = (page: Page, testId: string) => page.getByTestId(testId).innerText();

async function waitForFigure(page: Page, testId: string, expected: string) {
  let seen = "";
  await waitFor(
    async () => {
      seen = await figure(page, testId).catch(() => "");
      return seen === expected;
    },
    `${testId} to read ${expected} (saw ${seen})`,
    30_000,
  );
}

/** Every piece of text of `row` is drawn inside it, none over another, and the name (its
 * text after the rank) is at least 60 px wide. */
async function expectRowReadable(row: Locator, width: number) {
  const found = await row.evaluate((li) => {
    const box = li.getBoundingClientRect();
    const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
    // One box per drawn line of each text (a wrapped text's whole box would cover its neighbours).
    const texts: Array<{ text: string; rect: DOMRect; element: Element }> = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!node.textContent?.trim() || !element) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects())
        if (rect.width > 0) texts.push({ text: node.textContent.trim(), rect, element });
    }
    const problems: string[] = [];
    for (const [i, a] of texts.entries()) {
      if (a.rect.left < box.left - 0.5 || a.rect.right > box.right + 0.5)
        problems.push(`${a.text} leaves the row`);
      for (const b of texts.slice(i + 1)) {
        const overlapX = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const overlapY = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (overlapX > 0.5 && overlapY > 0.5) problems.push(`${a.text} is drawn over ${b.text}`);
      }
    }
    // The name (after the rank): its element's box, not its text (a squeezed box lets the
    // text spill over).
    const name = texts.find((t) => t.element !== texts[0]?.element);
    const nameWidth = name?.element.getBoundingClientRect().width ?? 0;
    if (nameWidth < 60) problems.push(`the name is ${Math.round(nameWidth)} px wide`);
    return problems;
  });
  expect(found, `at ${width}px`).toEqual([]);
}

describe("/analytics, live", () => {
  it("moves with a trade and a transfer, exports the API's figures, and rises when metadata is locked", async () => {
    const creatorContext = await newContext(browser, server.url, { acceptDownloads: true });
    const fanContext = await newContext(browser, server.url);
    const friendContext = await newContext(browser, server.url);
    const creator = await fundedMember(creatorContext);
    const fan = await fundedMember(fanContext);
    const friend = await signUp(friendContext);
    expect((await friendContext.request.post("/api/wallet/generate", { data: {} })).status()).toBe(201);

    const me = await (await creatorContext.request.get("/api/auth/me")).json();
    const created = await creatorContext.request.post("/api/tokens/create", {
      data: {
        name: "Lumen Notes",
        symbol: "LUMN",
        description: "A songwriter's token",
        totalSupply: "1000000",
        userId: me.user?.id ?? me.id,
        creatorWallet: creator.wallet,
        market: { curveShareBps: 8_000 },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const mint = (await created.json()).mintAddress as string;

    const { page, assertClean } = await openPage(creatorContext);
    await page.goto("/analytics");
    await page.getByRole("heading", { level: 1, name: "Live Trust Analytics" }).waitFor();
    await waitForFigure(page, "overview-holders", "1");
    await waitForFigure(page, "overview-trades", "0");
    for (const title of [
      "Transparency Score",
      "Community Engagement",
      "Reputation Score",
      "Community Overview",
    ])
      await page.getByRole("heading", { name: title }).waitFor();
    await page.getByRole("heading", { name: "Trust Indicators" }).waitFor();
    await page.getByRole("heading", { name: "Top Community Members" }).waitFor();
    expect(await page.getByTestId("top-member").count()).toBe(1);

    // A fan buys on the curve: a new holder and a trade.
    const buy = await fanContext.request.post(`/api/market/${mint}/buy`, {
      data: { solIn: "100000000", minTokensOut: "0", idempotencyKey: "e2e-analytics-buy" },
    });
    expect(buy.status(), await buy.text()).toBe(200);
    await page.reload();
    await waitForFigure(page, "overview-holders", "2");
    await waitForFigure(page, "overview-trades", "1");

    // The creator sends tokens to a friend: one more holder.
    const sent = await creatorContext.request.post(`/api/tokens/${mint}/transfer`, {
      data: { to: friend.username, amount: "500" },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await page.reload();
    await waitForFigure(page, "overview-holders", "3");
    expect(await page.getByTestId("top-member").count()).toBe(3);
    // On a phone the members' rows wrap: no words drawn over others (the Creator badge over
    // the share), nothing out of the row, and the name keeps room to be read.
    const wide = page.viewportSize();
    for (const width of [390, 320, 640]) {
      await page.setViewportSize({ width, height: 800 });
      for (const row of await page.getByTestId("top-member").all()) await expectRowReadable(row, width);
    }
    if (wide) await page.setViewportSize(wide);

    await page.getByRole("heading", { name: "Holders since launch" }).waitFor();
    // Whose days: a viewer in another time zone would see "today" end at another hour.
    await page.getByText("Days run from midnight to midnight UTC.").waitFor();
    // Three lines, each named on the chart itself (phones have no hover), and in its summary.
    // Launched today: charted from the launch, not 30 days of a token that did not exist.
    const holdersChart = page.getByRole("figure", { name: /^Holders per day since launch \(\d+ days?\)/ });
    await holdersChart.locator(".recharts-legend-item-text", { hasText: "Lost" }).waitFor();
    expect(await holdersChart.locator(".recharts-legend-item-text").allTextContents()).toEqual([
      "Holders",
      "New",
      "Lost",
    ]);
    expect(await holdersChart.getAttribute("aria-label")).toMatch(/; \d+ new and \d+ lost in those days$/);
    // How the supply is spread, on a phone: every share's label is drawn, inside the chart,
    // none over another (five labels under the bars did not fit 390 px, and some were dropped).
    await page.setViewportSize({ width: 390, height: 800 });
    const spread = page.getByRole("figure", { name: /of the supply$/ });
    await spread.scrollIntoViewIfNeeded();
    // Recharts draws ticks in layers of their own, outside their axis' group: the share
    // labels are the ticks with a "%" (the count axis has numbers alone).
    // (A label may wrap: its lines are read back with a space between them.)
    const ticks = spread.locator(".recharts-cartesian-axis-tick-value", { hasText: "%" });
    const read = () =>
      ticks.evaluateAll((texts) =>
        texts.map((t) => [...t.querySelectorAll("tspan")].map((line) => line.textContent).join(" ")),
      );
    await expect
      .poll(read)
      .toEqual(["Under 0.01%", "0.01% to 0.1%", "0.1% to 1%", "1% to 10%", "10% or more"]);
    const drawn = await spread.evaluate((figure) => {
      const outer = figure.getBoundingClientRect();
      const labels = [...figure.querySelectorAll(".recharts-cartesian-axis-tick-value")].filter((t) =>
        t.textContent?.includes("%"),
      );
      return labels.map((t) => {
        const r = t.getBoundingClientRect();
        return { inside: r.left >= outer.left && r.right <= outer.right, top: r.top, bottom: r.bottom };
      });
    });
    for (const [i, label] of drawn.entries()) {
      expect(label.inside, `label ${i} inside the chart`).toBe(true);
      const next = drawn[i + 1];
      if (next) expect(label.bottom, `label ${i} clear of the next`).toBeLessThanOrEqual(next.top);
    }
    expect(await spread.getAttribute("aria-label")).toMatch(/^\d+ holders? with Under 0\.01% of the supply/);
    if (wide) await page.setViewportSize(wide);
    expect(await seriousA11yFindings(page)).toEqual([]);

    // Engage Community: tokens to a chosen member in one step, then an update for holders.
    await page.getByRole("button", { name: "Engage Community" }).click();
    const engage = page.getByRole("dialog", { name: "Engage Community" });
    await engage.getByRole("checkbox", { name: new RegExp(fan.username) }).check();
    // Amounts that cannot be sent say why beside the field, before anything is sent. The
    // creator holds 199,500 LUMN: 20% of the supply kept, less the 500 sent above.
    const amount = engage.getByLabel("Amount of LUMN for each member");
    const sendOne = engage.getByRole("button", { name: "Send to 1 member" });
    await engage.getByText("You hold 199,500 LUMN").waitFor();
    for (const [typed, reason] of [
      ["1.1234567891", "LUMN has at most 9 decimals"],
      ["-1", "Must be a positive number"],
      ["1,5", "Type the amount without commas, with a dot for decimals (1.5)"],
      ["199500.5", "More than you hold: you have 199,500 LUMN"],
    ] as const) {
      await amount.fill(typed);
      await engage.getByRole("alert").filter({ hasText: reason }).waitFor();
      expect(await sendOne.isDisabled(), typed).toBe(true);
    }
    await amount.fill("5");
    expect(await seriousA11yFindings(page)).toEqual([]);
    await engage.getByRole("button", { name: "Send to 1 member" }).click();
    await expectToast(page, "Tokens sent");
    await engage
      .getByRole("listitem")
      .filter({ hasText: `${fan.username}: sent 5 LUMN` })
      .waitFor();
    await engage.getByRole("tab", { name: "Post an update" }).click();
    await engage.getByLabel("Update for your holders").fill("Thank you for listening: new demo on Friday");
    await engage.getByRole("button", { name: "Post update" }).click();
    await expectToast(page, "Update posted");
    await page.keyboard.press("Escape");
    await engage.waitFor({ state: "detached" });
    // The fan, a holder, reads it on the token page.
    const fanPage = await openPage(fanContext);
    await fanPage.page.goto(`/token/${mint}`);
    await fanPage.page.getByText("Thank you for listening: new demo on Friday").waitFor();
    // ...and the public part of the analytics: scores, overview and charts, no members.
    await fanPage.page.getByRole("heading", { name: "Community analytics" }).waitFor();
    await fanPage.page.getByRole("heading", { name: "Holders since launch" }).waitFor();
    expect(await fanPage.page.getByTestId("top-member").count()).toBe(0);
    fanPage.assertClean();

    // Export: the downloaded CSV carries the API's figures.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export Analytics Report" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^LUMN-analytics-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, "utf8");
    const rows = new Map(
      csv
        .trim()
        .split("\r\n")
        .slice(1)
        .map((line) => {
          const [section, key, ...rest] = line.split(",");
          return [`${section}|${key}`, rest.join(",")] as const;
        }),
    );
    const api = (await (await creatorContext.request.get(`/api/analytics/${mint}`)).json()) as Analytics;
    expect(rows.get("overview|holders")).toBe(String(api.overview.holders));
    expect(rows.get("overview|trades7d")).toBe(String(api.overview.trades7d));
    expect(rows.get("overview|volume24hLamports")).toBe(api.overview.volume24hLamports);
    expect(rows.get("engagement|score")).toBe(String(api.cards.engagement.score));
    expect(rows.get("transparency|score")).toBe(String(api.cards.transparency.score));
    for (const m of api.topMembers ?? []) expect(rows.get(`top_members|${m.address}`)).toBe(m.balance);

    // Boost Visibility: the token's Explore places and the trust checklist, where the creator
    // makes the metadata immutable; the transparency score rises.
    const before = Number((await figure(page, "transparency-score")).replace("/100", ""));
    await page.getByRole("button", { name: "Boost Visibility" }).click();
    const boost = page.getByRole("dialog", { name: "Boost Visibility" });
    await boost.getByRole("heading", { name: "Your place on Explore" }).waitFor();
    expect(await boost.getByTestId("explore-rank").count()).toBe(5);
    await boost.getByRole("button", { name: "Make metadata immutable" }).click();
    await page.getByRole("button", { name: "Lock metadata forever" }).click();
    await page.getByRole("dialog", { name: "Make metadata immutable?" }).waitFor({ state: "detached" });
    await page.keyboard.press("Escape");
    await boost.waitFor({ state: "detached" });
    let after = before;
    await waitFor(
      async () => {
        after = Number((await figure(page, "transparency-score")).replace("/100", ""));
        return after > before;
      },
      `the transparency score to rise above ${before} (saw ${after})`,
      30_000,
    );
    expect(after).toBeGreaterThan(before);

    // The printable report shows the same token with its charts.
    await page.getByRole("link", { name: "Printable report" }).click();
    await page.getByRole("heading", { level: 1, name: "Analytics Report: Lumen Notes ($LUMN)" }).waitFor();
    await page.getByRole("heading", { name: "Holders since launch" }).waitFor();
    assertClean();
    await Promise.all([creatorContext.close(), fanContext.close(), friendContext.close()]);
  });
});
