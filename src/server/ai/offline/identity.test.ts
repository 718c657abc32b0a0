import { PROFESSIONS, STYLES } from "@shared/constants";
import { AiProfileSchema, GenerateIdentitySchema } from "@shared/schemas/ai";
import { TokenFormSchema } from "@shared/schemas/token";
import { describe, expect, it } from "vitest";
import type { DraftContext } from "../engine";
import { findBannedPhrase } from "../wording";
import { isDescription } from "./description-check";
import { draftIdentityOffline } from "./identity";

const free: DraftContext = { takenSymbols: async () => new Set() };
/** A platform where `isTaken` says which symbols are in use; every symbol asked is recorded. */
const platform = (isTaken: (symbol: string) => boolean, asked: string[] = []): DraftContext => ({
  takenSymbols: async (symbols) =>
    new Set(
      symbols.filter((s) => {
        asked.push(s);
        return isTaken(s);
      }),
    ),
});
const request = (userInput: string, extra: Record<string, unknown> = {}) =>
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

  it("names the craft, not a greeting or a filler, when the description names no subject", async () => {
    for (const text of [
      "Hello there, I am new here and want to start",
      "I want to grow a community with my fans",
    ])
      for (const style of STYLES) {
        const profile = await draftIdentityOffline(request(text, { profession: "musician", style }), free);
        const prose = `${profile.tagline} ${profile.description}`;
        expect(prose, `${style}: ${prose}`).not.toMatch(
          /musician work|\bhello\b|around fans|from fans|on fans/i,
        );
        if (style !== "casual") expect(prose, style).toMatch(/\bmusic\b/);
      }
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

  it("names what the person does as a subject: 'teaching improvisation', not 'focused on teaches improvisation'", async () => {
    for (const style of STYLES) {
      const profile = await draftIdentityOffline(
        request("I'm a jazz pianist who teaches improvisation online to adult beginners", { style }),
        free,
      );
      const text = `${profile.tagline} ${profile.description}`;
      expect(text, style).not.toMatch(/teaches improvisation/i);
    }
    const professional = await draftIdentityOffline(
      request("I'm a jazz pianist who teaches improvisation online to adult beginners", {
        style: "professional",
      }),
      free,
    );
    expect(professional.description).toContain("teaching improvisation");
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
    expect(dev.description).toContain("Rust tools");
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
    const second = await draftIdentityOffline(
      request(TEXT),
      platform((s) => taken.has(s), checked),
    );
    expect(second.symbol).not.toBe(first.symbol);
    expect(second.symbol).toMatch(/^[A-Z]{3,6}$/);
    expect(checked[0]).toBe(first.symbol);
  });

  it("still finds a free symbol when every word-based candidate is taken", async () => {
    // The first 200 symbols asked about are all in use: past every word-based candidate.
    const asked: string[] = [];
    const profile = await draftIdentityOffline(
      request(TEXT),
      platform(() => asked.length <= 200, asked),
    );
    const symbols = profile.candidates.map((c) => c.symbol);
    for (const s of symbols) expect(s).toMatch(/^[A-Z]{3,6}$/);
    expect(new Set(symbols).size).toBe(symbols.length);
    expect(asked.length).toBeGreaterThan(200);
    for (const s of symbols) expect(asked.indexOf(s)).toBeGreaterThanOrEqual(200);
  });

  it("copes with input that has few usable words", async () => {
    const profile = await draftIdentityOffline(request("!!!! ???? 1234 5678 .... ok"), free);
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

// The examples of the "rough edges" issue, point 5.
const LISBON = "I'm a jazz pianist in Lisbon teaching online masterclasses";
const all = (p: Awaited<ReturnType<typeof draftIdentityOffline>>) =>
  p.candidates.flatMap((c) => [c.name, c.tagline, c.description]).join("\n");

describe("offline drafting quality", () => {
  it("names the Lisbon jazz pianist from place, craft and offering, not 'Records of Pianist'", async () => {
    const profile = await draftIdentityOffline(request(LISBON, { profession: "musician" }), free);
    const names = profile.candidates.map((c) => c.name);
    expect(names).toEqual(["Lisbon Jazz Keys", "Jazz Keys", "Masterclass Circle"]);
    expect(profile.name).toBe("Lisbon Jazz Keys");
    for (const style of STYLES) {
      const p = await draftIdentityOffline(request(LISBON, { profession: "musician", style }), free);
      expect(all(p), style).not.toMatch(/Records of|of Pianist|Pianist (Token|Records)/);
    }
  });

  it("keeps proper nouns as written: Lisbon keeps its capital, iPhone its casing", async () => {
    for (const style of STYLES) {
      const p = await draftIdentityOffline(request(LISBON, { style }), free);
      expect(all(p)).toContain("Lisbon");
      expect(all(p), style).not.toMatch(/\blisbon\b/);
    }
    const phone = await draftIdentityOffline(
      request("I review every iPhone app I can find and post videos about them"),
      free,
    );
    expect(all(phone)).toContain("iPhone");
    expect(all(phone)).not.toMatch(/\b(?:iphone|Iphone|IPhone)\b/);
  });

  it("builds names a person would pick: their name, their place with its accents, no verbs or counts", async () => {
    const leo = await draftIdentityOffline(request("My name is Leo Park and I teach Python to kids"), free);
    expect(leo.name).toBe("Leo Park's Python");
    const food = await draftIdentityOffline(
      request("Food blogger from São Paulo sharing vegan recipes"),
      free,
    );
    expect(food.name).toBe("São Paulo Food Journal");
    const novels = await draftIdentityOffline(
      request("Mum of three writing cozy mystery novels set in Cornish fishing villages"),
      free,
    );
    for (const c of novels.candidates) expect(c.name).not.toMatch(/\b(?:Three|Writing|Set)\b/);
    // The audience and the calendar are not what the token is about.
    for (const style of STYLES) {
      const mugs = await draftIdentityOffline(
        request("I make ceramic mugs and my collectors want first dibs on each kiln drop every week", {
          profession: "artist",
          style,
        }),
        free,
      );
      for (const c of mugs.candidates) expect(c.name).not.toMatch(/\b(?:Collectors?|Week|Dibs)\b/);
    }
  });

  it("offers several candidates, each with its own free symbol", async () => {
    const taken = new Set(["LJK"]);
    const profile = await draftIdentityOffline(
      request(LISBON, { profession: "musician" }),
      platform((s) => taken.has(s)),
    );
    expect(profile.candidates).toHaveLength(3);
    expect(profile.candidates[0]).toMatchObject({ name: profile.name, symbol: profile.symbol });
    const symbols = profile.candidates.map((c) => c.symbol);
    expect(new Set(symbols).size).toBe(3);
    expect(symbols).not.toContain("LJK");
    for (const c of profile.candidates) {
      expect(
        TokenFormSchema.safeParse({ ...c, totalSupply: profile.tokenomics.totalSupply }).success,
        c.name,
      ).toBe(true);
      expect(c.description).toContain(c.name);
    }
  });

  it("gives a different draft on retry, and never a name in exclude", async () => {
    const first = await draftIdentityOffline(request(LISBON), free);
    const again = await draftIdentityOffline(request(LISBON, { attempt: 1 }), free);
    expect(again.name).not.toBe(first.name);
    const shown = first.candidates.map((c) => c.name);
    expect(again.candidates.map((c) => c.name).filter((n) => shown.includes(n))).toEqual([]);
    // The client's retry sends both: the next names, not the ones after them.
    const retry = await draftIdentityOffline(request(LISBON, { attempt: 1, exclude: shown }), free);
    expect(retry.candidates.map((c) => c.name)).toEqual(again.candidates.map((c) => c.name));
    const excluded = await draftIdentityOffline(request(LISBON, { exclude: [first.name] }), free);
    expect(excluded.candidates.map((c) => c.name)).not.toContain(first.name);
  });

  it("refuses keyboard mash as a description and accepts short real ones", () => {
    for (const mash of ["asdfghjkl qwerty", "qwertyuiop", "jkjkjkjk fjfjfjfj", "!!!! ???? 1234 5678 ...."])
      expect(isDescription(mash), mash).toBe(false);
    for (const text of [
      "Developer here building rust tools",
      "I paint murals in Oakland",
      LISBON,
      "Sou pianista de jazz em Lisboa",
    ])
      expect(isDescription(text), text).toBe(true);
  });

  it("never uses investment or profit language, even when the person does", async () => {
    const inputs = [
      LISBON,
      TEXT,
      "I coach people on investing, passive income and profit from stocks to get returns and gains",
    ];
    for (const userInput of inputs) {
      for (const profession of PROFESSIONS) {
        for (const style of STYLES) {
          const p = await draftIdentityOffline(
            request(userInput, { profession, style, goals: "make a profit" }),
            free,
          );
          expect(findBannedPhrase(all(p)), `${profession}/${style}: ${all(p)}`).toBeNull();
        }
      }
    }
  });

  it("says the token is a membership, not a security, in every style", async () => {
    for (const style of STYLES) {
      const p = await draftIdentityOffline(request(LISBON, { style }), free);
      expect(p.description, style).toMatch(/membership/);
      expect(p.description, style).toMatch(/not a security/);
      expect(p.tagline, style).not.toMatch(/invest/i);
    }
  });
});
