import type { Profession } from "@shared/constants";
import { LIMITS } from "@shared/constants";
import { mulberry32 } from "@shared/random";
import type { AiProfile, IdentityCandidate } from "@shared/schemas/ai";
import type { DraftContext, IdentityRequest } from "../engine";
import { dropBannedSentences, findBannedPhrase, scrubBanned } from "../wording";
import { nameCandidates } from "./names";
import { extractParts, type Parts } from "./parts";
import { PROFESSION_PROFILES, STYLE_PROFILES, type StyleProfile } from "./profiles";
import { pickFreeSymbols, symbolCandidates } from "./symbol";
import { capitalize, clip, hash, pick, plainText, tokenize } from "./text";

export const OFFLINE_LABEL = "drafted offline";
/** How many drafts one request offers to pick from. */
const CANDIDATES_PER_DRAFT = 3;
/** The longest quote of the person's own words in a description (characters). */
const QUOTE_MAX = 160;

const PROFESSION_NOUN: Record<Profession, string> = {
  creator: "creator",
  artist: "artist",
  musician: "musician",
  writer: "writer",
  coach: "coach",
  developer: "developer",
};

/** Drafts token identities from the person's own words: names from what is distinctive in
 * them (place, craft, offering), proper nouns as written, templates by profession and style.
 * Seeded by the request: the same request gives the same drafts, and each `attempt` offers
 * the next names of the list (never one in `exclude`). Always passes TokenFormSchema. */
export async function draftIdentityOffline(
  request: IdentityRequest,
  context: DraftContext,
  engine: AiProfile["engine"] = { kind: "offline", label: OFFLINE_LABEL },
): Promise<AiProfile> {
  const { profession, style, attempt } = request;
  // Markup and addresses are not the person: never a name ("<script>" -> "Script Img Src").
  const userInput = plainText(request.userInput);
  const seed = hash(`${userInput}\u0000${profession}\u0000${style}\u0000${attempt}`);
  const random = mulberry32(seed);
  const professionProfile = PROFESSION_PROFILES[profession];
  const styleProfile = STYLE_PROFILES[style];
  const noun = PROFESSION_NOUN[profession];
  const parts = extractParts(scrubBanned(userInput), [noun]);

  const excluded = new Set(request.exclude.map((n) => n.toLowerCase()));
  const all = nameCandidates(parts, styleProfile, professionProfile.themes, noun);
  const pool = all.filter((n) => !excluded.has(n.toLowerCase()));
  // Everything shown already: start over from the best names rather than answer nothing.
  const names = pool.length ? pool : all;
  // Attempt n starts n pages into the list; names excluded from it have moved it up already.
  const skipped = all.length - pool.length;
  const start = Math.max(0, attempt * CANDIDATES_PER_DRAFT - skipped) % names.length;
  const chosen = Array.from(
    { length: Math.min(CANDIDATES_PER_DRAFT, names.length) },
    (_, i) => names[(start + i) % names.length] ?? "",
  );

  const who = describePerson(parts, noun);
  const topics = describeTopics(parts, professionProfile.craft);
  const topic = parts.phrases[0] ?? professionProfile.craft;
  // The person's goals and audience are echoed, unless they talk money.
  const goals = clean(request.goals, "build community").toLowerCase();
  const audience = clean(request.audience, "supporters").toLowerCase();

  // Words the templates cannot say in the person's language are quoted in it.
  const quote = [...userInput].some((ch) => /\p{L}/u.test(ch) && !/\p{Script=Latin}/u.test(ch))
    ? [`In their words: “${clip(userInput.replace(/\s+/g, " "), QUOTE_MAX)}”.`]
    : [];
  const clipped = chosen.map((fullName) => clip(fullName, LIMITS.nameMax));
  const symbols = await pickFreeSymbols(
    clipped.map((name) => {
      const symbolSeed = hash(`${name}\u0000${seed}`);
      return { candidates: symbolCandidates(symbolWords(name, parts), symbolSeed), seed: symbolSeed };
    }),
    (s) => context.takenSymbols(s),
  );
  const candidates: IdentityCandidate[] = [];
  for (const [i, name] of clipped.entries()) {
    const symbol = symbols[i] as string;
    const lead = parts.person ?? name;
    const description = dropBannedSentences(
      clip(
        [
          pick(styleProfile.openings, random)(name, who, topics),
          ...quote,
          `Holders get ${pick(professionProfile.perks, random)}.`,
          styleProfile.closing(symbol, goals, audience),
        ].join(" "),
        LIMITS.descriptionMax,
      ),
    );
    const tagline = clip(
      capitalize(taglineFor(styleProfile.taglines, random, lead, professionProfile.fans, topic)),
      120,
    );
    candidates.push({
      name,
      symbol,
      description,
      tagline: findBannedPhrase(tagline)
        ? `Membership for the ${professionProfile.fans} of ${name}.`
        : tagline,
    });
  }
  const [first] = candidates;
  if (!first) throw new Error("no name candidates");

  return {
    ...first,
    candidates,
    tokenomics: {
      totalSupply: professionProfile.totalSupply,
      allocation: professionProfile.allocation.map((a) => ({ ...a })),
    },
    engine,
  };
}

/** A seeded tagline that does not say the topic twice ("Oakland Murals' murals"). */
function taglineFor(
  templates: StyleProfile["taglines"],
  random: () => number,
  lead: string,
  fans: string,
  topic: string,
): string {
  const first = Math.floor(random() * templates.length);
  const said = topic.toLowerCase();
  for (let i = 0; i < templates.length; i++) {
    const line = templates[(first + i) % templates.length]?.(lead, fans, topic) ?? "";
    if (line.toLowerCase().split(said).length <= 2) return line;
  }
  return `Membership for the ${fans} of ${lead}.`;
}

/** "Lisbon jazz pianist Maya", "a Lisbon jazz pianist", "an artist". */
function describePerson(parts: Parts, noun: string): string {
  const craft = parts.craft ? [parts.craft.modifier, parts.craft.word].filter(Boolean).join(" ") : noun;
  const role = [parts.place, craft].filter(Boolean).join(" ");
  return parts.person ? `${role} ${parts.person}` : article(role);
}

/** The subjects named in the description, or the profession's craft ("music") when none. */
function describeTopics(parts: Parts, craft: string): string {
  const topics = parts.phrases.slice(0, 3);
  if (topics.length === 0) return craft;
  if (topics.length === 1) return topics.join("");
  return `${topics.slice(0, -1).join(", ")} and ${topics[topics.length - 1]}`;
}

/** Words for the symbol: the name's own, minus the style's finishing words. */
function symbolWords(name: string, parts: Parts): string[] {
  const words = name.replace(/'s\b/g, "").split(" ");
  const distinctive = words.filter(
    (w) =>
      !/^(?:Collective|Guild|Society|Sessions|Studio|Atelier|Club|Crew|Hangout|Labs|Network|Protocol|Circle|Salon)$/.test(
        w,
      ),
  );
  const out = distinctive.length ? distinctive : words;
  // Three or more words: their initials make a readable ticker ("Lisbon Jazz Keys" -> LJK).
  const initials = out.length >= 3 ? [out.map((w) => w[0] ?? "").join("")] : [];
  return [...initials, ...out, ...parts.topics].flatMap((w) => tokenize(w).slice(0, 1));
}

function clean(text: string, fallback: string): string {
  const value = text.trim();
  return value && !findBannedPhrase(value) ? value : fallback;
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}
