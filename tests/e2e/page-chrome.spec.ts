import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { newContext, signUp, waitFor } from "./public-support";
import { serverEnv } from "./support/env";

// What every page shares: its own title in the browser tab, and one header for the same person.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(serverEnv()), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function titleBecomes(page: Page, title: string): Promise<void> {
  await waitFor(async () => (await page.title()) === title, `title "${title}" (was "${await page.title()}")`);
}

describe("page titles", () => {
  it("each route names itself in the tab, also after moving between pages in the app", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    const titles: Array<[string, string]> = [
      ["/explore", "Explore · CreatorCoin"],
      ["/dashboard", "Dashboard · CreatorCoin"],
      ["/create", "Create your token · CreatorCoin"],
      ["/analytics", "Analytics · CreatorCoin"],
      ["/nft-rewards", "NFT Rewards · CreatorCoin"],
      ["/ai-agents", "AI Agents · CreatorCoin"],
      ["/auth", "Sign in · CreatorCoin"],
      ["/vision", "Our vision · CreatorCoin"],
      ["/gemini-cli-guide", "Gemini CLI guide · CreatorCoin"],
      ["/no-such-page", "Page not found · CreatorCoin"],
      ["/", "CreatorCoin: launch your creator token"],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await titleBecomes(page, title);
    }
    // Moving inside the app (no page load) names the new page too.
    await page.goto("/explore");
    await titleBecomes(page, "Explore · CreatorCoin");
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.pathname === "/auth");
    await titleBecomes(page, "Sign in · CreatorCoin");
    assertClean([/status of 404/]);
    await context.close();
  });
});

describe("the header", () => {
  it("is the same on every page for the same person", async () => {
    const context = await newContext(browser, server.url);
    await signUp(context);
    const { page, assertClean } = await openPage(context);
    const banner = page.getByRole("banner");
    const entries = async () => {
      await banner.getByRole("button", { name: "Sign out" }).waitFor();
      const names = await banner.locator("a:visible, button:visible").allInnerTexts();
      return names.map((n) => n.trim()).filter(Boolean);
    };
    await page.goto("/dashboard");
    const onDashboard = await entries();
    for (const name of ["Explore", "Create", "Dashboard", "Analytics", "Rewards", "AI Agents", "Sign out"])
      expect(onDashboard).toContain(name);
    const current = () => banner.locator('a[aria-current="page"]:visible').allInnerTexts();
    expect(await current()).toEqual(["Dashboard"]);
    for (const path of ["/explore", "/vision", "/create", "/gemini-cli-guide", "/no-such-page"]) {
      await page.goto(path);
      expect(await entries(), path).toEqual(onDashboard);
      // The bar marks where the person is (for screen readers too), and nothing off its links.
      expect(await current(), path).toEqual(
        path === "/explore" ? ["Explore"] : path === "/create" ? ["Create"] : [],
      );
    }
    assertClean([/status of 404/]);
    await context.close();
  });
  it("on a phone, the menu says who is signed in (the bar shows only Sign out)", async () => {
    const context = await newContext(browser, server.url, { viewport: { width: 390, height: 844 } });
    const { username } = await signUp(context);
    const { page, assertClean } = await openPage(context);
    await page.goto("/explore");
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: "Sign out" }).waitFor();
    expect(await banner.getByTestId("account-name").isVisible()).toBe(false);
    await banner.getByRole("button", { name: "Open menu" }).click();
    const menu = banner.getByRole("navigation", { name: "Main (mobile)" });
    expect(await menu.getByTestId("menu-account-name").innerText()).toBe(`Signed in as ${username}`);
    expect(await menu.locator('a[aria-current="page"]').allInnerTexts()).toEqual(["Explore"]);
    assertClean();
    await context.close();
  });
});
