import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { seriousA11yFindings } from "./support/axe";
import { contextSignedIn, expectToast, postJson, serverEnv } from "./support/env";

// The glass-box trust score on the token page, end to end on the production build, the real
// server, PGlite and the embedded ledger: the creator sees the score, every factor and the
// checklist, makes the metadata immutable on chain from the page, and sees the score rise.
describe("trust: the token page's score, and the creator locking the metadata", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const name = `Trust Coin ${stamp}`;
  const symbol = `TR${stamp.slice(-6)}`.toUpperCase();
  let mint = "";
  let cookie = "";

  beforeAll(async () => {
    server = await startServer(serverEnv());
    browser = await launchBrowser();
    const reg = await postJson<{ user: { id: string } }>(server.url, "/api/register", {
      username: `tcreator_${stamp}`,
      email: `tcreator_${stamp}@example.com`,
      password: "creator-pass-42",
    });
    expect(reg.status).toBe(201);
    cookie = reg.cookie ?? "";
    const gen = await postJson<{ wallet: { publicKey: string } }>(
      server.url,
      "/api/wallet/generate",
      {},
      cookie,
    );
    const wallet = gen.body.wallet.publicKey;
    expect(
      (await postJson(server.url, "/api/wallet/airdrop", { address: wallet, amount: 2 }, cookie)).status,
    ).toBe(200);
    // The whole supply on the curve: nothing caps the score, so the lock's 4 points show.
    const created = await postJson<{ mintAddress: string }>(
      server.url,
      "/api/tokens/create",
      {
        name,
        symbol,
        description: "A token whose trust score its creator improves.",
        totalSupply: "1000000",
        userId: reg.body.user.id,
        creatorWallet: wallet,
        market: { curveShareBps: 10_000 },
      },
      cookie,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    mint = created.body.mintAddress;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the score and its factors to a visitor, and lets the creator lock the metadata", async () => {
    const expected = (await (await fetch(`${server.url}/api/tokens/${mint}/trust`)).json()) as {
      score: number;
      factors: unknown[];
    };
    expect(expected.score).toBe(91);

    // A visitor: the score and every factor, no checklist.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const v = await openPage(visitor);
    await v.page.goto(`${server.url}/token/${mint}`);
    const publicPanel = v.page.getByTestId("trust-panel");
    await publicPanel.getByTestId("trust-score").filter({ hasText: "91" }).waitFor();
    expect(await publicPanel.getByTestId("trust-band").textContent()).toBe("Good");
    expect(await publicPanel.getByTestId("trust-factor").count()).toBe(expected.factors.length);
    const metadata = publicPanel.locator('[data-testid="trust-factor"][data-key="metadata"]');
    expect(await metadata.getByTestId("trust-factor-value").textContent()).toBe("Mutable");
    expect(await metadata.getByTestId("trust-factor-points").textContent()).toBe("0/4 pts");
    await publicPanel.getByText("While a mint authority lives, someone can print new tokens").waitFor();
    expect(await v.page.getByTestId("trust-checklist").count()).toBe(0);
    expect(await seriousA11yFindings(v.page)).toEqual([]);
    v.assertClean();
    await visitor.close();

    // The creator: the checklist, the confirmation, the lock on chain, the score rising.
    const context = await contextSignedIn(browser, server.url, cookie);
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/token/${mint}`);
    const checklist = page.getByTestId("trust-checklist");
    const lockItem = checklist.locator('[data-testid="trust-action"][data-action="lock_metadata"]');
    await lockItem.getByText("+4 pts").waitFor();
    expect(await seriousA11yFindings(page)).toEqual([]);
    // By keyboard: the button that opens the confirmation goes away once the lock is done.
    await lockItem.getByRole("button", { name: "Make metadata immutable" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Make metadata immutable?" });
    await dialog.getByText("This cannot be undone.", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Lock metadata forever" }).focus();
    await page.keyboard.press("Enter");
    await expectToast(page, "Metadata locked");
    const panel = page.getByTestId("trust-panel");
    await panel.getByTestId("trust-score").filter({ hasText: "95" }).waitFor();
    const locked = panel.locator('[data-testid="trust-factor"][data-key="metadata"]');
    expect(await locked.getByTestId("trust-factor-value").textContent()).toBe("Immutable");
    await checklist.getByText("Make metadata immutable: done").waitFor();
    expect(await lockItem.count()).toBe(0);
    // The button that opened the dialog is gone: keyboard focus stays in the checklist.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest("[data-testid=trust-checklist]") !== null),
      )
      .toBe(true);

    // The server reads the mint afresh: the metadata is immutable on chain.
    const report = (await (await fetch(`${server.url}/api/tokens/${mint}/trust`)).json()) as {
      score: number;
    };
    expect(report.score).toBe(95);

    // Explore's card shows the new score once Explore has heard of it, under the Trust tab.
    await vi.waitFor(
      async () => {
        const page = (await (await fetch(`${server.url}/api/explore?sort=trust`)).json()) as {
          tokens: Array<{ mint: string; trustScore: number | null }>;
        };
        expect(page.tokens.find((t) => t.mint === mint)?.trustScore).toBe(95);
      },
      { timeout: 10_000, interval: 200 },
    );
    await page.goto(`${server.url}/explore`);
    await page.getByRole("tab", { name: "Trust" }).click();
    await page.waitForURL(/sort=trust/);
    const card = page.locator(`[data-testid="explore-card"][data-symbol="${symbol}"]`);
    expect(await card.getByTestId("explore-trust").textContent()).toBe("Trust 95 out of 100, Good");
    assertClean();
    await context.close();
  });
});
