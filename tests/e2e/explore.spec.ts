import type { ExplorePage } from "@shared/schemas/market";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { newContext, waitFor } from "./public-support";
import { seriousA11yFindings } from "./support/axe";
import { postJson, serverEnv } from "./support/env";

// /explore in Chromium: three creators launch through the API (no market), a visitor finds
// them on Explore, searches by symbol, changes the sort, and opens a token page.

let server: RunningServer;
let browser: Browser;
/** Launch order: oldest first. */
const TOKENS = [
  { name: "Kat Sounds", symbol: "KATZ", user: "explore_kat" },
  { name: "Boxy Beats", symbol: "BOXY", user: "explore_boxy" },
  { name: "Zen Garden", symbol: "ZENG", user: "explore_zen" },
];
const mints: Record<string, string> = {};
const cookies: Record<string, string> = {};
const wallets: Record<string, string> = {};
const userIds: Record<string, string> = {};

async function launch(t: (typeof TOKENS)[number]) {
  const reg = await postJson<{ user: { id: string } }>(server.url, "/api/register", {
    username: t.user,
    email: `${t.user}@example.com`,
    password: "explore-pass-42",
  });
  expect(reg.status).toBe(201);
  const cookie = reg.cookie ?? "";
  const gen = await postJson<{ wallet: { publicKey: string } }>(
    server.url,
    "/api/wallet/generate",
    {},
    cookie,
  );
  const wallet = gen.body.wallet.publicKey;
  await postJson(server.url, "/api/wallet/airdrop", { address: wallet, amount: 2 }, cookie);
  const created = await postJson<{ mintAddress: string }>(
    server.url,
    "/api/tokens/create",
    {
      name: t.name,
      symbol: t.symbol,
      totalSupply: "1000000",
      userId: reg.body.user.id,
      creatorWallet: wallet,
    },
    cookie,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  mints[t.symbol] = created.body.mintAddress;
  cookies[t.symbol] = cookie;
  wallets[t.symbol] = wallet;
}

/** The symbols of the cards on the page, in order. */
async function cardSymbols(page: Page): Promise<string[]> {
  return page
    .getByTestId("explore-card")
    .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-symbol") ?? ""));
}

async function waitForSymbols(page: Page, expected: string[], what: string) {
  let last: string[] = [];
  await waitFor(
    async () => {
      last = await cardSymbols(page);
      return JSON.stringify(last) === JSON.stringify(expected);
    },
    `${what}: expected ${expected.join(",")}, saw ${last.join(",")}`,
  );
}

async function apiOrder(sort: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/explore?sort=${sort}`);
  return ((await res.json()) as ExplorePage).tokens.map((t) => t.symbol);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(serverEnv()), launchBrowser()]);
  for (const t of TOKENS) await launch(t);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("/explore", () => {
  it("shows every launched token, searches by symbol, sorts by tab, and links to the token page", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    // From the landing page's call to action.
    await page.getByRole("link", { name: "Explore creators" }).click();
    await page.waitForURL((u) => u.pathname === "/explore");
    await page.getByRole("heading", { level: 1, name: "Explore creators" }).waitFor();
    await waitForSymbols(page, ["ZENG", "BOXY", "KATZ"], "newest first");

    // A card tells what a fan needs: name, symbol, creator, holders, and that no market is open.
    const kat = page.locator('[data-testid="explore-card"][data-symbol="KATZ"]');
    const katText = (await kat.textContent()) ?? "";
    for (const part of ["Kat Sounds", "$KATZ", "by @explore_kat", "Holders", "Market cap", "No market yet"]) {
      expect(katText, part).toContain(part);
    }
    expect(await kat.locator("img").getAttribute("src")).toBe(`/api/tokens/${mints.KATZ}/image.svg`);

    expect(await seriousA11yFindings(page)).toEqual([]);

    // Search by symbol narrows to one, and lands in the URL (a link shares the view).
    await page.getByRole("searchbox", { name: "Search tokens by name, symbol or creator" }).fill("boxy");
    await waitForSymbols(page, ["BOXY"], "search by symbol");
    await waitFor(() => new URL(page.url()).searchParams.get("q") === "boxy", "q in the URL");
    // Said to screen readers, and the cards' headings sit under a heading of their own level.
    await page.getByRole("status").filter({ hasText: "1 token matching “boxy”" }).waitFor();
    const levels = await page.evaluate(() =>
      [...document.querySelectorAll("main h1, main h2, main h3, main h4")].map((h) => Number(h.tagName[1])),
    );
    expect(
      levels.every((level, i) => i === 0 || level <= (levels[i - 1] ?? 0) + 1),
      String(levels),
    ).toBe(true);

    // Nothing matches: the empty state resets the search.
    await page.getByRole("searchbox").fill("no such creator");
    await page.getByRole("heading", { name: "No tokens match “no such creator”" }).waitFor();
    expect(await seriousA11yFindings(page)).toEqual([]);
    await page.getByRole("button", { name: "Reset search" }).click();
    await waitForSymbols(page, ["ZENG", "BOXY", "KATZ"], "after reset");
    expect(new URL(page.url()).search).toBe("");

    // Each tab shows the server's order for its sort, and names itself in the URL.
    for (const [tab, sort] of [
      ["Holders", "holders"],
      ["Market cap", "marketCap"],
      ["Trending", "trending"],
      ["New", "new"],
    ] as const) {
      await page.getByRole("tab", { name: tab }).click();
      expect(await page.getByRole("tab", { name: tab }).getAttribute("aria-selected")).toBe("true");
      await waitFor(
        () => (new URL(page.url()).searchParams.get("sort") ?? "new") === sort,
        `sort=${sort} in the URL`,
      );
      await waitForSymbols(page, await apiOrder(sort), `${tab} order`);
    }

    // A shared link opens the same view.
    await page.goto("/explore?sort=holders&q=%24zeng");
    await waitForSymbols(page, ["ZENG"], "shared link");
    expect(await page.getByRole("tab", { name: "Holders" }).getAttribute("aria-selected")).toBe("true");

    // The card's name is its link to the token page.
    await page.getByRole("link", { name: "Zen Garden" }).click();
    await page.waitForURL((u) => u.pathname === `/token/${mints.ZENG}`);
    await page.getByRole("heading", { level: 1, name: "Zen Garden" }).waitFor();

    // The header links back to Explore from any page.
    await page.getByRole("banner").getByRole("link", { name: "Explore" }).click();
    await page.waitForURL((u) => u.pathname === "/explore");
    assertClean();
    await context.close();
  });

  it("pages with Load more: 24 cards, then the rest, each token once", async () => {
    // 22 more launches (25 in all), from three more creators: launches are capped per account.
    const letters = "ACDEFHJKMNPQTUXY"; // none alike (no I/L/R, O/0, S/5, B/8, V/W)
    const extra = Array.from({ length: 22 }, (_, i) => {
      const symbol = `QX${letters[Math.floor(i / letters.length)]}${letters[i % letters.length]}`;
      return { name: `Batch ${symbol}`, symbol, user: `explore_batch${Math.floor(i / 8)}` };
    });
    for (const t of extra) {
      if (!cookies[t.user]) {
        const reg = await postJson<{ user: { id: string } }>(server.url, "/api/register", {
          username: t.user,
          email: `${t.user}@example.com`,
          password: "explore-pass-42",
        });
        expect(reg.status).toBe(201);
        cookies[t.user] = reg.cookie ?? "";
        userIds[t.user] = reg.body.user.id;
        const gen = await postJson<{ wallet: { publicKey: string } }>(
          server.url,
          "/api/wallet/generate",
          {},
          reg.cookie,
        );
        wallets[t.user] = gen.body.wallet.publicKey;
        await postJson(
          server.url,
          "/api/wallet/airdrop",
          { address: wallets[t.user], amount: 2 },
          reg.cookie,
        );
      }
      const created = await postJson(
        server.url,
        "/api/tokens/create",
        {
          name: t.name,
          symbol: t.symbol,
          totalSupply: "1000",
          userId: userIds[t.user],
          creatorWallet: wallets[t.user],
        },
        cookies[t.user],
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const all = [...extra.map((t) => t.symbol).reverse(), "ZENG", "BOXY", "KATZ"];

    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/explore");
    await waitForSymbols(page, all.slice(0, 24), "first page");
    await page.getByRole("button", { name: "Load more" }).click();
    await waitForSymbols(page, all, "after Load more");
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
    assertClean();
    await context.close();
  });

  // Holders come from the chain indexer.
  it("the Holders tab puts the most-held token first", async () => {
    for (const [i, fan] of ["explore_fan1", "explore_fan2"].entries()) {
      const reg = await postJson(server.url, "/api/register", {
        username: fan,
        email: `${fan}@example.com`,
        password: "explore-pass-42",
      });
      expect(reg.status).toBe(201);
      const gen = await postJson<{ wallet: { publicKey: string } }>(
        server.url,
        "/api/wallet/generate",
        {},
        reg.cookie,
      );
      expect(gen.status).toBe(201);
      const sent = await postJson(
        server.url,
        `/api/tokens/${mints.KATZ}/transfer`,
        { to: fan, amount: String(10 + i) },
        cookies.KATZ,
      );
      expect(sent.status).toBe(200);
    }
    // The indexer records the transfers just after they are acknowledged.
    await waitFor(async () => (await apiOrder("holders"))[0] === "KATZ", "holders indexed");
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/explore?sort=holders");
    // KATZ has three holders (its creator and two fans), every other token one: its creator.
    await waitFor(async () => (await cardSymbols(page))[0] === "KATZ", "most held first");
    expect(await cardSymbols(page)).toEqual((await apiOrder("holders")).slice(0, 24));
    assertClean();
    await context.close();
  });
});
