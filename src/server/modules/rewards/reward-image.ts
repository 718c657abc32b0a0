// A reward's default image, for creators who create one without uploading: drawn like the
// token's default image (token-image.ts) with the rarity's colours, as SVG (crisp at any size,
// nothing to store). Wallets show it from the NFT's metadata JSON.

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Gradient stops per rarity; anything else gets the default style (the spec's rule). */
const COLOURS: Record<string, [string, string]> = {
  legendary: ["#f59e0b", "#dc2626"],
  epic: ["#7c3aed", "#db2777"],
  rare: ["#2563eb", "#0891b2"],
};
const DEFAULT_COLOURS: [string, string] = ["#475569", "#64748b"];

/** 512 x 512 SVG: the reward's title, its rarity and the token's symbol. */
export function rewardImageSvg(title: string, rarity: string, symbol: string): string {
  const [from, to] = COLOURS[rarity] ?? DEFAULT_COLOURS;
  const name = escapeXml(title.trim());
  const size = title.length > 18 ? 34 : 46;
  const initial = escapeXml(Array.from(title.trim())[0] ?? "?");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512" role="img" aria-label="${name}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="512" height="512" rx="112" fill="url(#g)"/>
<circle cx="256" cy="210" r="120" fill="#fff" fill-opacity="0.16"/>
<text x="256" y="262" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="150" font-weight="700" fill="#fff">${initial}</text>
<text x="256" y="400" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${name}</text>
<text x="256" y="456" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="28" font-weight="600" fill="#fff" fill-opacity="0.8">${escapeXml(`${rarity.toUpperCase()} · $${symbol}`)}</text>
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
