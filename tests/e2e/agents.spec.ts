import type { Agent } from "@shared/schemas/agents";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CREATOR, DEMO_FAN } from "../../src/server/seed/demo-content";
import { launchBrowser, openPage, type RunningServer, startServer } from "./fixtures";
import { seriousA11yFindings } from "./support/axe";
import { expectToast, serverEnv } from "./support/env";

// The demo fan on /ai-agents, on the production build with the seeded demo content: locked
// and unlocked agents, a streamed reply sent with Enter, history kept, and the server's
// per-message balance check surfacing as 'Access Denied'.
describe("token-gated agents", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer(serverEnv({ SEED_DEMO: "yes" }));
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const login = await context.request.post(`${server.url}/api/auth/email`, {
      data: { email: DEMO_FAN.email, password: DEMO_FAN.password },
      headers: { origin: server.url },
    });
    expect(login.status()).toBe(200);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("agent avatars show initials on the tier colour, legible without an emoji font", async () => {
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/ai-agents`);
    const card = page.getByRole("button", { name: /^Code Mentor/ });
    await card.waitFor();
    const avatar = card.getByTestId("agent-avatar");
    // The initials are the avatar's own text; an emoji, if any, is a decoration beside them.
    const own = await avatar.evaluate((el) =>
      Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join(""),
    );
    expect(own).toBe("CM");
    const colours = await avatar.evaluate((el) => {
      const s = getComputedStyle(el);
      return { bg: s.backgroundImage !== "none" ? s.backgroundImage : s.backgroundColor, fg: s.color };
    });
    expect(colours.bg).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
    assertClean();
    await page.close();
  });

  it("by keyboard: a locked agent is reached and says what you hold and where to get more; choosing one focuses its message box", async () => {
    const { page, assertClean } = await openPage(context);
    await page.goto(`${server.url}/ai-agents`);
    const card = (name: string) => page.getByRole("button", { name: new RegExp(`^${name}`) });
    const agents = (await (await context.request.get(`${server.url}/api/ai-agents`)).json()) as Agent[];
    const codeMentor = agents.find((a) => a.name === "Code Mentor");

    // Locked, yet focusable (a disabled button is skipped by Tab), and it says why.
    const locked = card("Code Mentor");
    await locked.waitFor();
    expect(await locked.getAttribute("aria-disabled")).toBe("true");
    await locked.focus();
    expect(await locked.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByText("No Agent Selected").waitFor();
    await locked.getByText("You hold 0 of 5,000 CODE").waitFor();
    const get = page.getByRole("link", { name: "Get CODE" });
    expect(await get.getAttribute("href")).toBe(`/token/${codeMentor?.tokenMint}`);

    // Chosen with Enter: what is typed next goes to the agent's message box.
    await card("Creative Catalyst").focus();
    await page.keyboard.press("Enter");
    const input = page.getByPlaceholder("Message Creative Catalyst...");
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("Hello");
    expect(await input.inputValue()).toBe("Hello");
    assertClean();
    await page.close();
  });

  it("on a phone, choosing an agent brings its conversation into view; note sentences come whole", async () => {
    const { page, assertClean } = await openPage(context);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${server.url}/ai-agents`);
    await page.getByRole("button", { name: /^Creative Catalyst/ }).click();
    const input = page.getByPlaceholder("Message Creative Catalyst...");
    // The conversation sits below the list in one column: it scrolls up to meet the choice.
    await expect
      .poll(async () => {
        const box = await input.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 740;
      })
      .toBe(true);
    // A question mark inside quotes in the notes no longer cuts the sentence around it.
    await input.fill("How do I get more replies on my posts?");
    await input.press("Enter");
    await page
      .getByTestId("message-agent")
      .filter({
        hasText: 'Ask one specific question per post ("which background, A or B?") so fans can take part.',
      })
      .waitFor();
    assertClean();
    await page.close();
  });

  it("shows locked and unlocked agents, streams a reply, and denies access once the balance drops", async () => {
    const { page, assertClean } = await openPage(context);
    const shot = (name: string) =>
      process.env.E2E_SHOTS
        ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true })
        : undefined;
    await page.goto(`${server.url}/ai-agents`);
    await page.getByRole("heading", { name: "Available Agents" }).waitFor();
    await page.getByText("Exclusive AI assistants unlocked by your token holdings").waitFor();
    await page.getByText("No Agent Selected").waitFor();
    await page.getByRole("heading", { name: "Select an AI Agent" }).waitFor();

    const card = (name: string) => page.getByRole("button", { name: new RegExp(`^${name}`) });
    await card("Creative Catalyst").waitFor();
    expect(await card("Creative Catalyst").isEnabled()).toBe(true);
    expect(await card("Business Strategist").isEnabled()).toBe(true);
    expect(await card("Code Mentor").isDisabled()).toBe(true);
    expect(await card("Music Producer AI").isDisabled()).toBe(true);
    await page.getByText("You hold 0 of 5,000 CODE").waitFor();
    await page.getByText("You hold 0 of 10,000 BEAT").waitFor();

    // Select the unlocked agent: header, tier, capabilities, style, input.
    await card("Creative Catalyst").click();
    await page.getByRole("heading", { name: "Creative Catalyst", level: 2 }).waitFor();
    await page.getByRole("heading", { name: "Capabilities" }).waitFor();
    await page.getByText("Inspiring and imaginative").waitFor();
    const input = page.getByPlaceholder("Message Creative Catalyst...");
    const send = page.getByRole("button", { name: "Send message" });
    expect(await send.isDisabled()).toBe(true);

    // Enter sends; the reply streams in as server-sent events and replaces the placeholder.
    await input.fill("How do I pick a color palette?");
    const chatResponse = page.waitForResponse((r) => r.url().endsWith("/api/ai-agents/chat"));
    await input.press("Enter");
    expect(await input.inputValue()).toBe("");
    expect((await chatResponse).headers()["content-type"]).toMatch(/^text\/event-stream/);
    await page.getByTestId("message-user").filter({ hasText: "How do I pick a color palette?" }).waitFor();
    const reply = page.getByTestId("message-agent").filter({ hasText: "dominant color" });
    await reply.waitFor();
    expect(await page.getByText("I'm processing your request...").count()).toBe(0);
    expect(await page.getByTestId("engine-label").first().textContent()).toBe("answered offline");
    await shot("agents-chat");
    expect(await seriousA11yFindings(page)).toEqual([]);

    // History is stored: after a reload the conversation is still there.
    await page.reload();
    await card("Creative Catalyst").click();
    await page.getByTestId("message-agent").filter({ hasText: "dominant color" }).waitFor();

    // A locked agent through the API: refused with the spec's message.
    const agents = (await (await context.request.get(`${server.url}/api/ai-agents`)).json()) as Agent[];
    const codeMentor = agents.find((a) => a.name === "Code Mentor");
    const art = agents.find((a) => a.name === "Creative Catalyst");
    const locked = await context.request.post(`${server.url}/api/ai-agents/chat`, {
      data: { agentId: codeMentor?.id, message: "Can you review my code?" },
      headers: { origin: server.url },
    });
    expect(locked.status()).toBe(403);
    expect(((await locked.json()) as { error: string }).error).toBe(
      "You need 5000 CODE tokens to use this agent.",
    );

    // The fan sends ART away (on chain): the next message from the page is refused.
    const sent = await context.request.post(`${server.url}/api/tokens/${art?.tokenMint}/transfer`, {
      data: { to: "demo_creator", amount: "1000" },
      headers: { origin: server.url },
    });
    expect(sent.status()).toBe(200);
    await input.fill("And what about accents?");
    await input.press("Enter");
    await expectToast(page, "Access Denied");
    await page.getByText("You need 1000 ART tokens to use this agent.").waitFor();
    // The typed text is kept, and the list now shows the agent locked.
    await page.waitForFunction(
      () =>
        (
          document.querySelector(
            "input[placeholder='Message Creative Catalyst...']",
          ) as HTMLInputElement | null
        )?.value === "And what about accents?",
    );
    await page.getByText("You hold 500 of 1,000 ART").waitFor();
    expect(await page.getByRole("link", { name: "Get ART" }).getAttribute("href")).toBe(
      `/token/${art?.tokenMint}`,
    );
    await shot("agents-access-denied");

    assertClean([/403/]);
  });

  it("lets the demo creator add an agent for their token from the page", async () => {
    const creatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const login = await creatorContext.request.post(`${server.url}/api/auth/email`, {
        data: { email: DEMO_CREATOR.email, password: DEMO_CREATOR.password },
        headers: { origin: server.url },
      });
      expect(login.status()).toBe(200);
      const { page, assertClean } = await openPage(creatorContext);
      await page.goto(`${server.url}/ai-agents`);
      await page.getByRole("heading", { name: "Manage agents" }).waitFor();
      await page.getByRole("button", { name: "New agent" }).click();
      await page.getByRole("combobox", { name: "Token" }).selectOption({ label: "Demo Beat Lab ($BEAT)" });
      await page.getByRole("textbox", { name: "Agent name" }).fill("Mixing Buddy");
      await page.getByRole("textbox", { name: "Specialty" }).fill("Mix feedback");
      await page.getByRole("textbox", { name: "Tokens required" }).fill("999999999");
      await page
        .getByLabel("Knowledge notes")
        .fill("# Mixing\nLeave 6 dB of headroom on the master bus before mastering.");
      expect(await seriousA11yFindings(page)).toEqual([]);
      await page.getByRole("button", { name: "Create agent" }).click();
      // The server's field message lands on the field.
      await page.getByText("Requirement exceeds the token's total supply").first().waitFor();
      await page.getByRole("textbox", { name: "Tokens required" }).fill("50");
      // A double-click saves one agent (the button is disabled only after the next render).
      await page.getByRole("button", { name: "Create agent" }).dblclick();
      await expectToast(page, "Agent saved");
      const mine = await page.request.get(`${server.url}/api/ai-agents/mine`);
      const named = ((await mine.json()) as Array<{ name: string }>).filter((a) => a.name === "Mixing Buddy");
      expect(named).toHaveLength(1);

      // It is listed for holders, unlocked for the creator, and answers from its notes.
      const card = page.getByRole("button", { name: /^Mixing Buddy/ });
      await card.click();
      const input = page.getByPlaceholder("Message Mixing Buddy...");
      await input.fill("How much headroom should I leave?");
      await input.press("Enter");
      await page.getByTestId("message-agent").filter({ hasText: "6 dB of headroom" }).waitFor();

      // Deactivated, it leaves the list.
      await page
        .getByRole("listitem")
        .filter({ hasText: "Mixing Buddy" })
        .getByRole("button", { name: "Deactivate" })
        .click();
      await card.waitFor({ state: "detached" });
      assertClean([/400/]);
    } finally {
      await creatorContext.close();
    }
  });
});
