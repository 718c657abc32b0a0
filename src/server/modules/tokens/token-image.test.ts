import { describe, expect, it } from "vitest";
import { tokenImageSvg } from "./token-image";

// Symbols are A-Z and 0-9 at the door; the image escapes anyway (rows from before that rule).
describe("tokenImageSvg", () => {
  it("escapes markup in the symbol", () => {
    const svg = tokenImageSvg('<&"1');
    expect(svg).toContain(">&lt;</text>");
    expect(svg).toContain("&lt;&amp;&quot;1");
    expect(svg).not.toMatch(/<&/);
  });
});

describe("the default image's symbol label", () => {
  it("is squeezed to the tile for a wide symbol, and left alone for a narrow or short one", () => {
    expect(tokenImageSvg("WWWWWWWWWW")).toContain('textLength="400" lengthAdjust="spacingAndGlyphs"');
    expect(tokenImageSvg("IIIIIIIIII")).not.toContain("textLength");
    expect(tokenImageSvg("ART")).not.toContain("textLength");
  });
});
