import { SPA_ROUTES } from "@shared/routes";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findBannedPhrase } from "../../src/server/ai/wording";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { launchTokenViaApi, newContext, signUp } from "./public-support";

// /vision, /privacy, /terms and the 404 fallback: content, navigation and calls to action.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("/vision", () => {
  it("shows the vision, sends 'Start Your Economy Today' to sign-in, and links back home", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/vision");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(3);
    const cta = page.getByRole("link", { name: "Start Your Economy Today" });
    expect(await cta.getAttribute("href")).toBe("/auth");
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("link", { name: "Create with AI • FREE" }).waitFor();
    await page.goto("/vision");
    await page.getByRole("link", { name: "Start Your Economy Today" }).click();
    await page.waitForURL((u) => u.pathname === "/auth");
    assertClean();
    await context.close();
  });

  it("sends a signed-in creator straight to the wizard", async () => {
    const context = await newContext(browser, server.url);
    await signUp(context);
    const { page, assertClean } = await openPage(context);
    await page.goto("/vision");
    const cta = page.getByRole("link", { name: "Start Your Economy Today" });
    await cta.waitFor();
    // The link turns to /create once the session is read: wait for this link, not for any
    // link to /create (another on the page could be there first).
    await page
      .getByRole("link", { name: "Start Your Economy Today" })
      .and(page.locator('a[href="/create"]'))
      .waitFor();
    expect(await cta.getAttribute("href")).toBe("/create");
    assertClean();
    await context.close();
  });
});

describe("no investment language", () => {
  // A creator token is a membership, not a security: the public site uses none of the phrases
  // the AI drafts may not use either (the legal pages say what a token is not, on purpose).
  it("/, every FAQ answer, /vision and /auth contain no banned phrase", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    const found: string[] = [];
    const check = (where: string, text: string) => {
      const phrase = findBannedPhrase(text);
      if (phrase) found.push(`${where}: "${phrase}"`);
    };
    for (const path of ["/", "/vision", "/auth"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
      check(path, await page.locator("body").innerText());
    }
    // The FAQ shows one answer at a time: open each.
    await page.goto("/");
    const questions = page.locator("#faq h3 > button");
    await questions.first().waitFor();
    const count = await questions.count();
    expect(count).toBe(5);
    for (let i = 0; i < count; i++) {
      const question = questions.nth(i);
      const name = await question.innerText();
      await question.click();
      const answer = await page.getByRole("region", { name }).innerText();
      expect(answer.length).toBeGreaterThan(20);
      check(`FAQ "${name}"`, `${name}\n${answer}`);
    }
    expect(found).toEqual([]);
    assertClean();
    await context.close();
  });
});

describe("legal pages", () => {
  for (const [path, title, must] of [
    ["/privacy", "Privacy Policy", ["Solana Devnet", "encrypted", "AI", "cookie"]],
    ["/terms", "Terms of Service", ["no monetary value", "financial", "Wallets", "AI"]],
  ] as const) {
    it(`${title} is a real page reached from the footer`, async () => {
      const context = await newContext(browser, server.url);
      const { page, assertClean } = await openPage(context);
      await page.goto("/");
      await page.locator("footer").getByRole("link", { name: title }).click();
      await page.waitForURL((u) => u.pathname === path);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
      const text = await page.locator("main").innerText();
      for (const s of must) expect(text, s).toContain(s);
      // Table of contents jumps within the page.
      const toc = page.getByRole("navigation", { name: "On this page" });
      const first = toc.getByRole("link").first();
      const target = (await first.getAttribute("href")) ?? "";
      await first.click();
      await page.waitForFunction((hash) => location.hash === hash, target);
      assertClean();
      await context.close();
    });
  }
});

describe("unknown routes", () => {
  it("show the 404 page with a way home", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    const res = await page.goto("/definitely/not/a/page");
    expect(res?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("404 Page Not Found");
    expect(await page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    assertClean([/Failed to load resource: the server responded with a status of 404/]);
    await context.close();
  });
});

describe("responsive", () => {
  it("every route fits 320 px, signed in, with a long token name and mint: no sideways scrolling", async () => {
    const context = await newContext(browser, server.url, { viewport: { width: 320, height: 740 } });
    await signUp(context);
    // With a market and a first trade (the creator's buy), so the token page shows trades.
    const mint = await launchTokenViaApi(
      context,
      {
        name: "ExtraordinarilyLongwindedSynthwaveCollectiveTokens", // 50: the maximum, unbreakable
        symbol: "LONGNAMES1",
        description: `${"Supercalifragilisticexpialidocious-".repeat(6)} and a description that goes on.`,
      },
      { curveShareBps: 8_000, creatorBuyLamports: "100000000" },
    );
    const { page, assertClean } = await openPage(context);
    // /dashboard shows the token card and the holdings row with the 50-character name.
    const paths = [...SPA_ROUTES.map((r) => r.replace(":mint", mint)), "/nope"];
    for (const path of paths) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
      const problems = await page.evaluate(() => {
        const out: string[] = [];
        if (document.documentElement.scrollWidth > window.innerWidth) {
          out.push(`page scrolls sideways: ${document.documentElement.scrollWidth}px`);
        }
        for (const el of document.querySelectorAll<HTMLElement>(
          "main a, main button, header a, header button",
        )) {
          const r = el.getBoundingClientRect();
          if (r.width === 0) continue;
          if (r.left < 0 || r.right > window.innerWidth)
            out.push(`${el.textContent?.trim()}: ${r.left}..${r.right}`);
        }
        return out;
      });
      expect(problems, path).toEqual([]);
    }

    // The token page's recent trades: two lines a trade on a phone, not a table to scroll.
    await page.goto(`/token/${mint}`);
    await page.locator('[data-testid="trade-item"][data-side="buy"]').first().waitFor();
    expect(await page.getByTestId("recent-trades").isVisible()).toBe(false);

    // The wizard's review with the longest name: the preview truncates it, at any width.
    await page.goto("/create");
    await page.getByRole("button", { name: "Skip: I'll fill in my token myself" }).click();
    await page.getByLabel("Token name").fill("The Lisbon Street Photography Zine Collective 50");
    for (const width of [320, 375, 768]) {
      await page.setViewportSize({ width, height: 740 });
      const create = await page.getByRole("button", { name: "Create Token" }).boundingBox();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect([scrollWidth, (create?.x ?? 0) + (create?.width ?? 0) <= width], `review at ${width}`).toEqual([
        width,
        true,
      ]);
    }
    assertClean([/Failed to load resource: the server responded with a status of 404/]);
    await context.close();
  });

  it("the mobile menu is opaque: the page does not show through its items", async () => {
    const context = await newContext(browser, server.url, { viewport: { width: 375, height: 812 } });
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Main (mobile)" });
    await menu.waitFor();
    const alpha = await menu.evaluate((el) => {
      const c = getComputedStyle(el).backgroundColor;
      const m = c.match(/rgba?\(([^)]+)\)/);
      const parts = m?.[1]?.split(/[ ,/]+/).filter(Boolean) ?? [];
      return parts.length === 4 ? Number(parts[3]) : c === "transparent" ? 0 : 1;
    });
    expect(alpha).toBe(1);
    assertClean();
    await context.close();
  });
});
