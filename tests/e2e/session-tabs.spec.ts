import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import {
  contextSignedIn,
  expectToast,
  launchToken,
  memberWithWallet,
  postJson,
  serverEnv,
} from "./support/env";

// Two tabs, one browser, one cookie: when one tab changes who is signed in, the other shows it
// without a reload, rather than show one person while acting (with the new cookie) as another.

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer(serverEnv());
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Bounded: a close that hangs must not hide the failure that got here behind the test's own
 * timeout (one CI run reported only "timed out in 120000ms"). */
async function closeWithin10s(context: BrowserContext): Promise<void> {
  await Promise.race([context.close(), new Promise((r) => setTimeout(r, 10_000))]);
}

async function signIn(page: Page, email: string) {
  await page.goto(`${server.url}/auth`);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password").fill("member-pass-42");
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL(/\/dashboard$/);
}

describe("one session across tabs", () => {
  it("a tab follows a sign-out and a sign-in made in another tab", async () => {
    const carol = await memberWithWallet(server.url, "tabs_carol", { fund: false });
    const bob = await memberWithWallet(server.url, "tabs_bob", { fund: false });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const a = await openPage(context);
      const b = await openPage(context);
      await signIn(a.page, carol.email);
      await b.page.goto(`${server.url}/dashboard`);
      const shownInB = b.page.getByTestId("account-name");
      await shownInB.filter({ hasText: "tabs_carol" }).waitFor();

      await a.page.getByRole("button", { name: "Sign out" }).click();
      await expectToast(a.page, "Signed out");
      await shownInB.waitFor({ state: "detached" });

      await signIn(a.page, bob.email);
      await shownInB.filter({ hasText: "tabs_bob" }).waitFor();
      expect(await shownInB.textContent()).toBe("tabs_bob");
      a.assertClean();
      b.assertClean();
    } finally {
      await closeWithin10s(context);
    }
  });

  it("a sign-out in another tab keeps the create wizard's draft for its writer, and says so", async () => {
    const fay = await memberWithWallet(server.url, "tabs_fay");
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const a = await openPage(context);
      const b = await openPage(context);
      await signIn(a.page, fay.email);
      await a.page.goto(`${server.url}/create`);
      await a.page.getByRole("button", { name: "Skip: I'll fill in my token myself" }).click();
      const name = a.page.getByLabel("Token name");
      await name.fill("Fay Field Notes");

      await b.page.goto(`${server.url}/dashboard`);
      await b.page.getByRole("button", { name: "Sign out" }).click();
      await expectToast(b.page, "Signed out");

      // Tab A keeps what was typed, says why it cannot go on, and offers the way back.
      await a.page.getByText("You were signed out. Sign in to continue").waitFor();
      expect(await name.inputValue()).toBe("Fay Field Notes");
      const kept = await a.page.evaluate(() => JSON.parse(sessionStorage.getItem("create-draft") ?? "{}"));
      expect([kept.userId, kept.step, kept.form?.name]).toEqual([fay.userId, 3, "Fay Field Notes"]);
      const back = a.page.locator("main").getByRole("link", { name: "Sign in" });
      expect(await back.getAttribute("href")).toBe("/auth?next=%2Fcreate");

      // Signing in again (from tab A) comes back to the same draft.
      await back.click();
      await a.page.getByRole("textbox", { name: "Email" }).fill(fay.email);
      await a.page.getByLabel("Password").fill("member-pass-42");
      await a.page.getByRole("button", { name: "Log In" }).click();
      await a.page.waitForURL(/\/create$/);
      await name.waitFor();
      expect(await name.inputValue()).toBe("Fay Field Notes");
      a.assertClean();
      b.assertClean();
    } finally {
      await closeWithin10s(context);
    }
  });

  it("asks a wallet-only account to confirm it saved its secret key before signing out", async () => {
    // Generated without a session: an account with no email, password or browser wallet.
    const made = await postJson<{ wallet: { publicKey: string } }>(server.url, "/api/wallet/generate", {});
    expect(made.status).toBe(201);
    const context = await contextSignedIn(browser, server.url, made.cookie ?? "");
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole("button", { name: "Sign out" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out of a wallet-only account?" });
    await dialog.getByText("you need the secret key", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Stay signed in" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await (await context.request.get(`${server.url}/api/auth/me`)).json()).user).not.toBeNull();

    await page.getByRole("button", { name: "Sign out" }).click();
    await dialog.getByRole("button", { name: "I saved my secret key, sign out" }).click();
    await expectToast(page, "Signed out");
    expect((await (await context.request.get(`${server.url}/api/auth/me`)).json()).user).toBeNull();
    assertClean();
    await context.close();
  });

  it("shows the signed-out state once the server says the session is gone (expired, or its cookie removed)", async () => {
    const dana = await memberWithWallet(server.url, "tabs_dana");
    const mint = await launchToken(server.url, dana, { name: "Tabs Dana", symbol: "TABSDANA" });
    const context = await contextSignedIn(browser, server.url, dana.cookie);
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/token/${mint}`);
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    const form = page.getByTestId("trade-panel").getByRole("tabpanel");
    await form.getByLabel("Amount to spend (SOL)").fill("0.01");
    await form.getByTestId("quote-receive").filter({ hasText: "TABSDANA" }).waitFor();
    // The session ends without this tab signing out; the next action finds out.
    await context.clearCookies();
    await form.getByTestId("trade-submit").click();
    await expectToast(page, "Signed out");
    await page.getByText("Your session has ended. Sign in again to continue.").waitFor();
    await page.getByRole("link", { name: "Sign in" }).first().waitFor();
    expect(await page.getByRole("button", { name: "Sign out" }).count()).toBe(0);
    assertClean([/401/]);
    await context.close();
  });

  it("signing in from a page brings you back to it", async () => {
    const erin = await memberWithWallet(server.url, "tabs_erin", { fund: false });
    const context = await browser.newContext();
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/analytics`);
    await page.locator("main").getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(/\/auth\?next=%2Fanalytics$/);
    await page.getByRole("textbox", { name: "Email" }).fill(erin.email);
    await page.getByLabel("Password").fill("member-pass-42");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(/\/analytics$/);
    assertClean();
    await context.close();
  });

  it("a mistyped token address reads as not found, like an unknown one", async () => {
    const context = await browser.newContext();
    const { page, assertClean } = await openPage(context);
    for (const address of ["notbase58!!", "1".repeat(32)]) {
      await page.goto(`${server.url}/token/${address}`);
      await page.getByRole("heading", { name: "Token not found" }).waitFor();
    }
    assertClean([/40[04]/]);
    await context.close();
  });
});
