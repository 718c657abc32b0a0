import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { newContext, signUp } from "./public-support";
import { expectToast, serverEnv } from "./support/env";

// Every place that names the network takes the name from the ledger (GET /api/ledger): the
// embedded ledger is "Local devnet (embedded)" and has no public explorer; a devnet RPC is
// "Solana Devnet" with links to the devnet explorer.

const EMBEDDED = "Local devnet (embedded)";
// Pages that name the network; the legal pages name both on purpose.
const PAGES = ["/", "/vision", "/auth", "/create", "/dashboard", "/ai-agents", "/nft-rewards", "/analytics"];

let embedded: RunningServer;
let devnet: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [embedded, browser] = await Promise.all([startServer(serverEnv()), launchBrowser()]);
  // A second server reaching the first one's JSON-RPC as if it were devnet (the URL says so).
  devnet = await startServer(serverEnv({ SOLANA_RPC_URL: `${embedded.url}/rpc?cluster=devnet` }));
});
afterAll(async () => {
  await browser?.close();
  await devnet?.stop();
  await embedded?.stop();
});

describe("network words on the embedded ledger", () => {
  it("no page claims Solana Devnet or the Solana blockchain; the footer names the embedded ledger", async () => {
    const context = await newContext(browser, embedded.url);
    await signUp(context);
    const { page, assertClean } = await openPage(context);
    for (const path of PAGES) {
      await page.goto(path);
      await page.getByTestId("network-label").filter({ hasText: EMBEDDED }).waitFor();
      const text = await page.locator("body").innerText();
      expect(text, path).not.toMatch(/Solana Devnet|Solana blockchain|on Devnet/);
    }
    await page.goto("/");
    await page.getByText(`free test SOL on ${EMBEDDED}`).waitFor();
    assertClean();
    await context.close();
  });

  it("the launch toast names the embedded ledger and the success page links to our token page", async () => {
    const context = await newContext(browser, embedded.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/create");
    await page.getByRole("button", { name: "Skip: I'll fill in my token myself" }).click();
    await page.getByRole("button", { name: "Generate New Wallet" }).click();
    await page.getByTestId("wallet-row").getByRole("button", { name: "Get Test SOL" }).click();
    await expectToast(page, "Airdrop Successful");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByLabel("Token name").fill("Honest Words");
    await page.getByLabel("Symbol").fill("HONEST");
    await page.getByTestId("token-preview").getByText(EMBEDDED).waitFor();
    await page.getByRole("button", { name: "Create Token" }).click();
    await expectToast(page, "Token Created Successfully!");
    await page.getByText(`HONEST deployed to ${EMBEDDED}`).first().waitFor();
    const mint = (await page.getByTestId("mint-address").innerText()).trim();
    expect(await page.getByRole("link", { name: "View on Explorer" }).count()).toBe(0);
    const own = page.getByRole("link", { name: "View Token Page" });
    expect(await own.getAttribute("href")).toBe(`/token/${mint}`);
    // The public token page offers no explorer link: none knows this ledger.
    await own.click();
    await page.getByTestId("token-mint").waitFor();
    expect(await page.getByRole("link", { name: /Explorer/ }).count()).toBe(0);
    assertClean();
    await context.close();
  });
});

describe("network words on devnet", () => {
  it("names Solana Devnet in the footer and the hero", async () => {
    const context = await newContext(browser, devnet.url);
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    await page.getByTestId("network-label").filter({ hasText: "Solana Devnet" }).waitFor();
    await page.getByText("free test SOL on Solana Devnet").waitFor();
    assertClean();
    await context.close();
  });
});
