// A token's default image, for creators who launch without one: wallets and explorers show
// the metadata's `image`, and a blank there looks like a broken or scam token. Drawn like the
// app's own token avatar (brand gradient, the symbol's first letter), as SVG so it is crisp at
// any size and costs nothing to store.
import { escapeXml, squeezeTo } from "../../lib/svg-text";

/** The label's room: the 512 px tile less its rounded corners at the label's height. */
const LABEL_MAX_WIDTH = 400;

/** The default image of a token (512 x 512 SVG). */
export function tokenImageSvg(symbol: string): string {
  const text = symbol.trim();
  // The first character as a person reads it (an emoji or accented letter is one).
  const initial = escapeXml(Array.from(text)[0] ?? "?");
  const label = escapeXml(`$${text}`);
  const labelSize = text.length > 7 ? 44 : 56;
  // A wide label ("$WWWWWWWWWW") is squeezed to the tile's inner width instead of running past
  // its rounded edges; a narrow one keeps its natural width.
  const fit = squeezeTo(`$${text}`, labelSize, LABEL_MAX_WIDTH);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512" role="img" aria-label="${label}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6d28d9"/><stop offset="1" stop-color="#c026d3"/></linearGradient></defs>
<rect width="512" height="512" rx="112" fill="url(#g)"/>
<text x="256" y="300" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="232" font-weight="700" fill="#fff">${initial}</text>
<text x="256" y="420" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="${labelSize}" font-weight="600" fill="#fff" fill-opacity="0.85"${fit}>${label}</text>
</svg>
`;
}
