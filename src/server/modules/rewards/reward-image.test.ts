import { describe, expect, it } from "vitest";
import { textWidth } from "../../lib/svg-text";
import { rewardImageSvg, titleLines } from "./reward-image";

// A reward's default image shows its title whole inside the tile, at every allowed length
// (titles run to 32 characters).
describe("the default reward image's title", () => {
  const fits = ({ size, lines }: { size: number; lines: string[] }) =>
    lines.every((line) => textWidth(line, size) <= 400);

  it("keeps a short title on one line at the full size", () => {
    expect(titleLines("Backstage")).toEqual({ size: 46, lines: ["Backstage"] });
  });

  it("makes a longer one smaller rather than running past the edges", () => {
    const layout = titleLines("Welcome Supporter");
    expect(layout.lines).toEqual(["Welcome Supporter"]);
    expect(layout.size).toBeLessThan(46);
    expect(fits(layout)).toBe(true);
  });

  it("splits a 32-character title into two balanced lines that fit", () => {
    const layout = titleLines("Early Supporter of the Loops Crw");
    expect(layout.lines).toEqual(["Early Supporter", "of the Loops Crw"]);
    expect(fits(layout)).toBe(true);
    const svg = rewardImageSvg("Early Supporter of the Loops Crw", "epic", "LOOP");
    expect(svg).toContain(">Early Supporter</text>");
    expect(svg).toContain(">of the Loops Crw</text>");
    expect(svg).not.toContain("textLength");
  });

  it("squeezes one long word to the tile, and escapes markup", () => {
    const svg = rewardImageSvg("WWWWWWWWWWWWWWWWWWWWWW<&", "rare", "ART");
    expect(svg).toContain('textLength="400" lengthAdjust="spacingAndGlyphs"');
    expect(svg).toContain("WWWWWWWWWWWWWWWWWWWWWW&lt;&amp;</text>");
    expect(svg).not.toMatch(/W<&/);
  });
});
