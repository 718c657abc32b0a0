import { formatTokens } from "@shared/market/format";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { launchTokenViaApi, newContext, signUp } from "./public-support";
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
    await wizardUpToDetails(page, "Honest Words", "HONEST");
    await page.getByTestId("token-preview").getByText(EMBEDDED).waitFor();
    // The default market (80% of the 1,000,000 on the curve) and a small creator buy.
    expect(await page.getByRole("checkbox", { name: /Open a market at launch/ }).isChecked()).toBe(true);
    // Above the cap: the refusal says what to enter, Create takes the person to the field, and
    // the review step says what a creator buy on top of the 20% kept does to the trust score.
    const buy = page.getByTestId("creator-buy");
    await buy.fill("1000");
    await page
      .getByText(/^The creator buy can take at most 5% of the supply: enter [\d.]+ SOL or less$/)
      .waitFor();
    await page
      .getByTestId("trust-cap-note")
      .getByText("With the creator buy your wallet holds more than 20%")
      .waitFor();
    await page.getByRole("button", { name: "Create Token" }).click();
    await expect.poll(() => buy.evaluate((el) => el === document.activeElement)).toBe(true);
    await buy.fill("0.01");
    await page.getByRole("button", { name: "Create Token" }).click();
    await expectToast(page, "Token Created Successfully!");
    await page.getByText(`HONEST deployed to ${EMBEDDED}`).first().waitFor();
    const mint = (await page.getByTestId("mint-address").innerText()).trim();
    // Step 4 says where the supply went: the curve's share to the vault, the rest plus the
    // creator buy in the wallet (not "the whole supply").
    const summary = page.getByTestId("supply-summary");
    await summary.filter({ hasText: "market is open" }).waitFor();
    const market = (await (await page.request.get(`/api/market/${mint}`)).json()) as {
      creatorBuyTokens: string;
    };
    const bought = BigInt(market.creatorBuyTokens);
    expect(bought).toBeGreaterThan(0n);
    const tokens = (units: bigint) => formatTokens(units, 9);
    expect(await summary.innerText()).toBe(
      "Your token exists on chain and its market is open: 80% of the supply (800,000 HONEST) went on the bonding curve, into the market's vault. " +
        `Your wallet holds ${tokens(200_000n * 10n ** 9n + bought)} HONEST: the 20% you kept plus ${tokens(bought)} HONEST from your creator buy.`,
    );
    expect(await page.getByRole("link", { name: "View on Explorer" }).count()).toBe(0);
    await page.getByTestId("no-explorer-note").filter({ hasText: EMBEDDED }).waitFor();
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

/** The FAQ's legality answer (closed accordions keep their answers out of the page). */
async function faqLegalAnswer(page: Page): Promise<string> {
  await page.goto("/");
  await page.getByRole("button", { name: "Is it legal to launch my own token?" }).click();
  const answer = page.getByRole("region", { name: "Is it legal to launch my own token?" });
  return answer.innerText();
}

describe("network words on the embedded ledger: FAQ and portfolio", () => {
  it("the FAQ names the embedded ledger; the token card's mint link is named for our token page", async () => {
    const context = await newContext(browser, embedded.url);
    await signUp(context);
    const mint = await launchTokenViaApi(context, { name: "Plain Words", symbol: "PLAIN", description: "" });
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    await page.getByTestId("network-label").filter({ hasText: EMBEDDED }).waitFor();
    const answer = await faqLegalAnswer(page);
    expect(answer).toContain(`runs on ${EMBEDDED}`);
    expect(answer).not.toMatch(/Solana Devnet/);

    await page.goto("/dashboard");
    const card = page.getByTestId("token-card").filter({ hasText: "PLAIN" });
    await card.waitFor();
    expect(await card.getByRole("link", { name: /explorer/i }).count()).toBe(0);
    expect(await card.getByRole("link", { name: "View token page" }).getAttribute("href")).toBe(
      `/token/${mint}`,
    );
    assertClean();
    await context.close();
  });
});

describe("network words on devnet", () => {
  it("the FAQ names Solana Devnet; the token card's mint link opens the devnet explorer", async () => {
    const context = await newContext(browser, devnet.url);
    await signUp(context);
    const mint = await launchTokenViaApi(context, {
      name: "Devnet Words",
      symbol: "DEVWORD",
      description: "",
    });
    const { page, assertClean } = await openPage(context);
    await page.goto("/");
    await page.getByTestId("network-label").filter({ hasText: "Solana Devnet" }).waitFor();
    expect(await faqLegalAnswer(page)).toContain("runs on Solana Devnet");

    await page.goto("/dashboard");
    const card = page.getByTestId("token-card").filter({ hasText: "DEVWORD" });
    await card.waitFor();
    const explorer = card.getByRole("link", { name: "View on Solana Explorer" });
    await explorer.waitFor();
    expect(await explorer.getAttribute("href")).toBe(
      `https://explorer.solana.com/address/${mint}?cluster=devnet`,
    );
    expect(await card.getByRole("link", { name: "View token page" }).count()).toBe(0);
    assertClean();
    await context.close();
  });

  it("step 4 of the wizard: View on Explorer opens the devnet explorer, the token page stays a click away", async () => {
    const context = await newContext(browser, devnet.url);
    const { page, assertClean } = await openPage(context);
    await wizardUpToDetails(page, "Devnet Launch", "DEVLNCH");
    await page.getByRole("checkbox", { name: /Open a market at launch/ }).uncheck();
    await page.getByRole("button", { name: "Create Token" }).click();
    await expectToast(page, "Token Created Successfully!");
    const mint = (await page.getByTestId("mint-address").innerText()).trim();
    expect(await page.getByTestId("supply-summary").innerText()).toBe(
      "Your token exists on chain and the whole supply is in your wallet.",
    );
    const explorer = page.getByRole("link", { name: "View on Explorer" });
    expect(await explorer.getAttribute("href")).toBe(
      `https://explorer.solana.com/address/${mint}?cluster=devnet`,
    );
    expect(await explorer.getAttribute("target")).toBe("_blank");
    expect(await page.getByRole("link", { name: "View on Solana Explorer" }).getAttribute("href")).toBe(
      `https://explorer.solana.com/address/${mint}?cluster=devnet`,
    );
    expect(await page.getByRole("link", { name: "View Token Page" }).getAttribute("href")).toBe(
      `/token/${mint}`,
    );
    expect(await page.getByTestId("no-explorer-note").count()).toBe(0);
    assertClean();
    await context.close();
  });

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

/** The wizard from /create to a named token: no AI draft, a new wallet with test SOL. */
async function wizardUpToDetails(page: Page, name: string, symbol: string): Promise<void> {
  await page.goto("/create");
  await page.getByRole("button", { name: "Skip: I'll fill in my token myself" }).click();
  await page.getByRole("button", { name: "Generate New Wallet" }).click();
  await page.getByTestId("wallet-row").getByRole("button", { name: "Get Test SOL" }).click();
  await expectToast(page, "Airdrop Successful");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByLabel("Token name").fill(name);
  await page.getByLabel("Symbol").fill(symbol);
}
