import { LIMITS } from "@shared/constants";
import { FAMOUS_TOKEN_WORDS } from "@shared/famous-tokens";
import type { AiProfile, IdentityCandidate } from "@shared/schemas/ai";
import { nfkc } from "@shared/schemas/text";
import { MAX_TOTAL_SUPPLY, TokenFormSchema } from "@shared/schemas/token";
import { z } from "zod";
import type { DraftContext, IdentityRequest } from "../engine";
import { PROFESSION_PROFILES } from "../offline/profiles";
import { pickFreeSymbols, symbolCandidates } from "../offline/symbol";
import { clip, hash, tokenize } from "../offline/text";
import { dropBannedSentences, findBannedPhrase } from "../wording";
import { UnusableAnswer } from "./failure";

/** What we ask the model for. Loose on purpose: lengths, case and sums are repaired here
 * rather than failing the whole answer over a 51-character name. */
export const ModelIdentitySchema = z.object({
  name: z.string().describe("Token name, at most 50 characters"),
  symbol: z.string().describe("Ticker: 3 to 6 uppercase letters A-Z"),
  description: z.string().describe("At most 500 characters, in the requested style"),
  tagline: z.string().describe("One line, at most 120 characters"),
  alternatives: z
    .array(z.object({ name: z.string(), symbol: z.string(), tagline: z.string() }))
    .describe("2 more names the person could pick instead, each with its own symbol and tagline")
    // A model that leaves them out still gave a usable draft.
    .default([]),
  totalSupply: z.string().describe("Whole number of tokens as digits, e.g. 1000000"),
  allocation: z
    .array(z.object({ label: z.string(), percent: z.number() }))
    .describe("3 to 5 buckets whose integer percents sum to 100"),
});
export type ModelIdentity = z.infer<typeof ModelIdentitySchema>;

/** Makes a model's draft fit the token form and the platform: trims, clips, fixes each
 * symbol's case and length (and picks free, distinct ones), drops names already shown and
 * sentences with investment language, parses the supply, normalises the allocation to
 * integers summing to 100. Throws UnusableAnswer (its message is the hint for the retry) when
 * nothing usable is left. */
export async function repairIdentity(
  draft: ModelIdentity,
  request: IdentityRequest,
  context: DraftContext,
  engine: AiProfile["engine"],
): Promise<AiProfile> {
  const description = dropBannedSentences(clip(draft.description.trim(), LIMITS.descriptionMax));
  if (!description) throw new UnusableAnswer("the description must not use investment or profit language");
  const excluded = new Set(request.exclude.map((n) => n.toLowerCase()));
  const drafts = [draft, ...draft.alternatives].map((d) => ({
    name: formName(d.name),
    symbol: d.symbol,
    tagline: clip(d.tagline.replace(/\s+/g, " ").trim(), 120),
  }));
  const usable = drafts.filter(
    (d, i) =>
      d.name &&
      !excluded.has(d.name.toLowerCase()) &&
      !findBannedPhrase(`${d.name} ${d.tagline}`) &&
      // A well-known token's name ("Dogecoin Fans") is never offered: the offline draft answers.
      !isFamousName(d.name) &&
      drafts.findIndex((o) => o.name.toLowerCase() === d.name.toLowerCase()) === i,
  );
  if (usable.length === 0) {
    throw new UnusableAnswer(
      drafts.some((d) => findBannedPhrase(`${d.name} ${d.tagline}`))
        ? "names and taglines must not use investment or profit language"
        : drafts.some((d) => isFamousName(d.name))
          ? "names must not be or contain a well-known token's (Bitcoin, Dogecoin, Solana...)"
          : "every name was already shown: propose new ones",
    );
  }

  const kept = usable.slice(0, 3);
  const symbols = await pickFreeSymbols(
    kept.map((d) => {
      const proposed = d.symbol.toUpperCase().replace(/[^A-Z]/g, "");
      const seed = hash(d.name);
      const options = symbolCandidates([proposed, ...tokenize(d.name)], seed);
      if (/^[A-Z]{3,6}$/.test(proposed)) options.unshift(proposed);
      return { candidates: options, seed };
    }),
    (s) => context.takenSymbols(s),
  );
  const candidates: IdentityCandidate[] = [];
  for (const [i, d] of kept.entries()) {
    const symbol = symbols[i] as string;
    // The description is written for the first name; the others get it with their own.
    const text =
      d === usable[0] ? description : clip(description.split(draft.name).join(d.name), LIMITS.descriptionMax);
    candidates.push({ name: d.name, symbol, description: text, tagline: d.tagline });
  }
  const [first] = candidates;
  if (!first) throw new UnusableAnswer("the draft has no name");

  const profile: AiProfile = {
    ...first,
    candidates,
    tokenomics: {
      totalSupply: parseSupply(draft.totalSupply) ?? PROFESSION_PROFILES[request.profession].totalSupply,
      allocation:
        normaliseAllocation(draft.allocation) ??
        PROFESSION_PROFILES[request.profession].allocation.map((a) => ({ ...a })),
    },
    engine,
  };
  const check = TokenFormSchema.safeParse({ ...profile, totalSupply: profile.tokenomics.totalSupply });
  if (!check.success) throw new UnusableAnswer(check.error.issues[0]?.message ?? "invalid draft");
  return profile;
}

/** "1,000,000", "1 000 000", "1000000.0" -> "1000000"; null when not a sane whole supply. */
function parseSupply(text: string): string | null {
  const digits = text.replace(/[\s,_]/g, "").replace(/\.0+$/, "");
  if (!/^\d+$/.test(digits)) return null;
  const value = BigInt(digits);
  return value > 0n && value <= MAX_TOTAL_SUPPLY ? value.toString() : null;
}

/** Integer percents summing to exactly 100 (largest remainder), or null if unusable. */
function normaliseAllocation(
  items: ModelIdentity["allocation"],
): AiProfile["tokenomics"]["allocation"] | null {
  const usable = items
    .map((a) => ({ label: clip(a.label.trim(), 60), percent: a.percent }))
    .filter((a) => a.label && Number.isFinite(a.percent) && a.percent > 0)
    .slice(0, 8);
  if (usable.length === 0) return null;
  const total = usable.reduce((s, a) => s + a.percent, 0);
  const exact = usable.map((a) => (a.percent * 100) / total);
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((s, v) => s + v, 0);
  const order = exact.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r);
  for (const { i } of order) {
    if (missing <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    missing -= 1;
  }
  return usable.map((a, i) => ({ label: a.label, percent: floors[i] ?? 0 })).filter((a) => a.percent > 0);
}

/** The token form stores names NFKC-normalised, which spells clip's ellipsis "..." (two
 * characters more): normalise first, and leave room for that when clipping. */
function formName(raw: string): string {
  const full = nfkc(raw).replace(/\s+/g, " ").trim();
  return full.length <= LIMITS.nameMax ? full : nfkc(clip(full, LIMITS.nameMax - 2));
}

function isFamousName(name: string): boolean {
  return tokenize(name).some((w) => FAMOUS_TOKEN_WORDS.has(w));
}
