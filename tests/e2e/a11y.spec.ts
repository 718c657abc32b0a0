import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { newContext, signUp } from "./public-support";
import { settleAnimations } from "./support/axe";

// axe-core on every route: zero serious or critical violations (WCAG 2.1 A/AA rules plus
// axe best practices). Public pages are checked signed out, in light and dark themes, and
// with the landing's dialog and FAQ open; app pages signed in, so they show their real state.

// /ai-agents and /nft-rewards are reachable signed out too (with "Sign in" links in their text).
const PUBLIC = [
  "/",
  "/vision",
  "/gemini-cli-guide",
  "/privacy",
  "/terms",
  "/ai-agents",
  "/nft-rewards",
  "/explore",
  "/no-such-page",
] as const;
const APP = ["/auth", "/create", "/dashboard", "/analytics", "/nft-rewards", "/ai-agents"] as const;

const NOT_FOUND_LOG = /Failed to load resource: the server responded with a status of 404/;

let server: RunningServer;
let browser: Browser;
let signedIn: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  signedIn = await newContext(browser, server.url);
  await signUp(signedIn);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

async function audit(
  context: BrowserContext,
  path: string,
  prepare?: (page: import("playwright-core").Page) => Promise<void>,
) {
  const { page, assertClean } = await openPage(context);
  await page.goto(path);
  await page.locator("main, [role=main]").first().waitFor();
  await page
    .getByRole("heading", { level: 1 })
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => {});
  // Let lazy data (session, site info) settle so axe sees the finished page.
  await page.waitForLoadState("networkidle");
  if (prepare) await prepare(page);
  await settleAnimations(page);
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const findings: Finding[] = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? "",
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
    }));
  await page.close();
  return { findings, assertClean };
}

describe("accessibility: public pages, signed out", () => {
  for (const scheme of ["light", "dark"] as const) {
    for (const path of PUBLIC) {
      it(`${path} (${scheme})`, async () => {
        const context = await newContext(browser, server.url, { colorScheme: scheme });
        const { findings, assertClean } = await audit(context, path);
        expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
        // An unknown page answers 404 (the browser logs that); nothing else may.
        assertClean(path === "/no-such-page" ? [NOT_FOUND_LOG] : []);
        await context.close();
      });
    }
  }

  it("/ with the FAQ open, the mobile menu open, and the demo dialog open", async () => {
    const context = await newContext(browser, server.url, { viewport: { width: 375, height: 812 } });
    const { findings, assertClean } = await audit(context, "/", async (page) => {
      await page.locator("#faq h3 > button").first().click();
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("button", { name: "Watch Demo" }).click();
      await page.getByRole("dialog").waitFor();
    });
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
    assertClean();
    await context.close();
  });

  it("/ai-agents signed out: links inside text stand out by more than colour (link-in-text-block)", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/ai-agents");
    await page.locator("main").getByRole("link", { name: "Sign in" }).waitFor();
    await settleAnimations(page);
    const result = await new AxeBuilder({ page }).withRules(["link-in-text-block"]).analyze();
    // Any impact counts, and a check axe could not finish counts too.
    expect(result.violations.map((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
    expect(result.incomplete.map((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
    expect(result.passes.map((v) => v.id)).toContain("link-in-text-block");
    assertClean();
    await context.close();
  });

  it("/gemini-cli-guide on every tab", async () => {
    const context = await newContext(browser, server.url);
    for (const tab of ["Installation", "Setup", "Usage", "Commands"]) {
      const { findings } = await audit(context, "/gemini-cli-guide", async (page) => {
        await page.getByRole("tab", { name: tab }).click();
      });
      expect(findings, `${tab}: ${JSON.stringify(findings, null, 2)}`).toEqual([]);
    }
    await context.close();
  });
});

describe("accessibility: app pages, signed in", () => {
  for (const path of APP) {
    it(path, async () => {
      const { findings, assertClean } = await audit(signedIn, path);
      expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
      assertClean();
    });
  }
});
