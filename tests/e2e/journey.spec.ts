import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { seriousA11yFindings } from "./support/axe";
import { expectToast, postJson, serverEnv } from "./support/env";

// A newcomer's first launch, end to end on the production build, the real server, PGlite
// and the embedded ledger: / -> sign up -> empty portfolio -> wizard -> live token ->
// portfolio -> transfer to another user by username.
describe("newcomer journey: from the landing page to a live token in the portfolio", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  const stamp = Date.now().toString(36);
  const creator = { username: `maya_${stamp}`, email: `maya_${stamp}@example.com`, password: "synthwave-42" };
  const fan = { username: `fan_${stamp}`, email: `fan_${stamp}@example.com`, password: "fan-pass-42" };

  beforeAll(async () => {
    server = await startServer(serverEnv());
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The recipient: a registered fan with an embedded wallet to receive tokens.
    const registered = await postJson(server.url, "/api/register", fan);
    expect(registered.status).toBe(201);
    const wallet = await postJson(server.url, "/api/wallet/generate", {}, registered.cookie);
    expect(wallet.status).toBe(201);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("signs up, launches through the wizard, sees the token Live and transfers some", async () => {
    const { page, assertClean } = await openPage(context);
    // Each state the person sees is also checked with axe: no serious or critical findings.
    const a11y: Record<string, Awaited<ReturnType<typeof seriousA11yFindings>>> = {};
    const audit = async (name: string) => {
      const findings = await seriousA11yFindings(page);
      if (findings.length) a11y[name] = findings;
    };
    const shot = (name: string) =>
      process.env.E2E_SHOTS
        ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true })
        : undefined;

    // Landing -> /auth
    await page.goto(server.url);
    await page.getByRole("link", { name: "Create with AI • FREE" }).first().click();
    await page.waitForURL(/\/auth$/);

    // Sign Up: a bad field shows the spec's message inline, then the real sign-up succeeds.
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByRole("textbox", { name: "Username" }).fill("ab");
    await page.getByRole("textbox", { name: "Email" }).fill(creator.email);
    await page.getByLabel("Password").fill(creator.password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Username must be at least 3 characters").waitFor();
    await page.getByRole("textbox", { name: "Username" }).fill(creator.username);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Account created successfully!");
    await page.waitForURL(/\/dashboard$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "null")?.username)).toBe(
      creator.username,
    );

    // Empty portfolio -> the wizard.
    await page.getByText("No Tokens Yet").waitFor();
    await page.getByRole("link", { name: "Create Your First Token" }).click();
    await page.waitForURL(/\/create$/);

    // Step 1: Generate stays disabled until 10 trimmed characters.
    const generate = page.getByRole("button", { name: "Generate AI Identity" });
    await page.getByLabel("About you and your goals").fill("   short   ");
    expect(await generate.isDisabled()).toBe(true);
    await page
      .getByLabel("About you and your goals")
      .fill(
        "I produce synthwave music with 8K listeners and want fans to vote on my next EP and get early access.",
      );
    await page.getByLabel("Profession").selectOption("musician");
    await page.getByLabel("Style").selectOption("creative");
    await generate.click();
    await expectToast(page, "AI Profile Generated!");
    const profile = page.getByTestId("ai-profile");
    await profile.waitFor();
    await shot("journey-1-identity");
    await audit("journey-1-identity");
    await profile.getByRole("button", { name: "Continue" }).click();

    // Step 2: a new embedded wallet, funded from the test faucet. A double-click makes one.
    await page.getByRole("button", { name: "Generate New Wallet" }).dblclick();
    await expectToast(page, "Wallet Generated");
    expect((await (await page.request.get(`${server.url}/api/wallets`)).json()).wallets).toHaveLength(1);
    await page.getByTestId("secret-key").waitFor();
    await page.getByRole("button", { name: "Get Test SOL" }).click();
    await expectToast(page, "Airdrop Successful");
    await page.getByText("2 SOL added for testing").first().waitFor();
    await page
      .getByTestId("sol-balance")
      .filter({ hasText: /^[1-9]/ })
      .waitFor();
    await shot("journey-2-wallet");
    await audit("journey-2-wallet");
    await page.getByRole("button", { name: "Continue" }).click();

    // Step 3: the AI filled the form; an empty name shows the spec's message, then we fix it.
    const name = page.getByLabel("Token name");
    expect(await name.inputValue()).not.toBe("");
    await name.fill("");
    await page.getByRole("button", { name: "Create Token" }).click();
    await page.getByText("Token name is required").waitFor();
    await name.fill(`Maya Waves ${stamp}`);
    const symbol = `MW${stamp.slice(-6)}`.toUpperCase().slice(0, 10);
    await page.getByLabel("Symbol").fill(symbol.toLowerCase());
    expect(await page.getByLabel("Symbol").inputValue()).toBe(symbol);
    await page.getByLabel("Total supply").fill("2500000");
    const preview = page.getByTestId("token-preview");
    await preview.getByText("2,500,000").waitFor();
    await preview.getByText(`$${symbol}`).waitFor();
    await preview.getByText("Local devnet (embedded)").waitFor();
    // No market this time: the checks below count the whole supply in the creator's wallet
    // (tests/e2e/market.spec.ts launches with one).
    await page.getByRole("checkbox", { name: /Open a market at launch/ }).uncheck();
    await shot("journey-3-review");
    await audit("journey-3-review");
    await page.getByRole("button", { name: "Create Token" }).click();

    // Step 4: the mint address of a live token.
    await expectToast(page, "Token Created Successfully!");
    await page.getByText(`${symbol} deployed to Local devnet (embedded)`).first().waitFor();
    const mint = (await page.getByTestId("mint-address").textContent())?.trim() ?? "";
    expect(mint).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    await shot("journey-4-success");
    await audit("journey-4-success");
    await page.getByRole("link", { name: "View My Portfolio" }).click();
    await page.waitForURL(/\/dashboard$/);

    // Portfolio: Live, full supply, nothing circulating yet.
    const card = page.locator(`[data-testid="token-card"][data-symbol="${symbol}"]`);
    await card.waitFor();
    await card.getByText("Live", { exact: true }).waitFor();
    expect(await card.getByTestId("total-supply").textContent()).toBe("2,500,000");
    expect(await card.getByTestId("circulating-supply").textContent()).toBe("0");
    expect(await page.getByTestId("summary-total").textContent()).toBe("1");
    expect(await page.getByTestId("summary-active").textContent()).toBe("1");

    // Transfer to another platform user by username: circulating supply follows the chain.
    await card.getByRole("button", { name: "Transfer" }).click();
    const dialog = page.getByRole("dialog");
    // An unknown recipient is refused with a message in the dialog, which stays open.
    await dialog.getByLabel("Recipient").fill(`nobody_${stamp}`);
    await dialog.getByLabel("Amount").fill("1");
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog.getByRole("alert").first().waitFor();
    expect(await card.getByTestId("circulating-supply").textContent()).toBe("0");
    await dialog.getByLabel("Recipient").fill(fan.username);
    await dialog.getByLabel("Amount").fill("1250.5");
    await shot("journey-5-transfer");
    await audit("journey-5-transfer");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expectToast(page, "Transfer sent");
    await dialog.waitFor({ state: "detached" });
    await card.getByTestId("circulating-supply").filter({ hasText: "1,250.5" }).waitFor();
    await shot("journey-6-portfolio");
    await audit("journey-6-portfolio");

    // The public token page reads the same facts back from the ledger.
    await card.getByRole("link", { name: "View Details" }).click();
    await page.waitForURL(new RegExp(`/token/${mint}$`));
    await page.getByText("Revoked: fixed supply").waitFor();
    expect(await page.getByTestId("chain-supply").textContent()).toBe("2,500,000");
    // Holders, largest first: the creator (marked) keeps 99.95%, the fan has 0.05%.
    const holderRows = page.getByRole("table").last().getByRole("row");
    await holderRows.nth(2).waitFor();
    const cells = async (i: number) =>
      (await holderRows.nth(i).getByRole("cell").allTextContents()).join(" | ");
    expect(await cells(1)).toMatch(/^1 \| .*Creator \| 2,498,749\.5 \| 99\.95%$/);
    expect(await cells(2)).toMatch(/^2 \| \S+ \| 1,250\.5 \| 0\.05%$/);
    expect(await cells(2)).not.toContain("Creator");
    await shot("journey-7-token-page");
    await audit("journey-7-token-page");

    expect(a11y).toEqual({});
    // The only console error allowed: the browser's log of the 4xx the test provoked.
    assertClean([/Failed to load resource: the server responded with a status of 4\d\d/]);
  });
  it("a launch without test SOL fails clearly, keeps the form, and succeeds after Get Test SOL; Create Another resets", async () => {
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, assertClean } = await openPage(fresh);
    await page.goto(`${server.url}/create`);
    await page.getByRole("button", { name: "Skip: I'll fill in my token myself" }).click();
    await page.getByRole("button", { name: "Generate New Wallet" }).click();
    await expectToast(page, "Wallet Generated");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    // An empty wallet: Continue explains why SOL is needed; this test goes on without it.
    await page.getByTestId("needs-sol").getByRole("button", { name: "Continue anyway" }).click();

    const symbol = `NS${stamp.slice(-6)}`.toUpperCase();
    await page.getByLabel("Token name").fill("No SOL Yet");
    await page.getByLabel("Symbol").fill(symbol);
    await page.getByRole("button", { name: "Create Token" }).click();
    await expectToast(page, "Token Creation Failed");
    const toasts = page.locator('section[aria-label="Notifications"]');
    await toasts
      .getByText(/Get Test SOL/)
      .first()
      .waitFor();
    // Back on step 3 with what the person typed.
    expect(await page.getByLabel("Token name").inputValue()).toBe("No SOL Yet");
    expect(await page.getByLabel("Symbol").inputValue()).toBe(symbol);

    // The toast's action leads to the faucet; then the same form launches.
    await toasts.getByRole("button", { name: "Get Test SOL" }).click();
    await page.getByRole("heading", { name: "Your launch wallet" }).waitFor();
    await page.getByTestId("wallet-row").getByRole("button", { name: "Get Test SOL" }).click();
    await expectToast(page, "Airdrop Successful");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    expect(await page.getByLabel("Token name").inputValue()).toBe("No SOL Yet");
    await page.getByRole("button", { name: "Create Token" }).click();
    await expectToast(page, "Token Created Successfully!");
    await page.getByTestId("mint-address").waitFor();

    // Create Another Token: back to step 1 with nothing carried over.
    await page.getByRole("button", { name: "Create Another Token" }).click();
    expect(await page.getByLabel("About you and your goals").inputValue()).toBe("");
    await page.getByRole("button", { name: "Skip: I'll fill in my token myself" }).click();
    // Signed in with a wallet already: straight to an empty review form (default supply).
    expect(await page.getByLabel("Token name").inputValue()).toBe("");
    expect(await page.getByLabel("Total supply").inputValue()).toBe("1000000");
    assertClean([/Failed to load resource: the server responded with a status of 400/]);
    await fresh.close();
  });
});
