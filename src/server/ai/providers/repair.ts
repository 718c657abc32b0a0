import { LIMITS } from "@shared/constants";
import type { AiProfile } from "@shared/schemas/ai";
import { nfkc } from "@shared/schemas/text";
import { MAX_TOTAL_SUPPLY, TokenFormSchema } from "@shared/schemas/token";
import { z } from "zod";
import type { DraftContext, IdentityRequest } from "../engine";
import { PROFESSION_PROFILES } from "../offline/profiles";
import { pickFreeSymbol, symbolCandidates } from "../offline/symbol";
import { clip, hash, tokenize } from "../offline/text";
import { UnusableAnswer } from "./failure";

/** What we ask the model for. Loose on purpose: lengths, case and sums are repaired here
 * rather than failing the whole answer over a 51-character name. */
export const ModelIdentitySchema = z.object({
  name: z.string().describe("Token name, at most 50 characters"),
  symbol: z.string().describe("Ticker: 3 to 6 uppercase letters A-Z"),
  description: z.string().describe("At most 500 characters, in the requested style"),
  tagline: z.string().describe("One line, at most 120 characters"),
  totalSupply: z.string().describe("Whole number of tokens as digits, e.g. 1000000"),
  allocation: z
    .array(z.object({ label: z.string(), percent: z.number() }))
    .describe("3 to 5 buckets whose integer percents sum to 100"),
});
export type ModelIdentity = z.infer<typeof ModelIdentitySchema>;

/** Makes a model's draft fit the token form and the platform: trims, clips, fixes the
 * symbol's case and length (and picks a free one), parses the supply, normalises the
 * allocation to integers summing to 100. Throws UnusableAnswer when nothing usable is left. */
export async function repairIdentity(
  draft: ModelIdentity,
  request: IdentityRequest,
  context: DraftContext,
  engine: AiProfile["engine"],
): Promise<AiProfile> {
  // The token form stores names NFKC-normalised, which spells clip's ellipsis "..." (two
  // characters more): normalise first, and leave room for that when clipping.
  const full = nfkc(draft.name).replace(/\s+/g, " ").trim();
  const name = full.length <= LIMITS.nameMax ? full : nfkc(clip(full, LIMITS.nameMax - 2));
  if (!name) throw new UnusableAnswer("the draft has no name");

  const proposed = draft.symbol.toUpperCase().replace(/[^A-Z]/g, "");
  const candidates = symbolCandidates([proposed, ...tokenize(name)], hash(name));
  if (/^[A-Z]{3,6}$/.test(proposed)) candidates.unshift(proposed);
  const symbol = await pickFreeSymbol(candidates, (s) => context.isSymbolTaken(s), hash(name));

  const profile: AiProfile = {
    name,
    symbol,
    description: clip(draft.description.trim(), LIMITS.descriptionMax),
    tagline: clip(draft.tagline.replace(/\s+/g, " ").trim(), 120),
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
