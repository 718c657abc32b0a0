import type { TokenRow } from "./tokens.repo";

// The share card of a token page: Open Graph and Twitter meta tags put into index.html by the
// server, because link previews (chat apps, social sites) read the HTML and run no script.
// Token names and descriptions are user content: every value is escaped for an attribute.

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const DESCRIPTION_MAX = 200;
const clip = (text: string) =>
  text.length > DESCRIPTION_MAX
    ? `${Array.from(text)
        .slice(0, DESCRIPTION_MAX - 1)
        .join("")}…`
    : text;

export interface ShareCard {
  title: string;
  description: string;
  image: string;
  url: string;
}

/** What a token page's link preview shows. Image and page as absolute URLs (`publicUrl`). */
export function shareCardOf(
  row: Pick<TokenRow, "name" | "symbol" | "tagline" | "description" | "imageUrl" | "mintAddress">,
  publicUrl: string,
): ShareCard {
  const own = row.imageUrl.trim();
  const image = /^https?:\/\//i.test(own)
    ? own
    : own.startsWith("/")
      ? `${publicUrl}${own}`
      : `${publicUrl}/api/tokens/${row.mintAddress}/image.svg`;
  const text = (row.tagline || row.description).replace(/\s+/g, " ").trim();
  return {
    title: `${row.name} ($${row.symbol})`,
    description: clip(
      text || `$${row.symbol}, a creator token on CreatorCoin. See its price, holders and market.`,
    ),
    image,
    url: `${publicUrl}/token/${row.mintAddress}`,
  };
}

/** The meta tags of a card, one per line. */
export function shareCardTags(card: ShareCard): string {
  const tags: Array<[string, string, string]> = [
    ["property", "og:type", "website"],
    ["property", "og:site_name", "CreatorCoin"],
    ["property", "og:title", card.title],
    ["property", "og:description", card.description],
    ["property", "og:image", card.image],
    ["property", "og:url", card.url],
    ["name", "twitter:card", "summary"],
    ["name", "twitter:title", card.title],
    ["name", "twitter:description", card.description],
    ["name", "twitter:image", card.image],
  ];
  return tags
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`)
    .join("\n");
}

/** index.html with the card's tags in its head and the card's title as the page title. */
export function withShareCard(html: string, card: ShareCard): string {
  const title = `<title>${escapeHtml(`${card.title} · CreatorCoin`)}</title>`;
  const titled = /<title>[^<]*<\/title>/i.test(html)
    ? html.replace(/<title>[^<]*<\/title>/i, () => title)
    : html.replace(/<\/head>/i, () => `${title}\n</head>`);
  const tags = `${shareCardTags(card)}\n`;
  const at = titled.search(/<\/head>/i);
  return at >= 0 ? `${titled.slice(0, at)}${tags}${titled.slice(at)}` : `${tags}${titled}`;
}
