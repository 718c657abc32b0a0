// A creator token is a membership, not a security: drafts never promise money. These
// patterns catch investment and profit language in any engine's output (offline templates,
// the person's own words echoed back, a provider's answer).

const BANNED: ReadonlyArray<RegExp> = [
  /\binvest\w*/i,
  /\bprofit\w*/i,
  /\breturns?\b/i,
  /\bgains\b/i,
  /\bgain in value\b/i,
  /\bto the moon\b/i,
  /\bmoon(?:shot|ing)\b/i,
  /\broi\b/i,
  /\bpassive income\b/i,
  /\b(?:price|value)s? (?:goes|go|will go|going|to go) up\b/i,
  /\b(?:price|value) (?:rises|rise|increases|appreciation)\b/i,
  /\bappreciat\w* in value\b/i,
  /\bgrows? in value\b/i,
  /\byields?\b/i,
  /\bdividends?\b/i,
  /\bget rich\b/i,
  /\bfinancial (?:freedom|upside)\b/i,
  /\bupside\b/i,
  /\bstake in\b/i,
  /\bshare in (?:its|the|our|their) (?:growth|success)\b/i,
  /\bown a (?:piece|share) of\b/i,
  /\bearn money\b/i,
  /\bmake money\b/i,
];

/** The first banned phrase in a text, as written there; null when the text is clean. */
export function findBannedPhrase(text: string): string | null {
  for (const pattern of BANNED) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return null;
}

/** The text with every banned phrase blanked out: the person's own words about money are not
 * echoed back into a draft. */
export function scrubBanned(text: string): string {
  return BANNED.reduce((out, pattern) => out.replace(new RegExp(pattern.source, "gi"), " "), text);
}

/** The text without the sentences that carry banned phrases. */
export function dropBannedSentences(text: string): string {
  const sentences = text.match(/[^.!?]+[.!?]*\s*/g) ?? [];
  return sentences
    .filter((s) => findBannedPhrase(s) === null)
    .join("")
    .trim();
}
