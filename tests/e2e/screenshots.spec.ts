import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { newContext, screenshotPath } from "./public-support";

// Full-page screenshots of every public page at a phone (375 px) and a laptop (1280 px)
// width, light and dark, saved under test-results/screenshots/ as artifacts to look at.

const PAGES = [
  { name: "landing", path: "/" },
  { name: "vision", path: "/vision" },
  { name: "gemini-cli-guide", path: "/gemini-cli-guide" },
  { name: "privacy", path: "/privacy" },
  { name: "terms", path: "/terms" },
  { name: "not-found", path: "/no-such-page" },
] as const;
const WIDTHS = [375, 1280] as const;
const SCHEMES = ["light", "dark"] as const;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("screenshots", () => {
  for (const scheme of SCHEMES) {
    for (const width of WIDTHS) {
      it(`every public page at ${width} px, ${scheme}`, async () => {
        const context = await newContext(browser, server.url, {
          viewport: { width, height: width < 640 ? 812 : 800 },
          colorScheme: scheme,
          reducedMotion: "reduce",
        });
        const { page, assertClean } = await openPage(context);
        for (const p of PAGES) {
          await page.goto(p.path);
          await page.getByRole("heading", { level: 1 }).waitFor();
          await page.evaluate(() => document.fonts.ready);
          if (p.name === "landing") await page.getByText("Live on this platform:").waitFor();
          await page.screenshot({ path: screenshotPath(`${p.name}-${width}-${scheme}.png`), fullPage: true });
          // An unknown page is served with status 404, which Chromium logs; nothing else may log.
          assertClean(p.name === "not-found" ? [/status of 404 \(Not Found\)/] : []);
        }
        await context.close();
      });
    }
  }
});
