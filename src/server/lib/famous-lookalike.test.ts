import { FAMOUS_TOKEN_WORDS, FAMOUS_TOKENS } from "@shared/famous-tokens";
import { describe, expect, it } from "vitest";
import { famousLookalike } from "./famous-lookalike";

describe("famousLookalike", () => {
  it("keeps the list short and its symbols distinct and valid", () => {
    expect(FAMOUS_TOKENS.length).toBeLessThanOrEqual(30);
    const symbols = FAMOUS_TOKENS.map((t) => t.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const s of symbols) expect(s).toMatch(/^[A-Z0-9]{2,10}$/);
    expect(FAMOUS_TOKEN_WORDS.has("bitcoin")).toBe(true);
    expect(FAMOUS_TOKEN_WORDS.has("network")).toBe(false);
  });

  it.each([
    ["DOGE", "DOGE is the symbol of Dogecoin, a well-known token: choose another so fans are not misled."],
    ["B7C", null],
    [
      "5OL",
      "5OL looks like SOL, the symbol of Solana, a well-known token: choose another so fans are not misled.",
    ],
    [
      "\u0412TC",
      "\u0412TC looks like BTC, the symbol of Bitcoin, a well-known token: choose another so fans are not misled.",
    ],
  ])("symbol %s", (symbol, message) => {
    expect(famousLookalike("Harbour Sketchbook", symbol)?.message ?? null).toBe(message);
  });

  it.each([["Dogecoin"], ["DOGECOIN"], ["Doge coin"], ["D\u043Egecoin"], ["Shiba  Inu"]])(
    "name %s",
    (name) => {
      expect(famousLookalike(name, "HBSK")?.field).toBe("name");
    },
  );

  it.each([["Dogecoin Portraits"], ["Sol Studio"], ["Ada's Pages"], ["Jupiter"], ["Pepe"], ["Avalanche"]])(
    "a creator's own name %s passes",
    (name) => {
      expect(famousLookalike(name, "HBSK")).toBeNull();
    },
  );

  it("reserves the symbol of a token whose name is an everyday word, not the word", () => {
    expect(famousLookalike("Jupiter", "JPTR")).toBeNull();
    expect(famousLookalike("Jupiter", "JUP")).toEqual({
      field: "symbol",
      message: "JUP is the symbol of Jupiter, a well-known token: choose another so fans are not misled.",
    });
    expect(famousLookalike("Bitcoin", "JPTR")?.field).toBe("name");
  });
});
