// The AI's description and tagline name the drafted token ("Sketchbook Club ... Grab some
// SKET"). When the creator renames it on the review step, text they have not edited follows
// the new name and symbol, so the token page never points fans at another ticker.

export interface TokenIdentity {
  name: string;
  symbol: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with `from`'s name and symbol replaced by `to`'s, as whole words: "$SKET" and
 * "SKET" alike (upper case only: "Sket" is a word, not the ticker), the name as written.
 * One pass, so a new name that contains the old symbol is not replaced again. An empty new
 * name or symbol (a field being retyped) leaves the old one in place. */
export function retargetText(text: string, from: TokenIdentity, to: TokenIdentity): string {
  const swaps = new Map<string, string>();
  const name = from.name.trim();
  const symbol = from.symbol.trim().toUpperCase();
  if (name && to.name.trim() && name !== to.name.trim()) swaps.set(name, to.name.trim());
  if (symbol && to.symbol.trim() && symbol !== to.symbol.trim().toUpperCase())
    swaps.set(symbol, to.symbol.trim().toUpperCase());
  if (!swaps.size) return text;
  // Longest first: a name that contains the symbol wins over it.
  const words = [...swaps.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join("|")})(?![\\p{L}\\p{N}])`, "gu");
  return text.replace(pattern, (match) => swaps.get(match) ?? match);
}

/** Whether `current` is still the AI's text (`drafted`), renamed at most: the creator has not
 * written it themselves. `shown` is the name and symbol the text was last fitted to. */
export function isUnedited(
  current: string,
  drafted: string,
  draftedIdentity: TokenIdentity,
  shown: TokenIdentity,
): boolean {
  return current.trim() === retargetText(drafted, draftedIdentity, shown).trim();
}
