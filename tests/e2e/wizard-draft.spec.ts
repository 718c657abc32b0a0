import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { expectToast, serverEnv } from "./support/env";

// The create wizard keeps what the person typed and what the AI drafted: the browser's Back and
// Forward move between steps, and a reload or a visit to another page comes back to the same
// step with the same draft; another of the AI's names keeps what the person wrote. A launch
// consumes the draft.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(serverEnv()), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("create wizard draft", () => {
  it("survives Back, Forward, a reload and a visit elsewhere; a launch clears it", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const { page, assertClean } = await openPage(context);
    const about = page.getByLabel("About you and your goals");
    const card = page.getByTestId("ai-profile");
    const walletStep = page.getByRole("button", { name: "Generate New Wallet" });
    const tokenName = page.getByLabel("Token name");

    await page.goto("/explore");
    await page.goto("/create");
    await about.fill("I'm a jazz pianist in Lisbon teaching online masterclasses");
    await page.getByLabel("Profession").selectOption("musician");
    await page.getByRole("button", { name: "Generate AI Identity" }).click();
    await card.getByRole("radio", { name: /Masterclass Circle/ }).check();
    await card.getByRole("heading", { name: "Masterclass Circle" }).waitFor();
    await card.getByRole("button", { name: "Continue" }).click();
    await walletStep.waitFor();

    // Back returns to the draft, not to /explore; Forward to the wallet step.
    await page.goBack();
    await card.getByRole("heading", { name: "Masterclass Circle" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/create");
    expect(await about.inputValue()).toContain("jazz pianist in Lisbon");
    await page.goForward();
    await walletStep.waitFor();

    await page.getByRole("button", { name: "Generate New Wallet" }).click();
    await expectToast(page, "Wallet Generated");
    // The secret shown once is never written to the kept draft.
    await page.getByRole("button", { name: "Reveal" }).click();
    const secret = (await page.getByTestId("secret-key").innerText()).trim();
    expect(secret).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/);
    const kept = await page.evaluate(() => sessionStorage.getItem("create-draft") ?? "");
    expect(kept).toContain("Masterclass Circle");
    expect(kept).not.toContain(secret);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByTestId("needs-sol").getByRole("button", { name: "Get Test SOL" }).click();
    await expectToast(page, "Airdrop Successful");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await tokenName.waitFor();
    expect(await tokenName.inputValue()).toBe("Masterclass Circle");

    // An edit on the review step survives a reload and a visit to another page.
    await tokenName.fill("Masterclass Circle Club");
    await page.reload();
    await tokenName.waitFor();
    expect(await tokenName.inputValue()).toBe("Masterclass Circle Club");
    await page.goto("/explore");
    await page.goto("/create");
    await tokenName.waitFor();
    expect(await tokenName.inputValue()).toBe("Masterclass Circle Club");

    // Another candidate changes the name and symbol, not what the person wrote.
    await page.getByLabel("Website (optional)").fill("https://keys.example");
    await page.getByLabel("Tagline (optional)").fill("Lessons by the river");
    await page.getByRole("button", { name: "Back" }).click();
    await card.getByRole("radio", { name: /Lisbon Jazz Keys/ }).check();
    await card.getByRole("button", { name: "Continue" }).click();
    await tokenName.waitFor();
    expect(await tokenName.inputValue()).toBe("Lisbon Jazz Keys");
    expect(await page.getByLabel("Website (optional)").inputValue()).toBe("https://keys.example");
    expect(await page.getByLabel("Tagline (optional)").inputValue()).toBe("Lessons by the river");

    await page.getByRole("button", { name: "Create Token" }).click();
    await expectToast(page, "Token Created Successfully!");
    // The token is live: a reload starts a new one instead of offering this launch again.
    await page.reload();
    await about.waitFor();
    expect(await about.inputValue()).toBe("");
    assertClean();
    await context.close();
  });

  it("a rename on the review step carries into the AI's description, and launches with it", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const { page, assertClean } = await openPage(context);
    await page.goto("/create");
    await page
      .getByLabel("About you and your goals")
      .fill("I'm a watercolor painter in Porto sharing sketchbooks");
    await page.getByLabel("Profession").selectOption("artist");
    await page.getByRole("button", { name: "Generate AI Identity" }).click();
    const card = page.getByTestId("ai-profile");
    await card.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Generate New Wallet" }).click();
    await expectToast(page, "Wallet Generated");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByTestId("needs-sol").getByRole("button", { name: "Get Test SOL" }).click();
    await expectToast(page, "Airdrop Successful");
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    const tokenName = page.getByLabel("Token name");
    const symbol = page.getByLabel("Symbol");
    const description = page.getByLabel("Description");
    await tokenName.waitFor();
    const drafted = { name: await tokenName.inputValue(), symbol: await symbol.inputValue() };
    expect(await description.inputValue()).toContain(drafted.name);
    expect(await description.inputValue()).toContain(drafted.symbol);

    // Typed as a person types: a key at a time, the symbol in lower case.
    await tokenName.fill("");
    await tokenName.pressSequentially("Harbour Washes");
    await symbol.fill("");
    await symbol.pressSequentially("hwsh");
    const renamed = await description.inputValue();
    expect(renamed).toContain("Harbour Washes");
    expect(renamed).toContain("HWSH");
    expect(renamed).not.toContain(drafted.name);
    expect(renamed).not.toMatch(new RegExp(`\\b${drafted.symbol}\\b`));

    await page.getByRole("button", { name: "Create Token" }).click();
    await expectToast(page, "Token Created Successfully!");
    const mint = (await page.getByTestId("mint-address").innerText()).trim();
    const launched = (await (await page.request.get(`/api/tokens/${mint}`)).json()) as {
      token: { name: string; symbol: string; description: string };
    };
    expect(launched.token).toMatchObject({ name: "Harbour Washes", symbol: "HWSH", description: renamed });

    assertClean();
    await context.close();
  });
});
