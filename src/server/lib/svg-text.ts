// Text in the SVG images the server draws (tokens' and rewards' default images): escaped for
// XML, and its width estimated so a long line can be made to fit its tile.

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A line's width estimated from a sans-serif's glyph widths (in ems): wide W and M, narrow
 * I, 1, spaces and punctuation, an emoji or CJK character a full em, the rest about two
 * thirds of an em. */
export function textWidth(text: string, size: number): number {
  let ems = 0;
  for (const ch of text)
    ems += /[WM]/.test(ch)
      ? 0.95
      : /[Iil1.,:;!|' ]/.test(ch)
        ? 0.32
        : (ch.codePointAt(0) ?? 0) > 0x2000
          ? 1
          : 0.68;
  return ems * size;
}

/** The attributes that squeeze a line wider than `max` to `max` (none for a line that fits). */
export function squeezeTo(text: string, size: number, max: number): string {
  return textWidth(text, size) > max ? ` textLength="${max}" lengthAdjust="spacingAndGlyphs"` : "";
}
