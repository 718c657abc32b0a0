import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { expect } from "vitest";

/** Shared helpers for the public-page e2e specs (landing, vision, guide, legal, a11y,
 * screenshots). The server serves CLIENT_DIST when set (startServer passes the
 * environment through), else dist/client as built by `npm run test:e2e`. */

export async function newContext(
  browser: Browser,
  baseURL: string,
  opts: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, ...opts });
}

/** Signs a fresh user up through the accounts API; the session cookie lands in the context. */
export async function signUp(context: BrowserContext): Promise<{ username: string }> {
  const id = randomBytes(4).toString("hex");
  const username = `fan_${id}`;
  const res = await context.request.post("/api/register", {
    data: { username, email: `${username}@example.com`, password: "correct-horse-battery" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username };
}

/** Polls until `fn` holds (vitest has no auto-waiting expect for Playwright locators). */
export async function waitFor(
  fn: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Is the element's top edge inside the viewport (below the fixed top bar)? */
export async function isInView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight * 0.5;
  }, selector);
}

/** The toast currently on screen (its title and description), or null. */
export async function currentToast(page: Page): Promise<{ text: string; role: string } | null> {
  return page.evaluate(() => {
    const el = document.querySelector("[data-toast]");
    if (!el) return null;
    const region = el.closest("[role]");
    return { text: (el as HTMLElement).innerText, role: region?.getAttribute("role") ?? "" };
  });
}

export const SCREENSHOT_DIR = path.resolve("test-results/screenshots");
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, name);
}

/** Launches a token for the context's signed-in user through the API (new embedded wallet,
 * test SOL, create) and returns its mint address. */
export async function launchTokenViaApi(
  context: BrowserContext,
  token: { name: string; symbol: string; description: string },
  market?: { curveShareBps: number; creatorBuyLamports?: string },
): Promise<string> {
  const me = await (await context.request.get("/api/auth/me")).json();
  const wallet = await context.request.post("/api/wallet/generate", { data: {} });
  expect(wallet.status(), await wallet.text()).toBe(201);
  const publicKey = (await wallet.json()).wallet.publicKey as string;
  const airdrop = await context.request.post("/api/wallet/airdrop", {
    data: { address: publicKey, amount: 2 },
  });
  expect(airdrop.status(), await airdrop.text()).toBe(200);
  const created = await context.request.post("/api/tokens/create", {
    data: {
      ...token,
      totalSupply: "1000000",
      userId: me.user?.id ?? me.id,
      creatorWallet: publicKey,
      ...(market ? { market } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).mintAddress as string;
}
