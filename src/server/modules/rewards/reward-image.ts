// A reward's default image, for creators who create one without uploading: drawn like the
// token's default image (token-image.ts) with the rarity's colours, as SVG (crisp at any size,
// nothing to store). Wallets show it from the NFT's metadata JSON.
import { escapeXml, squeezeTo, textWidth } from "../../lib/svg-text";

/** Gradient stops per rarity; anything else gets the default style (the spec's rule). */
const COLOURS: Record<string, [string, string]> = {
  legendary: ["#f59e0b", "#dc2626"],
  epic: ["#7c3aed", "#db2777"],
  rare: ["#2563eb", "#0891b2"],
};
const DEFAULT_COLOURS: [string, string] = ["#475569", "#64748b"];

/** The title's room: the 512 px tile less its rounded corners at the title's height. */
const TITLE_MAX_WIDTH = 400;

/** The title as one line at the largest size that fits, else as two lines split at the space
 * nearest its middle; a line that still does not fit (one long word) is squeezed to the
 * room. Titles run to 32 characters: at one size for all, a long one ran past the tile. */
export function titleLines(title: string): { size: number; lines: string[] } {
  for (const size of [46, 40, 34])
    if (textWidth(title, size) <= TITLE_MAX_WIDTH) return { size, lines: [title] };
  const words = title.split(" ");
  if (words.length < 2) return { size: 34, lines: [title] };
  let best: string[] = [title];
  let bestWidest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
    const widest = Math.max(...lines.map((line) => textWidth(line, 1)));
    if (widest < bestWidest) [best, bestWidest] = [lines, widest];
  }
  const size = [34, 30, 26].find((s) => bestWidest * s <= TITLE_MAX_WIDTH) ?? 26;
  return { size, lines: best };
}

/** 512 x 512 SVG: the reward's title, its rarity and the token's symbol. */
export function rewardImageSvg(title: string, rarity: string, symbol: string): string {
  const [from, to] = COLOURS[rarity] ?? DEFAULT_COLOURS;
  const text = title.trim();
  const name = escapeXml(text);
  const initial = escapeXml(Array.from(text)[0] ?? "?");
  const { size, lines } = titleLines(text);
  // One line sits at 400; two share the same room above the rarity line.
  const baselines = lines.length === 1 ? [400] : [370, 370 + Math.round(size * 1.15)];
  const titleText = lines
    .map(
      (line, i) =>
        `<text x="256" y="${baselines[i]}" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="${size}" font-weight="700" fill="#fff"${squeezeTo(line, size, TITLE_MAX_WIDTH)}>${escapeXml(line)}</text>`,
    )
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512" role="img" aria-label="${name}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="512" height="512" rx="112" fill="url(#g)"/>
<circle cx="256" cy="210" r="120" fill="#fff" fill-opacity="0.16"/>
<text x="256" y="262" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="150" font-weight="700" fill="#fff">${initial}</text>
${titleText}
<text x="256" y="460" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="28" font-weight="600" fill="#fff" fill-opacity="0.8">${escapeXml(`${rarity.toUpperCase()} · $${symbol}`)}</text>
</svg>
`;
}

/** An uploaded image kept as a data: URL: raster types only (an SVG could carry script). */
const DATA_IMAGE = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/=]+)$/;

export function decodeDataImage(url: string): { type: string; bytes: Buffer } | null {
  const match = DATA_IMAGE.exec(url);
  if (!match?.[1] || !match[2]) return null;
  return { type: match[1], bytes: Buffer.from(match[2], "base64") };
}

/** Each accepted type's first bytes: an upload must be the image it says it is, or wallets and
 * the collection page would show a broken picture. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  "image/png": (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/gif": (b) => ["GIF87a", "GIF89a"].includes(b.subarray(0, 6).toString("latin1")),
  "image/webp": (b) =>
    b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
};

/** What an image field may hold: an https URL or an uploaded raster image whose bytes are of
 * the type it declares. */
export function isAcceptedImage(url: string): boolean {
  const upload = decodeDataImage(url);
  if (upload) return SIGNATURES[upload.type]?.(upload.bytes) ?? false;
  if (url.startsWith("data:")) return false;
  try {
    const link = new URL(url);
    // Credentials in a link would be shown to every viewer (and sent by every wallet); quotes
    // and angle brackets are never part of a real image link.
    return (
      link.protocol === "https:" &&
      !link.username &&
      !link.password &&
      !/["'<>\s]/.test(url) &&
      url.length <= 500
    );
  } catch {
    return false;
  }
}
