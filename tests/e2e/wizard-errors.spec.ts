import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { launchTokenViaApi, newContext, signUp } from "./public-support";
import { expectToast, postJson, serverEnv } from "./support/env";
import { toReviewWithFundedWallet } from "./support/wizard";

// The create wizard answers the server's error codes: a look-alike token is a field error on
// the review form; a session that died under the wizard sends the person to sign in again.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(serverEnv()), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("create wizard error codes", () => {
  it("LOOKALIKE_TOKEN: a symbol drawn like a live token's is refused on the symbol field, naming that token", async () => {
    const owner = await newContext(browser, server.url);
    await signUp(owner);
    await launchTokenViaApi(owner, { name: "Lookout Collective", symbol: "LOOK5", description: "" });
    await owner.close();

    const context = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(context);
    await toReviewWithFundedWallet(page);
    await page.getByLabel("Token name").fill("Entirely Different");
    await page.getByLabel("Symbol").fill("LOOKS"); // 5 is drawn like S
    await page.getByRole("button", { name: "Create Token" }).click();
    await expectToast(page, "Token Creation Failed");

    // Back on the review form, the error sits on the symbol and names the existing token.
    const symbol = page.getByLabel("Symbol");
    await symbol.waitFor();
    await page.waitForFunction(() =>
      document.querySelector("input[aria-invalid=true]")?.getAttribute("aria-describedby"),
    );
    expect(await symbol.getAttribute("aria-invalid")).toBe("true");
    const errorId = (await symbol.getAttribute("aria-describedby"))
      ?.split(" ")
      .find((id) => id.endsWith("-error"));
    expect(errorId).toBeTruthy();
    const message = await page.locator(`[id="${errorId}"]`).innerText();
    expect(message).toContain("$LOOKS looks like $LOOK5");
    expect(message).toContain("Lookout Collective");
    expect(await page.getByLabel("Token name").getAttribute("aria-invalid")).toBeNull();
    assertClean([/status of 409/]);
    await context.close();
  });

  it("SESSION_EXPIRED: Generate New Wallet after the session was ended elsewhere says so and goes to sign-in", async () => {
    const context = await newContext(browser, server.url);
    await signUp(context);
    const { page, assertClean } = await openPage(context);
    await page.goto("/create");
    await page.getByRole("button", { name: "Skip: I'll fill in my token myself" }).click();
    const generate = page.getByRole("button", { name: "Generate New Wallet" });
    await generate.waitFor();

    // Another tab signs out: the server ends the session; this tab still holds the dead cookie.
    const [cookie] = await context.cookies(server.url);
    expect(cookie).toBeTruthy();
    const logout = await postJson(server.url, "/api/auth/logout", {}, `${cookie?.name}=${cookie?.value}`);
    expect(logout.status).toBe(200);

    await generate.click();
    await expectToast(page, "Session Ended");
    await page.waitForURL((u) => u.pathname === "/auth");
    const toast = page.locator('section[aria-label="Notifications"]');
    expect(await toast.innerText()).toContain("Please sign in again");
    expect(await toast.innerText()).not.toContain("Failed to generate wallet");
    // The ended session is forgotten: /auth offers sign-in, not the signed-in account.
    await page.getByRole("tab", { name: "Email" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.getByText("You are already signed in.").count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
    assertClean([/status of 401/]);
    await context.close();
  });
});
