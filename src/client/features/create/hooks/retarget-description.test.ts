import type { AiProfile } from "@shared/schemas/ai";
import { describe, expect, it } from "vitest";
import { isUnedited, retargetText } from "./retarget-description";
import { formFromDraft, formFromProfile } from "./use-create-wizard";

const drafted = { name: "Sketchbook Club", symbol: "SKET" };
const DESCRIPTION =
  "Sketchbook Club is the fan token for an illustrator. Holders of $SKET get sketches first. Grab some SKET, and tell a friend about Sketchbook Club's drops.";

describe("retargetText", () => {
  it("replaces the drafted name and symbol, $SYM too", () => {
    expect(retargetText(DESCRIPTION, drafted, { name: "Harbour Ink", symbol: "HINK" })).toBe(
      "Harbour Ink is the fan token for an illustrator. Holders of $HINK get sketches first. Grab some HINK, and tell a friend about Harbour Ink's drops.",
    );
  });

  it("replaces whole words only, and the symbol only in capitals", () => {
    const text = "SKETCH by Sketchbook Clubhouse: sket, SKET.";
    expect(retargetText(text, drafted, { name: "Ink", symbol: "INK" })).toBe(
      "SKETCH by Sketchbook Clubhouse: sket, INK.",
    );
  });

  it("does not replace the new name's own copy of the old symbol", () => {
    expect(
      retargetText(
        "Lens Club: $LENS",
        { name: "Lens Club", symbol: "LENS" },
        { name: "LENS Crew", symbol: "LNSC" },
      ),
    ).toBe("LENS Crew: $LNSC");
  });

  it("leaves the text alone while a field is empty, and upper-cases a typed symbol", () => {
    expect(retargetText(DESCRIPTION, drafted, { name: "", symbol: "" })).toBe(DESCRIPTION);
    expect(retargetText("Grab some $SKET", drafted, { name: "Sketchbook Club", symbol: "ink" })).toBe(
      "Grab some $INK",
    );
  });

  it("knows the AI's text once renamed from the creator's own", () => {
    const shown = { name: "Harbour Ink", symbol: "HINK" };
    const renamed = retargetText(DESCRIPTION, drafted, shown);
    expect(isUnedited(renamed, DESCRIPTION, drafted, shown)).toBe(true);
    expect(isUnedited(`${renamed} My own words.`, DESCRIPTION, drafted, shown)).toBe(false);
    expect(isUnedited(DESCRIPTION, DESCRIPTION, drafted, drafted)).toBe(true);
  });
});

describe("another candidate after a rename", () => {
  const draft = (name: string, symbol: string): AiProfile => {
    const candidate = {
      name,
      symbol,
      description: `${name} for fans. Grab some $${symbol}.`,
      tagline: `Join ${name}.`,
    };
    return {
      ...candidate,
      candidates: [candidate],
      tokenomics: { totalSupply: "1000000", allocation: [] },
      engine: { kind: "offline", label: "drafted offline" },
    };
  };

  it("replaces the AI's renamed text; keeps the creator's own", () => {
    const first = draft("Sketchbook Club", "SKET");
    const renamed = {
      ...formFromProfile(first),
      name: "Harbour Ink",
      symbol: "HINK",
      description: "Harbour Ink for fans. Grab some $HINK.",
    };
    const next = formFromDraft(draft("Lens Club", "LENS"), renamed, first);
    expect(next.description).toBe("Lens Club for fans. Grab some $LENS.");
    expect(next.tagline).toBe("Join Lens Club.");
    const own = formFromDraft(draft("Lens Club", "LENS"), { ...renamed, description: "My words." }, first);
    expect(own.description).toBe("My words.");
  });
});
