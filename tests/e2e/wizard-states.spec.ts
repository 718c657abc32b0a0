import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { expectToast, serverEnv } from "./support/env";
import { toReviewWithFundedWallet } from "./support/wizard";

// The create wizard's progress tells the truth: a skipped AI Identity is not "completed",
// and Continue with an empty wallet explains why a launch needs SOL, with the faucet there.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(serverEnv()), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("create wizard states", () => {
  it("skip leaves AI Identity open; Continue with 0 SOL explains and offers Get Test SOL in place", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const { page, assertClean } = await openPage(context);
    const stepState = (n: number) =>
      page
        .locator('nav[aria-label="Progress"] li')
        .nth(n - 1)
        .locator("[data-state]")
        .getAttribute("data-state");

    await page.goto("/create");
    await page.getByRole("button", { name: "Skip: I'll fill in my token myself" }).click();
    await page.getByRole("button", { name: "Generate New Wallet" }).waitFor();
    expect(await stepState(1)).toBe("skipped");
    expect(await stepState(2)).toBe("current");
    expect(await page.locator('nav[aria-label="Progress"]').innerText()).not.toContain("completed");

    await page.getByRole("button", { name: "Generate New Wallet" }).click();
    await expectToast(page, "Wallet Generated");
    await page.getByTestId("sol-balance").filter({ hasText: /^0$/ }).waitFor();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    const notice = page.getByTestId("needs-sol");
    await notice.waitFor();
    expect(await notice.innerText()).toContain("A launch needs a little SOL");
    // Still on the wallet step.
    await page.getByRole("heading", { name: "Your launch wallet" }).waitFor();
    expect(await stepState(2)).toBe("current");

    await notice.getByRole("button", { name: "Get Test SOL" }).click();
    await expectToast(page, "Airdrop Successful");
    await notice.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByLabel("Token name").waitFor();
    expect(await stepState(1)).toBe("skipped");
    expect(await stepState(2)).toBe("complete");
    assertClean();
    await context.close();
  });

  it("review: Create Token focuses the first invalid field in form order, and says how to type a supply", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const { page, assertClean } = await openPage(context);
    await toReviewWithFundedWallet(page);
    const name = page.getByLabel("Token name");
    await name.fill("");
    await page.getByLabel("Symbol").fill("ÄÖ$");
    const supply = page.getByLabel("Total supply");
    await supply.fill("1,000,000");
    await page.getByRole("button", { name: "Create Token" }).click();
    await page.getByText("Token name is required").waitFor();
    // Focus moves before the errors show.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await page.getByText("Type the amount without commas").waitFor();

    await supply.fill("1e6");
    await page.getByText("Type the whole number (1000000)").waitFor();
    await supply.fill("-5");
    await page.getByText("Must be a positive number").waitFor();
    assertClean();
    await context.close();
  });

  // The launch's toast shows for five seconds right when step 4 offers what to do next: on a
  // phone and on a laptop every one of those actions is in view and none is under the toast.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`step 4 at ${viewport.width} px: the next steps are in view, clear of the launch toast`, async () => {
      const context = await browser.newContext({ baseURL: server.url, viewport });
      const { page, assertClean } = await openPage(context);
      await toReviewWithFundedWallet(page);
      await page
        .getByLabel("Token name")
        .fill(viewport.width < 640 ? "Phone Next Steps" : "Laptop Next Steps");
      await page.getByLabel("Symbol").fill(viewport.width < 640 ? "PHNXT" : "LPNXT");
      await page.getByRole("button", { name: "Create Token" }).click();
      await expectToast(page, "Token Created Successfully!");
      const toast = page.locator("[data-toast]").filter({ hasText: "Token Created Successfully!" });
      const covered = await toast.boundingBox();
      if (!covered) throw new Error("the launch toast has no box");
      const actions = ["View My Portfolio", "Create Another Token", "View Token Page"];
      for (const name of actions) {
        const box = await page
          .getByRole(name === "Create Another Token" ? "button" : "link", { name })
          .boundingBox();
        if (!box) throw new Error(`${name} has no box`);
        expect(box.y, `${name} is in view`).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${name} is in view`).toBeLessThanOrEqual(viewport.height);
        const apart =
          box.x + box.width <= covered.x ||
          covered.x + covered.width <= box.x ||
          box.y + box.height <= covered.y ||
          covered.y + covered.height <= box.y;
        expect(apart, `${name} is clear of the toast`).toBe(true);
      }
      assertClean();
      await context.close();
    });
  }
});
