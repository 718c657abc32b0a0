import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { seriousA11yFindings } from "./support/axe";
import { expectToast, postJson, serverEnv } from "./support/env";

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
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const eq = cookie.indexOf("=");
    await context.addCookies([
      { name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: server.url, httpOnly: true },
    ]);
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/token/${mint}`);
    const checklist = page.getByTestId("trust-checklist");
    const lockItem = checklist.locator('[data-testid="trust-action"][data-action="lock_metadata"]');
    await lockItem.getByText("+4 pts").waitFor();
    expect(await seriousA11yFindings(page)).toEqual([]);
    await lockItem.getByRole("button", { name: "Make metadata immutable" }).click();
    const dialog = page.getByRole("dialog", { name: "Make metadata immutable?" });
    await dialog.getByText("This cannot be undone.", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Lock metadata forever" }).click();
    await expectToast(page, "Metadata locked");
    const panel = page.getByTestId("trust-panel");
    await panel.getByTestId("trust-score").filter({ hasText: "95" }).waitFor();
    const locked = panel.locator('[data-testid="trust-factor"][data-key="metadata"]');
    expect(await locked.getByTestId("trust-factor-value").textContent()).toBe("Immutable");
    await checklist.getByText("Make metadata immutable: done").waitFor();
    expect(await lockItem.count()).toBe(0);

    // The server reads the mint afresh: the metadata is immutable on chain.
    const report = (await (await fetch(`${server.url}/api/tokens/${mint}/trust`)).json()) as {
      score: number;
    };
    expect(report.score).toBe(95);
    assertClean();
    await context.close();
  });
});
