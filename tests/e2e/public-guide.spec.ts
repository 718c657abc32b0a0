import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { currentToast, newContext, waitFor } from "./public-support";

// /gemini-cli-guide: badges, the five tabs (mouse and keyboard), each tab's commands,
// copy buttons with the clipboard allowed and failing, and the closing call to action.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// The spec's durations, written out so a changed constant cannot carry the test along.
const COPY_CONFIRM_MS = 2000; // "shows 'Copied!' for 2 seconds", "a check for 2 seconds"
const TOAST_DURATION_MS = 5000; // "default display 5000 ms"

/** The page's fake clock starts here (installClock, before navigation) and runs with wall
 * time until pauseClock stops it at a fixed point an hour on: always ahead of the clock, however
 * slow the machine (pausing "just ahead of now" raced the running clock). */
const CLOCK_START = Date.parse("2026-01-01T00:00:00Z");
async function installClock(page: Page): Promise<void> {
  await page.clock.install({ time: CLOCK_START });
}
/** From here on the page's timers fire only when the test moves the clock with runFor. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(CLOCK_START + 3_600_000);
}

const TAB_CONTENT: Record<string, string[]> = {
  Overview: ["1M token context", "Free tier"],
  Installation: ["node -v", "npm -v", "npm install -g @google/gemini-cli", "gemini --version"],
  Setup: ['export GEMINI_API_KEY="YOUR_API_KEY"', "~/.zshrc", "~/.bashrc", "theme", "authentication"],
  Usage: ["cd path/to/your-project", "gemini", "@src/", "@package.json"],
  Commands: [
    "@path/to/file.ts",
    "@src/",
    "/help",
    "/clear",
    "/stats",
    "!git status",
    "/editor",
    "/compress",
    "/quit",
  ],
};

describe("/gemini-cli-guide", () => {
  it("shows the badges and the five tabs, switchable by mouse and keyboard", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/gemini-cli-guide");
    const list = page.getByRole("tablist", { name: "Guide sections" });
    await list.waitFor();
    for (const badge of ["AI-Powered", "1M Token Context", "Free Tier Available"]) {
      expect(await page.getByText(badge, { exact: true }).isVisible(), badge).toBe(true);
    }
    expect(await list.getByRole("tab").allInnerTexts()).toEqual(Object.keys(TAB_CONTENT));
    for (const [tab, strings] of Object.entries(TAB_CONTENT)) {
      await list.getByRole("tab", { name: tab }).click();
      expect(await list.getByRole("tab", { name: tab }).getAttribute("aria-selected")).toBe("true");
      const panel = await page.getByRole("tabpanel").innerText();
      for (const s of strings) expect(panel, `${tab}: ${s}`).toContain(s);
    }
    // Keyboard: arrows move between tabs (automatic activation), End/Home to the ends.
    // Radix moves focus on the next tick, so poll rather than read at once.
    const selected = (name: string) => async () =>
      (await list.getByRole("tab", { name }).getAttribute("aria-selected")) === "true";
    await list.getByRole("tab", { name: "Overview" }).click();
    await page.keyboard.press("ArrowRight");
    await waitFor(selected("Installation"), "ArrowRight selects Installation");
    await page.keyboard.press("End");
    await waitFor(selected("Commands"), "End selects Commands");
    await page.keyboard.press("Home");
    await waitFor(selected("Overview"), "Home selects Overview");
    assertClean();
    await context.close();
  });

  it("opens the API key page in a new tab", async () => {
    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/gemini-cli-guide");
    const links = page.getByRole("link", { name: /Get API Key/ });
    await links.first().waitFor();
    expect(await links.count()).toBeGreaterThanOrEqual(1);
    for (const link of await links.all()) {
      expect(await link.getAttribute("href")).toBe("https://aistudio.google.com/app/apikey");
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toContain("noopener");
    }
    // The Setup tab carries its own key button too.
    await page.getByRole("tab", { name: "Setup" }).click();
    expect(
      await page
        .getByRole("tabpanel")
        .getByRole("link", { name: /Get API Key/ })
        .count(),
    ).toBe(1);
    assertClean();
    await context.close();
  });

  it("copies a command: clipboard content, 'Copied!' toast, check icon for 2 seconds", async () => {
    const context = await newContext(browser, server.url, {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const { page, assertClean } = await openPage(context);
    await installClock(page);
    await page.goto("/gemini-cli-guide");
    await page.getByRole("tab", { name: "Installation" }).click();
    const button = page.getByRole("button", { name: "Copy command: npm install -g @google/gemini-cli" });
    await pauseClock(page);
    await button.click();
    await waitFor(async () => (await currentToast(page)) !== null, "toast");
    const toast = await currentToast(page);
    expect(toast?.text).toContain("Copied!");
    expect(toast?.text).toContain("Command copied to clipboard");
    expect(toast?.role).toBe("status");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "npm install -g @google/gemini-cli",
    );
    expect(await button.getAttribute("data-state")).toBe("copied");
    expect(await button.locator("[data-copied]").count()).toBe(1);
    // The check shows for exactly 2 s of the page's (paused) clock, however slow the machine.
    await page.clock.runFor(COPY_CONFIRM_MS - 1);
    expect(await button.getAttribute("data-state")).toBe("copied");
    await page.clock.runFor(1);
    await waitFor(async () => (await button.getAttribute("data-state")) === "idle", "check icon reverts");
    assertClean();
    await context.close();
  });

  it("'Copy Install Command' reads 'Copied!' for 2 seconds", async () => {
    const context = await newContext(browser, server.url, {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const { page, assertClean } = await openPage(context);
    await installClock(page);
    await page.goto("/gemini-cli-guide");
    const cta = page.getByRole("button", { name: "Copy Install Command" });
    await cta.waitFor();
    await pauseClock(page);
    await cta.click();
    const copied = page.getByRole("button", { name: "Copied!" });
    await copied.waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "npm install -g @google/gemini-cli",
    );
    await page.clock.runFor(COPY_CONFIRM_MS - 1);
    expect(await copied.count()).toBe(1);
    await page.clock.runFor(1);
    await cta.waitFor();
    assertClean();
    await context.close();
  });

  it("tells the user to copy by hand when the clipboard refuses", async () => {
    const context = await newContext(browser, server.url);
    await context.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        configurable: true,
        value: {
          writeText: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")),
        },
      });
    });
    const { page, assertClean } = await openPage(context);
    await page.goto("/gemini-cli-guide");
    await page.getByRole("tab", { name: "Commands" }).click();
    const button = page.getByRole("button", { name: "Copy command: /help" });
    await button.click();
    await waitFor(async () => (await currentToast(page)) !== null, "failure toast");
    const toast = await currentToast(page);
    expect(toast?.text).toContain("Copy failed");
    expect(toast?.text).toContain("Please copy the command manually");
    expect(toast?.role).toBe("alert");
    expect(await button.getAttribute("data-state")).toBe("idle");
    // The toast can be dismissed.
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await waitFor(async () => (await currentToast(page)) === null, "toast dismissed");
    assertClean();
    await context.close();
  });

  it("keeps one toast at a time and hides it after 5 seconds", async () => {
    const context = await newContext(browser, server.url, {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const { page, assertClean } = await openPage(context);
    await installClock(page);
    await page.goto("/gemini-cli-guide");
    await page.getByRole("tab", { name: "Installation" }).click();
    await page.getByRole("button", { name: "Copy command: node -v" }).waitFor();
    await pauseClock(page);
    await page.getByRole("button", { name: "Copy command: node -v" }).click();
    await page.getByRole("button", { name: "Copy command: npm -v" }).click();
    await waitFor(async () => (await page.locator("[data-toast]").count()) === 1, "one toast");
    await page.mouse.move(0, 0); // hovering the toast would pause it
    await page.clock.runFor(TOAST_DURATION_MS - 1);
    expect(await page.locator("[data-toast]").count()).toBe(1);
    await page.clock.runFor(1);
    await waitFor(async () => (await page.locator("[data-toast]").count()) === 0, "toast hidden");
    assertClean();
    await context.close();
  });
});
