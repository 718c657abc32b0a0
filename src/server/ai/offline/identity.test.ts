import { PROFESSIONS, STYLES } from "@shared/constants";
import { AiProfileSchema, GenerateIdentitySchema } from "@shared/schemas/ai";
import { TokenFormSchema } from "@shared/schemas/token";
import { describe, expect, it } from "vitest";
import type { DraftContext } from "../engine";
import { draftIdentityOffline } from "./identity";

const free: DraftContext = { isSymbolTaken: async () => false };
const request = (userInput: string, extra: Record<string, string> = {}) =>
  GenerateIdentitySchema.parse({ userInput, ...extra });

const TEXT = "I'm Maya, I paint watercolor landscapes of the Scottish highlands and teach watercolor online.";

describe("offline identity drafting", () => {
  it("passes the token form for every profession and style", async () => {
    for (const profession of PROFESSIONS) {
      for (const style of STYLES) {
        const profile = await draftIdentityOffline(request(TEXT, { profession, style }), free);
        AiProfileSchema.parse(profile);
        const form = TokenFormSchema.safeParse({
          name: profile.name,
          symbol: profile.symbol,
          description: profile.description,
          totalSupply: profile.tokenomics.totalSupply,
          tagline: profile.tagline,
        });
        expect(form.success, `${profession}/${style}: ${JSON.stringify(form.error?.issues)}`).toBe(true);
        expect(profile.symbol).toMatch(/^[A-Z]{3,6}$/);
        expect(profile.tokenomics.allocation.reduce((s, a) => s + a.percent, 0)).toBe(100);
        expect(profile.engine).toEqual({ kind: "offline", label: "drafted offline" });
      }
    }
  });

  it("reflects the person's own words and name", async () => {
    const profile = await draftIdentityOffline(
      request(TEXT, { profession: "artist", style: "professional" }),
      free,
    );
    expect(profile.name).toContain("Maya");
    expect(profile.description.toLowerCase()).toContain("watercolor");
    expect(profile.description).toContain("Maya");

    const other = await draftIdentityOffline(
      request("Weekly podcast about sourdough baking and fermentation science for home bakers"),
      free,
    );
    expect(`${other.name} ${other.description}`.toLowerCase()).toMatch(/sourdough|fermentation|baking/);
  });

  it("does not take a role for a name", async () => {
    const profile = await draftIdentityOffline(
      request("Developer here, shipping Rust tools for game studios.", { profession: "developer" }),
      free,
    );
    expect(profile.description).not.toMatch(/developer Developer/i);
  });

  it("reads the word after 'I' or 'to' as a verb, not as the subject", async () => {
    const text =
      "I produce synthwave music with 8K listeners and want fans to vote on my next EP and get early access.";
    for (const style of STYLES) {
      const profile = await draftIdentityOffline(request(text, { profession: "musician", style }), free);
      const draft = `${profile.name} ${profile.tagline} ${profile.description}`.toLowerCase();
      expect(draft).toContain("synthwave");
      expect(draft, style).not.toMatch(/\bproduce\b|\bvote\b|\bearly access\b/);
    }
  });

  it("writes possessives and topics the way a person would", async () => {
    const profile = await draftIdentityOffline(
      request("I coach founders on fundraising and pitch decks.", {
        profession: "coach",
        style: "professional",
      }),
      free,
    );
    expect(`${profile.name} ${profile.tagline}`).not.toContain("s's");
    const dev = await draftIdentityOffline(
      request("As a developer I write Rust tools and TypeScript libraries for other developers.", {
        profession: "developer",
        style: "technical",
      }),
      free,
    );
    // The profession is named once ("a developer"), not again as a topic; the person's own
    // phrases stay together.
    expect(dev.description.match(/\bdevelopers?\b/g)?.length).toBe(1);
    expect(dev.description).toContain("rust tools");
  });

  it("lets profession and style visibly change the result", async () => {
    const base = "Building open source tools for indie game makers and sharing devlogs";
    const names = new Set<string>();
    const descriptions = new Set<string>();
    const supplies = new Set<string>();
    for (const style of STYLES) {
      const p = await draftIdentityOffline(request(base, { profession: "developer", style }), free);
      names.add(p.name);
      descriptions.add(p.description);
    }
    for (const profession of PROFESSIONS) {
      const p = await draftIdentityOffline(request(base, { profession, style: "casual" }), free);
      descriptions.add(p.description);
      supplies.add(p.tokenomics.totalSupply);
    }
    expect(names.size).toBe(STYLES.length);
    expect(descriptions.size).toBeGreaterThanOrEqual(STYLES.length + PROFESSIONS.length - 1);
    expect(supplies.size).toBeGreaterThan(1);
  });

  it("is stable for the same request", async () => {
    const a = await draftIdentityOffline(request(TEXT), free);
    const b = await draftIdentityOffline(request(TEXT), free);
    expect(a).toEqual(b);
  });

  it("avoids symbols already taken on the platform", async () => {
    const first = await draftIdentityOffline(request(TEXT), free);
    const taken = new Set([first.symbol]);
    const checked: string[] = [];
    const ctx: DraftContext = {
      isSymbolTaken: async (s) => {
        checked.push(s);
        return taken.has(s);
      },
    };
    const second = await draftIdentityOffline(request(TEXT), ctx);
    expect(second.symbol).not.toBe(first.symbol);
    expect(second.symbol).toMatch(/^[A-Z]{3,6}$/);
    expect(checked[0]).toBe(first.symbol);
  });

  it("still finds a free symbol when every word-based candidate is taken", async () => {
    let calls = 0;
    const ctx: DraftContext = { isSymbolTaken: async () => ++calls <= 200 };
    const profile = await draftIdentityOffline(request(TEXT), ctx);
    expect(profile.symbol).toMatch(/^[A-Z]{3,6}$/);
    expect(calls).toBe(201);
  });

  it("copes with input that has no usable words", async () => {
    const profile = await draftIdentityOffline(request("!!!! ???? 1234 5678 ...."), free);
    expect(
      TokenFormSchema.safeParse({ ...profile, totalSupply: profile.tokenomics.totalSupply }).success,
    ).toBe(true);
    expect(profile.symbol).toMatch(/^[A-Z]{3,6}$/);
  });

  it("keeps long input within the form's limits", async () => {
    const long = `${"Exploring ".repeat(30)}${"extraordinarilylongwordwithoutspaces".repeat(10)}`;
    const profile = await draftIdentityOffline(request(long.slice(0, 2000), { style: "technical" }), free);
    expect(profile.name.length).toBeLessThanOrEqual(50);
    expect(profile.description.length).toBeLessThanOrEqual(500);
    expect(profile.tagline.length).toBeLessThanOrEqual(120);
  });
});
