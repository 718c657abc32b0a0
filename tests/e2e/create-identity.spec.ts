import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { expectToast, serverEnv } from "./support/env";

// The wizard's first step signed out (it drafts before there is an account): several names
// to pick from, "Generate again" offers new ones, keyboard mash gets a clear message.
describe("create wizard, step 1: AI identity", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer(serverEnv());
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("offers candidates to pick, a different draft on Generate again, and refuses keyboard mash", async () => {
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/create`);
    const about = page.getByLabel("About you and your goals");

    await about.fill("asdfghjkl qwerty");
    await page.getByRole("button", { name: "Generate AI Identity" }).click();
    await expectToast(page, "Error");
    await page.getByText("That doesn't read like a description.", { exact: false }).first().waitFor();

    await about.fill("I'm a jazz pianist in Lisbon teaching online masterclasses");
    await page.getByLabel("Profession").selectOption("musician");
    await page.getByRole("button", { name: "Generate AI Identity" }).click();
    const card = page.getByTestId("ai-profile");
    await card.getByRole("heading", { name: "Lisbon Jazz Keys" }).waitFor();
    const options = card.getByRole("radio");
    expect(await options.count()).toBe(3);
    const firstNames = await card.locator("fieldset label").allInnerTexts();

    // Picking another candidate makes it the draft.
    await card.getByRole("radio", { name: /Masterclass Circle/ }).check();
    await card.getByRole("heading", { name: "Masterclass Circle" }).waitFor();

    await card.getByRole("button", { name: "Generate again" }).click();
    await card.getByRole("heading", { name: "Lisbon Keys" }).waitFor();
    const againNames = await card.locator("fieldset label").allInnerTexts();
    const firstLines = firstNames.map((t) => t.split("\n")[0]);
    expect(againNames.map((t) => t.split("\n")[0]).filter((n) => firstLines.includes(n))).toEqual([]);
    // The 400 for the mash is logged by the browser as a failed resource load.
    assertClean([/status of 400/]);
  });

  it("says in the landing FAQ that a creator token is a membership, not a security", async () => {
    const { page, assertClean } = await openPage(context);
    await page.goto(server.url);
    const question = page.locator("#faq h3 > button", { hasText: "Is my token a security?" });
    await question.click();
    const panel = page.locator(`[id="${await question.getAttribute("aria-controls")}"]`);
    expect(await panel.innerText()).toMatch(/membership, not a security/);
    assertClean();
  });
});
