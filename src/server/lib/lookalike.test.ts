import { describe, expect, it } from "vitest";
import { nameSkeleton, symbolSkeleton } from "./lookalike";

describe("symbolSkeleton", () => {
  it.each([
    ["HGJVX", "HGJVX"],
    ["\u0397GJVX", "Greek capital Eta"],
    ["HGJV\u0425", "Cyrillic capital Ha"],
    ["\u041DGJVX", "Cyrillic capital En"],
    ["\uFF28\uFF27\uFF2A\uFF36\uFF38", "fullwidth"],
    ["\u{1D407}\u{1D406}\u{1D409}\u{1D415}\u{1D417}", "mathematical bold"],
    ["HG\u200BJVX", "zero-width space"],
    ["HG\u200DJVX", "zero-width joiner"],
    ["\u202EHGJVX", "right-to-left override"],
    ["H\u0301GJVX", "combining acute"],
    ["hgjvx", "lower case"],
  ])("%s (%s) has the skeleton of HGJVX", (symbol) => {
    expect(symbolSkeleton(symbol)).toBe(symbolSkeleton("HGJVX"));
  });

  it("reads digits as the capitals they resemble", () => {
    expect(symbolSkeleton("B00K")).toBe(symbolSkeleton("BOOK"));
    expect(symbolSkeleton("1NK")).toBe(symbolSkeleton("INK"));
    expect(symbolSkeleton("5UN")).toBe(symbolSkeleton("SUN"));
    expect(symbolSkeleton("8EAT")).toBe(symbolSkeleton("BEAT"));
    expect(symbolSkeleton("VVAVE")).toBe(symbolSkeleton("WAVE"));
  });

  it("keeps different symbols apart, I and L included", () => {
    expect(symbolSkeleton("LIME")).not.toBe(symbolSkeleton("IIME"));
    expect(symbolSkeleton("ART")).not.toBe(symbolSkeleton("ARC"));
    expect(symbolSkeleton("BIZ")).not.toBe(symbolSkeleton("BIX"));
  });
});

describe("nameSkeleton", () => {
  const base = nameSkeleton("Hedge Journal");
  it.each([
    ["\u0397edge Journal", "Greek Eta"],
    ["\u041Dedge Journal", "Cyrillic En"],
    ["H\u0435dge J\u043Eurnal", "Cyrillic e and o"],
    ["\uFF28edge Journal", "fullwidth H"],
    ["\u{1D407}edge Journal", "mathematical bold H"],
    ["He\u0301dge Journal", "combining acute"],
    ["Hédge Journal", "precomposed é"],
    ["Hedge\u200B Journal", "zero-width space"],
    ["HEDGE JOURNAL", "upper case"],
    ["Hedge   Journal", "extra spaces"],
    ["Hedge J0urnal", "zero for o"],
    ["Hedge Journa1", "one for l"],
    ["Hedge JournaI", "capital I for l"],
    ["Hedge Joumal", "rn drawn as m"],
  ])("%s (%s) has the skeleton of Hedge Journal", (name) => {
    expect(nameSkeleton(name)).toBe(base);
  });

  it("keeps different names apart", () => {
    expect(nameSkeleton("Hedge Journal")).not.toBe(nameSkeleton("Hedge Journals"));
    expect(nameSkeleton("Maya Beats")).not.toBe(nameSkeleton("Maya Boats"));
    expect(nameSkeleton("Μουσική")).not.toBe(nameSkeleton("Музыка"));
  });
});
