import type { Profession } from "@shared/constants";
import { LIMITS } from "@shared/constants";
import type { AiProfile } from "@shared/schemas/ai";
import type { DraftContext, IdentityRequest } from "../engine";
import { PROFESSION_PROFILES, STYLE_PROFILES } from "./profiles";
import { pickFreeSymbol, symbolCandidates } from "./symbol";
import { capitalize, clip, hash, keyPhrases, keywords, personName, pick, seededRandom } from "./text";

export const OFFLINE_LABEL = "drafted offline";

const PROFESSION_NOUN: Record<Profession, string> = {
  creator: "creator",
  artist: "artist",
  musician: "musician",
  writer: "writer",
  coach: "coach",
  developer: "developer",
};

/** Drafts a token identity from the person's own words with templates chosen by profession
 * and style. Same request -> same draft (seeded), so a retry is stable, while any change in
 * the text, profession or style changes the result. Always passes TokenFormSchema. */
export async function draftIdentityOffline(
  request: IdentityRequest,
  context: DraftContext,
  engine: AiProfile["engine"] = { kind: "offline", label: OFFLINE_LABEL },
): Promise<AiProfile> {
  const { userInput, profession, style } = request;
  const seed = hash(`${userInput}\u0000${profession}\u0000${style}`);
  const random = seededRandom(seed);
  const professionProfile = PROFESSION_PROFILES[profession];
  const styleProfile = STYLE_PROFILES[style];

  const name = personName(userInput);
  // The profession is said by the templates; as a keyword it would only repeat it.
  const noun = PROFESSION_NOUN[profession];
  const words = keywords(userInput, 8)
    .filter((w) => w !== noun && w !== `${noun}s`)
    .slice(0, 6);
  const lead = capitalize(name?.split(" ")[0] ?? words[0] ?? pick(professionProfile.themes, random));
  const theme = pick(professionProfile.themes, random);
  const tokenName = clip(cleanName(pick(styleProfile.names, random)(lead, theme)), LIMITS.nameMax);

  const symbol = await pickFreeSymbol(
    symbolCandidates(name ? [lead, ...words] : [...words, theme], seed),
    (s) => context.isSymbolTaken(s),
    seed,
  );

  const who = name ? `${PROFESSION_NOUN[profession]} ${name}` : article(PROFESSION_NOUN[profession]);
  const topics = describeTopics(keyPhrases(userInput, words), profession);
  const perk = pick(professionProfile.perks, random);
  const goals = request.goals.trim() || "build community";
  const audience = request.audience.trim() || "supporters";
  const description = clip(
    [
      pick(styleProfile.openings, random)(tokenName, who, topics),
      `Holders get ${perk}.`,
      styleProfile.closing(symbol, goals.toLowerCase(), audience.toLowerCase()),
    ].join(" "),
    LIMITS.descriptionMax,
  );
  const topic = words[0] ?? `${PROFESSION_NOUN[profession]} work`;
  const tagline = clip(
    capitalize(pick(styleProfile.taglines, random)(lead, professionProfile.fans, topic)),
    120,
  );

  return {
    name: tokenName,
    symbol,
    description,
    tagline,
    tokenomics: {
      totalSupply: professionProfile.totalSupply,
      allocation: professionProfile.allocation.map((a) => ({ ...a })),
    },
    engine,
  };
}

function article(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function cleanName(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function describeTopics(phrases: string[], profession: Profession): string {
  const topics = phrases.slice(0, 3);
  if (topics.length === 0) return `${PROFESSION_NOUN[profession]} work`;
  if (topics.length === 1) return topics.join("");
  return `${topics.slice(0, -1).join(", ")} and ${topics[topics.length - 1]}`;
}
