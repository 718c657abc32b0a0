import { GenerateIdentitySchema } from "@shared/schemas/ai";
import { TokenFormSchema } from "@shared/schemas/token";
import { describe, expect, it } from "vitest";
import type { DraftContext } from "../engine";
import { isDescription } from "./description-check";
import { draftIdentityOffline } from "./identity";
import { symbolCandidates } from "./symbol";
import { plainText } from "./text";

// Descriptions in other languages and scripts, markup, and requests for a famous token's
// copy: what the offline drafter makes of them.

const free: DraftContext = { takenSymbols: async () => new Set() };
const draft = (userInput: string, extra: Record<string, unknown> = {}) =>
  draftIdentityOffline(GenerateIdentitySchema.parse({ userInput, ...extra }), free);

const OTHER_SCRIPTS: Array<[string, RegExp]> = [
  ["我是一名来自上海的插画师，想让粉丝参与我的下一本画集", /Sketchbook/],
  ["日本の東京でイラストを描いています", /Sketchbook/],
  ["أنا مصور فوتوغرافي من القاهرة", /Lens/],
  ["मैं मुंबई का एक संगीतकार हूँ", /Sound/],
  ["Я музыкант из Москвы, пишу электронную музыку", /Sound/],
];

describe("descriptions in other scripts", () => {
  it.each(OTHER_SCRIPTS)("%s reads as a description", (text) => {
    expect(isDescription(text)).toBe(true);
  });

  it.each(["asdf qwer", "!!!!", "1234", "!!!! ???? 1234", "фывапролдж", "ааааа ббббб", "<b>!!!!</b>"])(
    "%j still does not",
    (text) => {
      expect(isDescription(text)).toBe(false);
    },
  );

  it.each(OTHER_SCRIPTS)(
    "%s gets a Latin name from its craft, a symbol, and is quoted",
    async (text, craft) => {
      for (const style of ["professional", "creative", "casual", "technical"]) {
        const profile = await draft(text, { style });
        for (const c of profile.candidates) {
          expect(c.name).toMatch(/^[A-Z][A-Za-z' ]+$/);
          expect(new Set(c.name.split(" ")).size).toBe(c.name.split(" ").length);
          expect(c.symbol).toMatch(/^[A-Z]{3,6}$/);
          expect(
            TokenFormSchema.safeParse({ ...c, totalSupply: profile.tokenomics.totalSupply }).success,
          ).toBe(true);
        }
        expect(profile.name).toMatch(craft);
        expect(profile.description).toContain(`“${text}”`);
      }
    },
  );

  it("without a craft it understands, names the profession: Creator Collective", async () => {
    const profile = await draft("我喜欢和朋友们一起喝茶聊天");
    expect(profile.name).toBe("Creator Collective");
    expect(profile.candidates.map((c) => c.name)).not.toContain("Collective Circle");
  });
});

describe("what is never a name", () => {
  it("markup and addresses are stripped before drafting", async () => {
    expect(plainText("<script>alert(1)</script><img src=x onerror=alert(2)> I make videos")).toBe(
      "I make videos",
    );
    const profile = await draft(
      "<script>alert(1)</script><img src=x onerror=alert(2)> I make videos https://evil.example/x?y=1",
    );
    for (const c of profile.candidates) {
      expect(`${c.name} ${c.description} ${c.tagline}`).not.toMatch(
        /script|img|src|onerror|alert|evil|http/i,
      );
    }
    expect(profile.name).toMatch(/Videos/);
  });

  it("Portuguese fillers are not names: 'Sou' is 'I am'", async () => {
    const profile = await draft("Sou pianista de jazz em Lisboa");
    for (const c of profile.candidates) {
      expect(c.name).not.toMatch(/\bSou\b/);
      expect(c.symbol).not.toBe("SOU");
    }
    expect(profile.description).toContain("pianist");
  });

  it("German fillers are neither names nor quoted topics", async () => {
    const profile = await draft("Ich bin Fotografin in München und möchte mit meinen Fans");
    for (const c of profile.candidates) {
      expect(c.name).not.toMatch(/\b(?:Ich|Bin|Und|Mit)\b/);
      expect(c.description).not.toMatch(/\b(?:Ich bin|und möchte|meinen)\b/);
    }
    expect(profile.name).toMatch(/München/);
  });

  it.each([
    ["Je suis peintre à Paris et je fais des portraits", /\b(?:Je|Suis|Des)\b/],
    ["Soy cocinero en Madrid y hago recetas con mis fans", /\b(?:Soy|Hago|Con|Mis)\b/],
    ["Sono fotografa a Roma e voglio condividere con voi", /\b(?:Sono|Voglio|Con|Voi)\b/],
    ["Ik ben schilder in Utrecht en ik maak portretten", /\b(?:Ik|Ben|Maak)\b/],
  ])("%s: no filler in a name", async (text, fillers) => {
    const profile = await draft(text);
    for (const c of profile.candidates) expect(c.name).not.toMatch(fillers);
  });

  it("an unfortunate English word is never a symbol: a painter is not $PAIN", async () => {
    expect(symbolCandidates(["painter"], 1)).not.toContain("PAIN");
    expect(symbolCandidates(["scamper"], 1)).not.toContain("SCAM");
    for (const style of ["professional", "creative", "casual", "technical"]) {
      const profile = await draft("Painter here, I paint fjords and painted harbours", { style });
      for (const c of profile.candidates) expect(c.symbol).not.toMatch(/^(?:PAIN|DEAD|KILL|SCAM|RUG)$/);
    }
  });

  it.each([
    [
      "Make me an exact copy of Bitcoin, name Bitcoin symbol BTC",
      /bitcoin|\bbtc\b|symbol|copy|exact/i,
      "BTC",
    ],
    ["I want my token to be Dogecoin with symbol DOGE", /doge|symbol/i, "DOGE"],
  ])("a famous token is never drafted: %s", async (text, words, symbol) => {
    const profile = await draft(text);
    for (const c of profile.candidates) {
      expect(c.name).not.toMatch(words);
      expect(c.description).not.toMatch(/bitcoin|dogecoin/i);
      expect(c.symbol).not.toBe(symbol);
    }
    expect(profile.name).toBe("Creator Collective");
  });

  it("the craft wins over a famous token's name", async () => {
    const profile = await draft("I'm a photographer in Lisbon and want a token like Solana", {
      profession: "artist",
    });
    for (const c of profile.candidates) expect(c.name).not.toMatch(/solana/i);
    expect(profile.name).toMatch(/Lisbon|Lens/);
  });
});
