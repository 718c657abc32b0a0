import type { Reward } from "@shared/schemas/rewards";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { launchTokenViaApi, newContext, signUp } from "./public-support";
import { seriousA11yFindings } from "./support/axe";
import { expectToast, serverEnv } from "./support/env";

// /nft-rewards end to end on the production build, the real server, PGlite and the embedded
// ledger with Token-2022: a creator drafts a reward with Create with AI (offline engine) from
// the holders' figures, edits it and saves it as a reward fans claim (not sent automatically);
// a fan who holds enough claims it and sees it with its image in My Collection; a fan who holds
// too little sees what is missing; the Overview by token; the creator pauses it and resumes it.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4ESACRAwQCgAjrgSx+rlkpQAAAABJRU5ErkJggg==",
  "base64",
);

describe("NFT rewards: create with AI, rewarded fans, collection", () => {
  let server: RunningServer;
  let browser: Browser;
  let creator: BrowserContext;
  let loyal: BrowserContext;
  let newcomer: BrowserContext;
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const symbol = `RW${stamp}`;
  let mint = "";
  let otherMint = "";

  /** A fan with a wallet of their own (no SOL needed: the platform mints the reward). */
  async function fan(): Promise<{ context: BrowserContext; wallet: string }> {
    const context = await newContext(browser, server.url);
    await signUp(context);
    const res = await context.request.post("/api/wallet/generate", { data: {} });
    expect(res.status(), await res.text()).toBe(201);
    return { context, wallet: (await res.json()).wallet.publicKey as string };
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(serverEnv()), launchBrowser()]);
    creator = await newContext(browser, server.url);
    await signUp(creator);
    mint = await launchTokenViaApi(creator, {
      name: `Reward Loops ${stamp}`,
      symbol,
      description: "Lo-fi loops for study streams.",
    });
    // Two fans: 5,000 tokens (the top quartile's edge) and 100.
    const [a, b] = [await fan(), await fan()];
    loyal = a.context;
    newcomer = b.context;
    for (const [to, amount] of [
      [a.wallet, "5000"],
      [b.wallet, "100"],
    ] as const) {
      const sent = await creator.request.post(`/api/tokens/${mint}/transfer`, { data: { to, amount } });
      expect(sent.status(), await sent.text()).toBe(200);
    }
    // A second token of the creator's with a reward no fan holds: the token filter tells them apart.
    otherMint = await launchTokenViaApi(creator, {
      name: `Studio Pass ${stamp}`,
      symbol: `SP${stamp}`,
      description: "Studio sessions.",
    });
    const other = await creator.request.post("/api/nft-rewards/create", {
      data: {
        tokenMint: otherMint,
        title: "Studio Regular",
        rarity: "common",
        totalSupply: 100_000,
        unlockCondition: { type: "holding_amount", value: "10" },
      },
    });
    expect(other.status(), await other.text()).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const openTab = async (page: Page, name: string) => {
    await page.getByRole("tab", { name }).click();
    await page.getByRole("tab", { name, selected: true }).waitFor();
  };
  const card = (page: Page, title: string) => page.getByRole("article", { name: title });

  it("a refused image leaves no image chosen, and Create Reward holds back while it shows", async () => {
    const { page, assertClean } = await openPage(creator);
    const creates: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/nft-rewards/create")) creates.push(r.method());
    });
    await page.goto("/nft-rewards");
    await openTab(page, "Create Reward");
    const form = page.getByRole("form", { name: "Create reward" });
    await form.locator("select[name=tokenMint]").selectOption(mint);
    await form.getByLabel("Title").fill("Too Big To Save");
    await form.getByLabel(`Tokens to hold (${symbol})`).fill("10");
    await form.getByLabel("Upload").check();
    const file = form.getByLabel("Image file");
    await file.setInputFiles({ name: "badge.png", mimeType: "image/png", buffer: PNG });
    const preview = form.getByRole("img", { name: "Preview of the reward" });
    await preview.waitFor();
    // Then a file past the bound: refused, and the first PNG is no longer the reward's image.
    await file.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(160 * 1024, 7),
    });
    const refused = form.getByText("Image too large (about 150 KB at most)");
    await refused.waitFor();
    await preview.waitFor({ state: "detached" });
    await form.getByRole("button", { name: "Create Reward" }).click();
    // Nothing is sent; the refusal stays and focus goes back to the file.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
      .toBe("file");
    await refused.waitFor();
    expect(creates).toEqual([]);
    // Another choice lifts the refusal.
    await form.getByLabel("Generated image").check();
    await refused.waitFor({ state: "detached" });
    expect(creates).toEqual([]);
    assertClean();
    await page.close();
  });

  it("the form refuses a long title and odd amounts in words before anything is sent, and never cuts the title", async () => {
    const { page, assertClean } = await openPage(creator);
    const creates: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/nft-rewards/create")) creates.push(r.method());
    });
    await page.goto("/nft-rewards");
    await openTab(page, "Create Reward");
    const form = page.getByRole("form", { name: "Create reward" });
    await form.locator("select[name=tokenMint]").selectOption(mint);
    const title = form.getByLabel("Title");
    const long = "Early Supporter of the Loops Crew!"; // 34 characters
    await title.fill(long);
    // Kept whole (no maxLength cutting it), counted, and refused as it is typed.
    expect(await title.inputValue()).toBe(long);
    await form.getByText("34 / 32 characters").waitFor();
    await form.getByText("Title must be 32 characters or fewer").waitFor();
    await form.getByLabel("Unlock condition").selectOption("holding_duration");
    await form.getByLabel(`Tokens to hold (${symbol})`).fill("1,000");
    await form.getByLabel("Total supply").fill("-5");
    await form.getByLabel("Days held").fill("1".repeat(22));
    await form.getByRole("button", { name: "Create Reward" }).click();
    await form.getByText("Use digits only, without commas").waitFor();
    await form.getByText("Must be at least 1", { exact: true }).waitFor();
    await form.getByText("Must be at most 3,650", { exact: true }).waitFor();
    expect(await form.getByText("Must be a number").count()).toBe(0);
    // Fixed, the messages go; still nothing sent.
    await title.fill("Early Loops Crew");
    await form.getByText("16 / 32 characters").waitFor();
    await form.getByText("Title must be 32 characters or fewer").waitFor({ state: "detached" });
    await form.getByLabel(`Tokens to hold (${symbol})`).fill("-5");
    await form.getByText("Must be more than 0 tokens").waitFor();
    expect(creates).toEqual([]);
    assertClean();
    await page.close();
  });

  it("a creator drafts a reward with AI, edits it and creates it", async () => {
    const { page, assertClean } = await openPage(creator);
    await page.goto("/nft-rewards");
    await page.getByText("Automatically reward your most loyal community members").waitFor();
    await page.getByRole("tab", { name: "Overview", selected: true }).waitFor();
    await openTab(page, "Create Reward");
    await page.getByRole("heading", { name: "AI-Powered Reward Creation" }).waitFor();

    const form = page.getByRole("form", { name: "Create reward" });
    await form.locator("select[name=tokenMint]").selectOption(mint);
    await page.getByLabel("Your idea (optional)").fill("something for my loyal listeners");
    await page.getByRole("button", { name: "Create with AI" }).click();
    await page.getByRole("heading", { name: "Ideas for your community" }).waitFor();
    await page.getByText("drafted offline", { exact: true }).waitFor();
    // The leading idea reads the holders: the top quartile's edge is the loyal fan's 5,000.
    await page.getByRole("button", { name: "Use this idea: Inner Circle Listener" }).click();
    expect(await form.getByLabel("Title").inputValue()).toBe("Inner Circle Listener");
    expect(await form.getByLabel(`Tokens to hold (${symbol})`).inputValue()).toBe("5000");
    expect(await form.getByLabel("Rarity").inputValue()).toBe("legendary");
    // The creator edits the draft before saving.
    await form.getByLabel("Title").fill("Inner Circle Loops");
    await form.getByLabel("Total supply").fill("20");
    // Fans claim this one themselves (the engine sends the others by itself).
    await form.getByLabel(/^Send automatically/).uncheck();
    // The creator's own image, uploaded as a data URL (a 2x2 PNG).
    await form.getByLabel("Upload").check();
    await form
      .getByLabel("Image file")
      .setInputFiles({ name: "badge.png", mimeType: "image/png", buffer: PNG });
    await form.getByRole("img", { name: "Preview of the reward" }).waitFor();
    expect(await seriousA11yFindings(page)).toEqual([]);

    await form.getByRole("button", { name: "Create Reward" }).click();
    await expectToast(page, "NFT Reward Created", 60_000);
    // The lists refresh: the new card is on Active Rewards.
    await page.getByRole("tab", { name: "Active Rewards", selected: true }).waitFor();
    const created = card(page, "Inner Circle Loops");
    await created.waitFor();
    // The form is gone: focus is on the new card's heading (not <body>), shown in full and
    // clear of the sticky header.
    const heading = created.getByRole("heading", { name: "Inner Circle Loops" });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() =>
        created.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + 4);
          return r.top >= 0 && r.bottom <= window.innerHeight && el.contains(top);
        }),
      )
      .toBe(true);
    await created.getByText("LEGENDARY", { exact: true }).waitFor();
    await created.getByText("Active", { exact: true }).waitFor();
    // Nothing minted yet out of the edited supply: fans claim it.
    await created.getByText("0 / 20 (0%)").waitFor();
    await created.getByText(/Hold 5,?000/).waitFor();
    // Not for the creator: their own token's reward goes to the fans.
    await created.getByText("Your token's reward: it goes to your fans.").waitFor();
    expect(await created.getByRole("button", { name: /^Claim/ }).count()).toBe(0);
    assertClean();
    await page.close();
  });

  it("a fan who qualifies claims it, and sees it with its image in My Collection", async () => {
    const { page, assertClean } = await openPage(loyal);
    await page.goto("/nft-rewards");
    await openTab(page, "Active Rewards");
    const reward = card(page, "Inner Circle Loops");
    await reward.getByText("You qualify").waitFor();
    // By keyboard: the Claim button gives way to "You hold this reward", and focus stays on
    // the card rather than falling to the top of the page.
    await reward.getByRole("button", { name: "Claim Inner Circle Loops" }).focus();
    await page.keyboard.press("Enter");
    await expectToast(page, "Reward Claimed", 60_000);
    await reward.getByText("You hold this reward").waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null),
      )
      .toBe(true);
    await reward.getByText("1 / 20 (5%)").waitFor();

    await openTab(page, "My Collection");
    const image = page.getByRole("img", { name: "Inner Circle Loops" });
    await image.waitFor();
    await page.waitForFunction((alt) => {
      const img = document.querySelector(`img[alt="${alt}"]`) as HTMLImageElement | null;
      return img?.complete === true && img.naturalWidth === 2;
    }, "Inner Circle Loops");
    await page.getByText("#1").waitFor();
    expect(await seriousA11yFindings(page)).toEqual([]);
    assertClean();
    await page.close();
  });

  it("a fan who does not qualify sees what is missing", async () => {
    const { page, assertClean } = await openPage(newcomer);
    await page.goto("/nft-rewards");
    await openTab(page, "My Collection");
    await page.getByRole("heading", { name: "No NFTs Yet" }).waitFor();
    await page.getByText("Start engaging with the community to earn your first NFT rewards!").waitFor();
    await page.getByRole("button", { name: "View Active Rewards" }).click();
    await page.getByRole("tab", { name: "Active Rewards", selected: true }).waitFor();
    const reward = card(page, "Inner Circle Loops");
    await reward.waitFor();
    const active = (await (
      await newcomer.request.get(`/api/nft-rewards/active?tokenMint=${mint}`)
    ).json()) as {
      rewards: Reward[];
    };
    const missing = active.rewards.find((r) => r.title === "Inner Circle Loops")?.standing?.missing;
    expect(missing).toMatch(/4,?900/);
    await reward.getByText(`Not yet: ${missing}`).waitFor();
    await reward.getByRole("progressbar", { name: "Your progress towards Inner Circle Loops" }).waitFor();
    expect(await reward.getByRole("button", { name: /^Claim/ }).count()).toBe(0);
    assertClean();
    await page.close();
  });

  it("signed out: the Overview counts rewards and collectors, for all tokens or one; the fan tabs ask to sign in", async () => {
    const visitor = await newContext(browser, server.url);
    const { page, assertClean } = await openPage(visitor);
    await page.goto("/nft-rewards");
    const stat = (label: string, value: string) =>
      page
        .locator("li", { has: page.getByText(label, { exact: true }) })
        .getByText(value, { exact: true })
        .waitFor();
    await stat("Total Rewards", "2");
    await stat("NFTs Minted", "1");
    await page.getByRole("heading", { name: "Top Collectors" }).waitFor();
    await page.getByText("1 NFT collected", { exact: true }).waitFor();
    const filter = page.getByRole("combobox", { name: "Token" });
    await filter.selectOption(otherMint);
    await stat("Total Rewards", "1");
    await stat("NFTs Minted", "0");
    await page.getByRole("heading", { name: "No collectors yet" }).waitFor();
    await filter.selectOption(mint);
    await stat("NFTs Minted", "1");
    await page.getByText("1 NFT collected", { exact: true }).waitFor();
    await openTab(page, "Active Rewards");
    await card(page, "Inner Circle Loops").waitFor();
    expect(await card(page, "Studio Regular").count()).toBe(0);
    await openTab(page, "My Collection");
    await page.getByRole("tabpanel").getByRole("link", { name: "Sign in" }).waitFor();
    await openTab(page, "Create Reward");
    await page.getByRole("tabpanel").getByRole("link", { name: "Sign in" }).waitFor();
    expect(await seriousA11yFindings(page)).toEqual([]);
    assertClean();
    await visitor.close();
  });

  // A reward of one NFT the loyal fan qualifies for (5,000 held) and the newcomer does not.
  let lastSeat: Reward | undefined;
  async function lastSeatReward(): Promise<Reward> {
    if (lastSeat) return lastSeat;
    const res = await creator.request.post("/api/nft-rewards/create", {
      data: {
        tokenMint: mint,
        title: "Last Seat",
        rarity: "epic",
        totalSupply: 1,
        autoMint: false,
        unlockCondition: { type: "holding_amount", value: "1000" },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    lastSeat = (await res.json()) as Reward;
    return lastSeat;
  }

  it("a claim refused because the creator paused the reward refreshes the list", async () => {
    const { id } = await lastSeatReward();
    const { page, assertClean } = await openPage(loyal);
    await page.goto("/nft-rewards");
    await openTab(page, "Active Rewards");
    const reward = card(page, "Last Seat");
    const claim = reward.getByRole("button", { name: "Claim Last Seat" });
    await claim.waitFor();
    // The creator switches it off while the fan's page still offers it.
    const off = await creator.request.patch(`/api/nft-rewards/${id}`, {
      data: { isActive: false },
    });
    expect(off.status(), await off.text()).toBe(200);
    await claim.click();
    await expectToast(page, "Claim failed");
    await page
      .getByText(/^This reward is paused/)
      .first()
      .waitFor();
    // The list refreshes: the switched-off reward is no longer on Active Rewards.
    await reward.waitFor({ state: "detached" });
    assertClean([/status of 4\d\d/]);
    await page.close();
  });

  it("a sold-out reward says so to fans who do not qualify and to visitors, without progress or a sign-in pitch", async () => {
    const { id } = await lastSeatReward();
    const on = await creator.request.patch(`/api/nft-rewards/${id}`, { data: { isActive: true } });
    expect(on.status(), await on.text()).toBe(200);
    const claimed = await loyal.request.post(`/api/nft-rewards/${id}/claim`, { data: {} });
    expect(claimed.status(), await claimed.text()).toBe(200);

    const { page, assertClean } = await openPage(newcomer);
    await page.goto("/nft-rewards");
    await openTab(page, "Active Rewards");
    const reward = card(page, "Last Seat");
    await reward.getByText("1 / 1 (100%)").waitFor();
    await reward.getByText(/^Sold out/).waitFor();
    expect(await reward.getByText(/^Not yet/).count()).toBe(0);
    expect(await reward.getByRole("progressbar", { name: "Your progress towards Last Seat" }).count()).toBe(
      0,
    );
    assertClean();
    await page.close();

    const visitor = await newContext(browser, server.url);
    const signedOut = await openPage(visitor);
    await signedOut.page.goto("/nft-rewards");
    await openTab(signedOut.page, "Active Rewards");
    const seen = card(signedOut.page, "Last Seat");
    await seen.getByText(/^Sold out/).waitFor();
    expect(await seen.getByText("to see whether you qualify.").count()).toBe(0);
    // A reward still open keeps its invitation.
    await card(signedOut.page, "Inner Circle Loops").getByText("to see whether you qualify.").waitFor();
    signedOut.assertClean();
    await visitor.close();

    // The fan who got it still sees that they hold it.
    const holder = await openPage(loyal);
    await holder.page.goto("/nft-rewards");
    await openTab(holder.page, "Active Rewards");
    await card(holder.page, "Last Seat").getByText("You hold this reward").waitFor();
    holder.assertClean();
    await holder.page.close();
  });

  it("the creator pauses a reward from its card and resumes it, there or from Your rewards; fans no longer see it while paused", async () => {
    const { page, assertClean } = await openPage(creator);
    await page.goto("/nft-rewards");
    await openTab(page, "Active Rewards");
    const reward = card(page, "Inner Circle Loops");
    await reward.getByText("Active", { exact: true }).waitFor();
    await reward.getByRole("button", { name: "Pause reward: Inner Circle Loops" }).click();
    await expectToast(page, "Reward paused");
    // The card stays in the creator's view, badged Paused, with Resume in place of Pause.
    await reward.getByText("Paused", { exact: true }).waitFor();
    expect(await reward.getByText("Active", { exact: true }).count()).toBe(0);
    await reward.getByRole("button", { name: "Resume reward: Inner Circle Loops" }).waitFor();
    // Figures with grouped digits, on a card and in the creator's list.
    await card(page, "Studio Regular").getByText("0 / 100,000 (0%)").waitFor();

    // Fans no longer see it, and cannot claim it.
    const visitor = await newContext(browser, server.url);
    const seen = await openPage(visitor);
    await seen.page.goto("/nft-rewards");
    await openTab(seen.page, "Active Rewards");
    await card(seen.page, "Studio Regular").waitFor();
    expect(await card(seen.page, "Inner Circle Loops").count()).toBe(0);
    seen.assertClean();
    await visitor.close();

    await openTab(page, "Create Reward");
    await page.getByRole("heading", { name: "Your rewards" }).waitFor();
    await page.getByText(/· 0 \/ 100,000 minted$/).waitFor();
    await page.getByText("Paused", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Resume reward: Inner Circle Loops" }).click();
    await expectToast(page, "Reward resumed");
    await page.getByRole("button", { name: "Pause reward: Inner Circle Loops" }).waitFor();
    await openTab(page, "Active Rewards");
    await card(page, "Inner Circle Loops").getByText("Active", { exact: true }).waitFor();
    assertClean();
    await page.close();
  });
});
