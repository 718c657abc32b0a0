import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { currentToast, isInView, newContext, signUp, waitFor } from "./public-support";

// The landing page: section order, calls to action signed out and in, smooth-scroll
// navigation, the FAQ accordion by keyboard, the demo dialog, and configured links.

const SECTION_ORDER = [
  "hero-title",
  "problem",
  "comparison",
  "why",
  "how-it-works",
  "features",
  "demo",
  "testimonials",
  "early-title",
  "pricing",
  "faq",
];

let server: RunningServer;
let linked: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, linked, browser] = await Promise.all([
    startServer(),
    startServer({
      LINK_DISCORD: "https://discord.example/invite",
      LINK_DEMO_CALL: "https://cal.example/demo",
      LINK_COMPARISON_VIDEO: "https://video.example/comparison",
      LINK_GITHUB: "https://github.example/launchpad",
      LINK_TWITTER: "https://twitter.example/launchpad",
      LINK_DEMO_VIDEO: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), linked?.stop()]);
});

async function hrefOf(page: Page, name: string): Promise<string | null> {
  return page.getByRole("link", { name, exact: true }).first().getAttribute("href");
}

describe("landing, signed out", () => {
  it("shows every section in the spec's order, with the spec's strings", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    const foreign: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(server.url) && !/^(data|blob):/.test(r.url())) foreign.push(r.url());
    });
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const order = await page.evaluate(
      (ids) => ids.map((id) => document.getElementById(id)?.getBoundingClientRect().top ?? -1),
      SECTION_ORDER,
    );
    expect(order.every((y) => y >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const text = await page.locator("main").innerText();
    for (const s of [
      "30%",
      "0%",
      "1 day",
      "Coming Soon: Live Demo",
      "Create Profile",
      "AI Generation",
      "Launch",
      "Unlock Rewards",
      "Free Launch",
      "$0",
      "2.5%",
      "Pro Dashboard",
      "$10",
      "API Access",
    ]) {
      expect(text, s).toContain(s);
    }
    expect(await page.locator("#why li").count()).toBe(3);
    expect(await page.locator("#how-it-works li").count()).toBe(4);
    expect(await page.locator("#features li").count()).toBe(8);
    expect(await page.locator("#testimonials figure").count()).toBe(3);
    expect(text).toContain("Illustrative stories");
    // Live counts come from this server's database and say so.
    await page.getByText("Live on this platform:").waitFor();
    expect(await page.getByTestId("live-tokens").innerText()).toBe("0");
    // Pricing: Pro is marked popular; API Access is disabled and labelled Coming Soon.
    const pricing = page.locator("#pricing");
    expect(await pricing.getByText("Most popular").isVisible()).toBe(true);
    const api = pricing.locator("li[data-coming-soon]");
    expect(await api.getByRole("heading").innerText()).toBe("API Access");
    expect(await api.getByRole("button", { name: "Coming Soon" }).isDisabled()).toBe(true);
    // Footer: copyright, the legal pages, and no configured link when none is set.
    const footer = await page.locator("footer").innerText();
    expect(footer).toContain("© 2024");
    expect(footer).toMatch(/made by the founders/i);
    for (const hidden of [
      "Whitepaper",
      "Discord",
      "Twitter",
      "Mirror",
      "GitHub",
      "Watch Comparison",
      "Join Discord Community",
      "Schedule Demo Call",
    ]) {
      expect(await page.getByRole("link", { name: hidden }).count(), hidden).toBe(0);
    }
    // Never a dead link.
    expect(await page.locator('a[href="#"], a:not([href])').count()).toBe(0);
    // Fonts, images and scripts are self-hosted: nothing is fetched from anywhere else.
    await page.waitForLoadState("networkidle");
    expect(foreign).toEqual([]);
    assertClean();
    await context.close();
  });

  it("claims no figure beyond the live counts; figures that are not ours say so", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    await page.getByTestId("live-tokens").waitFor();
    await page.getByTestId("early-live").waitFor();
    const stats = (await (await context.request.get("/api/site")).json()).stats as {
      tokensLaunched: number;
      creators: number;
    };
    const text = await page.locator("main").innerText();
    // No open-ended counts ("1,247+ creators", "$2.1M+"): only the live ones.
    expect(text.match(/\$?\d[\d,.]*\s*[KM]?\+/g)).toBeNull();
    expect(await page.getByTestId("live-tokens").innerText()).toBe(String(stats.tokensLaunched));
    expect(await page.getByTestId("live-creators").innerText()).toBe(String(stats.creators));
    // The early-adopter goal sits beside where we really are.
    expect(await page.getByTestId("early-live").innerText()).toContain(`So far ${stats.creators} creator`);
    // Industry figures and sample stories are labelled as not ours.
    expect(await page.locator("#problem").innerText()).toContain("Industry figures");
    expect(await page.locator("#testimonials").innerText()).toContain("not live platform data");
    assertClean();
    await context.close();
  });

  it("sends every call to action to sign-in, and Connect Wallet to the wallet tab", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    await page.getByText("Live on this platform:").waitFor();
    expect(await hrefOf(page, "Create with AI • FREE")).toBe("/auth");
    expect(await hrefOf(page, "Start Building Now")).toBe("/auth");
    expect(await hrefOf(page, "Start My Creator Economy Now")).toBe("/auth");
    expect(await hrefOf(page, "Read the Vision")).toBe("/vision");
    expect(await hrefOf(page, "Connect Wallet")).toBe("/auth?tab=wallet");
    expect(await hrefOf(page, "Privacy Policy")).toBe("/privacy");
    expect(await hrefOf(page, "Terms of Service")).toBe("/terms");

    await page.getByRole("link", { name: "Read the Vision" }).click();
    await page.waitForURL("**/vision");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.goBack();
    await page.getByRole("link", { name: "Connect Wallet" }).click();
    await page.waitForURL("**/auth?tab=wallet");
    await page.goto("/");
    await page.getByRole("link", { name: "Create with AI • FREE" }).click();
    await page.waitForURL((u) => u.pathname === "/auth");
    assertClean();
    await context.close();
  });

  it("scrolls to Features, How It Works and Pricing from the top bar, and from the mobile menu", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    for (const [label, id] of [
      ["Features", "features"],
      ["How It Works", "how-it-works"],
      ["Pricing", "pricing"],
    ] as const) {
      await nav.getByRole("button", { name: label }).click();
      await waitFor(() => isInView(page, `#${id}`), `${id} in view`);
      // Focus follows, so keyboard users continue from the section.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
    }

    await page.setViewportSize({ width: 375, height: 740 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const menu = page.getByRole("button", { name: "Open menu" });
    await menu.click();
    expect(await page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    await page
      .getByRole("navigation", { name: "Main (mobile)" })
      .getByRole("button", { name: "Pricing" })
      .click();
    await waitFor(() => isInView(page, "#pricing"), "pricing in view (mobile)");
    expect(await page.getByRole("navigation", { name: "Main (mobile)" }).isVisible()).toBe(false);
    assertClean();
    await context.close();
  });

  it("opens FAQ answers with the keyboard, one at a time", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    const triggers = page.locator("#faq h3 > button");
    await triggers.first().waitFor();
    expect(await triggers.count()).toBe(5);
    const first = triggers.nth(0);
    const second = triggers.nth(1);
    expect(await first.innerText()).toMatch(/legal/i);
    await first.focus();
    await page.keyboard.press("Enter");
    expect(await first.getAttribute("aria-expanded")).toBe("true");
    const panelId = await first.getAttribute("aria-controls");
    expect(await page.locator(`[id="${panelId}"]`).innerText()).toMatch(/test network/i);
    await page.keyboard.press("ArrowDown");
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Space");
    expect(await second.getAttribute("aria-expanded")).toBe("true");
    expect(await first.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Enter");
    expect(await second.getAttribute("aria-expanded")).toBe("false");
    const questions = await triggers.allInnerTexts();
    expect(questions.join("\n")).toMatch(
      /legal[\s\S]*following[\s\S]*donations[\s\S]*value[\s\S]*blockchain/i,
    );
    assertClean();
    await context.close();
  });

  it("Watch Demo opens a guided walkthrough dialog that traps focus and gives it back", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    const watch = page.getByRole("button", { name: "Watch Demo" });
    await watch.click();
    const dialog = page.getByRole("dialog", { name: /guided walkthrough/i });
    await dialog.waitFor();
    for (const step of ["AI Identity", "Connect Wallet", "Review & Deploy"]) {
      expect(await dialog.innerText()).toContain(step);
      await dialog.getByRole("button", { name: "Next step" }).click();
    }
    expect(await dialog.innerText()).toContain("Success");
    expect(await dialog.getByRole("link", { name: "Start Building Now" }).getAttribute("href")).toBe("/auth");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Radix hands focus back in a timer after the dialog unmounts, not in the same task.
    await waitFor(() => watch.evaluate((el) => el === document.activeElement), "focus back on Watch Demo");
    assertClean();
    await context.close();
  });

  it("shows a toast-free, error-free page for a visitor with no session", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    await page.getByText("Live on this platform:").waitFor();
    expect(await currentToast(page)).toBeNull();
    assertClean();
    await context.close();
  });
});

describe("landing, signed in", () => {
  it("sends the calls to action to the wizard", async () => {
    const context = await newContext(browser, server.url);
    await signUp(context);
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    await waitFor(
      async () => (await hrefOf(page, "Create with AI • FREE")) === "/create",
      "CTA points to /create",
    );
    expect(await hrefOf(page, "Start Building Now")).toBe("/create");
    expect(await hrefOf(page, "Start My Creator Economy Now")).toBe("/create");
    expect(await hrefOf(page, "Go to Dashboard")).toBe("/dashboard");
    await page.getByRole("link", { name: "Start My Creator Economy Now" }).click();
    await page.waitForURL("**/create");
    assertClean();
    await context.close();
  });
});

describe("landing with configured links", () => {
  it("shows the external links, opening in a new tab, and plays the configured demo video", async () => {
    const context = await newContext(browser, linked.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    const watch = page.getByRole("link", { name: /Watch Comparison/ });
    await watch.waitFor();
    expect(await watch.getAttribute("href")).toBe("https://video.example/comparison");
    expect(await watch.getAttribute("target")).toBe("_blank");
    expect(await watch.getAttribute("rel")).toContain("noopener");
    expect(await page.getByRole("link", { name: /Join Discord Community/ }).getAttribute("href")).toBe(
      "https://discord.example/invite",
    );
    expect(await page.getByRole("link", { name: /Schedule Demo Call/ }).getAttribute("href")).toBe(
      "https://cal.example/demo",
    );
    const footer = page.locator("footer");
    expect(await footer.getByRole("link", { name: /GitHub/ }).getAttribute("href")).toBe(
      "https://github.example/launchpad",
    );
    expect(await footer.getByRole("link", { name: /Twitter/ }).count()).toBe(1);
    expect(await footer.getByRole("link", { name: /Mirror/ }).count()).toBe(0);

    // Block the third-party player: the test checks our dialog, not YouTube.
    await context.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({ status: 204, body: "" }),
    );
    await page.getByRole("button", { name: "Watch Demo" }).click();
    const dialog = page.getByRole("dialog", { name: "Product demo" });
    await dialog.waitFor();
    expect(await dialog.locator("iframe").getAttribute("src")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
    await dialog.getByRole("button", { name: "Close demo" }).click();
    await dialog.waitFor({ state: "detached" });
    assertClean();
    await context.close();
  });
});
