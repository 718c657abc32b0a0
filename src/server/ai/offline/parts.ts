import { FAMOUS_TOKEN_WORDS } from "@shared/famous-tokens";
import { findBannedPhrase } from "../wording";
import { isKnownWord } from "./description-check";
import {
  asSubject,
  capitalize,
  isForeignI,
  isStopword,
  isWeak,
  keyPhrases,
  keywords,
  personName,
  tokenize,
} from "./text";

// What is distinctive in a description, kept as the person wrote it: their name, their place,
// their craft ("jazz pianist"), what they offer ("masterclasses") and their topics.

/** A craft word and the word a name uses for it: "pianist" -> "Keys". */
const CRAFTS: Record<string, string> = {
  pianist: "Keys",
  keyboardist: "Keys",
  guitarist: "Strings",
  violinist: "Strings",
  cellist: "Strings",
  bassist: "Low End",
  drummer: "Rhythm",
  percussionist: "Rhythm",
  singer: "Voices",
  vocalist: "Voices",
  songwriter: "Songs",
  rapper: "Bars",
  dj: "Decks",
  producer: "Beats",
  composer: "Scores",
  painter: "Studio",
  muralist: "Walls",
  illustrator: "Sketchbook",
  photographer: "Lens",
  filmmaker: "Reels",
  potter: "Clay",
  ceramicist: "Clay",
  sculptor: "Studio",
  designer: "Design",
  writer: "Pages",
  author: "Pages",
  novelist: "Pages",
  poet: "Verse",
  journalist: "Dispatch",
  blogger: "Journal",
  vlogger: "Channel",
  podcaster: "Podcast",
  streamer: "Stream",
  youtuber: "Channel",
  developer: "Labs",
  programmer: "Labs",
  engineer: "Labs",
  coach: "Academy",
  teacher: "School",
  tutor: "School",
  trainer: "Training",
  chef: "Kitchen",
  cook: "Kitchen",
  baker: "Bakehouse",
  dancer: "Dance",
  gardener: "Garden",
  woodworker: "Workshop",
};

/** Craft words of pt, es, fr, de, it and nl (without accents, as tokenized), and the
 * English craft they are: "Sou pianista de jazz" -> pianist. */
const CRAFT_TRANSLATIONS: Record<string, string> = {
  pianista: "pianist",
  pianiste: "pianist",
  pianistin: "pianist",
  guitarrista: "guitarist",
  chitarrista: "guitarist",
  guitariste: "guitarist",
  gitarrist: "guitarist",
  baterista: "drummer",
  batterista: "drummer",
  cantor: "singer",
  cantora: "singer",
  cantante: "singer",
  chanteur: "singer",
  chanteuse: "singer",
  sanger: "singer",
  sangerin: "singer",
  zanger: "singer",
  zangeres: "singer",
  compositor: "composer",
  compositora: "composer",
  compositeur: "composer",
  compositore: "composer",
  komponist: "composer",
  komponistin: "composer",
  fotografo: "photographer",
  fotografa: "photographer",
  fotograf: "photographer",
  fotografin: "photographer",
  photographe: "photographer",
  pintor: "painter",
  pintora: "painter",
  peintre: "painter",
  pittore: "painter",
  pittrice: "painter",
  maler: "painter",
  malerin: "painter",
  schilder: "painter",
  ilustrador: "illustrator",
  ilustradora: "illustrator",
  illustratrice: "illustrator",
  illustratore: "illustrator",
  illustratorin: "illustrator",
  escritor: "writer",
  escritora: "writer",
  ecrivain: "writer",
  scrittore: "writer",
  scrittrice: "writer",
  schriftsteller: "writer",
  schriftstellerin: "writer",
  schrijver: "writer",
  autora: "author",
  autrice: "author",
  autorin: "author",
  poeta: "poet",
  dichter: "poet",
  cozinheiro: "chef",
  cocinero: "chef",
  cuisinier: "chef",
  cuoco: "chef",
  koch: "chef",
  kok: "chef",
  padeiro: "baker",
  panadero: "baker",
  boulanger: "baker",
  panettiere: "baker",
  backer: "baker",
  bakker: "baker",
  ceramista: "ceramicist",
  ceramiste: "ceramicist",
  keramikerin: "ceramicist",
  desenvolvedor: "developer",
  desarrollador: "developer",
  developpeur: "developer",
  entwickler: "developer",
  entwicklerin: "developer",
  programador: "programmer",
  programmeur: "programmer",
  programmierer: "programmer",
  bailarina: "dancer",
  bailarin: "dancer",
  danseur: "dancer",
  danseuse: "dancer",
  tanzer: "dancer",
  tanzerin: "dancer",
  ballerina: "dancer",
};

/** Craft words in scripts without Latin letters, found anywhere in the text (Chinese and
 * Japanese put no spaces between words): the English craft and the word a name uses. */
const OTHER_SCRIPT_CRAFTS: ReadonlyArray<[string, string, string]> = [
  ["插画", "illustrator", "Sketchbook"],
  ["插畫", "illustrator", "Sketchbook"],
  ["イラスト", "illustrator", "Sketchbook"],
  ["漫画", "illustrator", "Sketchbook"],
  ["摄影", "photographer", "Lens"],
  ["攝影", "photographer", "Lens"],
  ["写真", "photographer", "Lens"],
  ["画家", "painter", "Studio"],
  ["音乐", "musician", "Sound"],
  ["音樂", "musician", "Sound"],
  ["音楽", "musician", "Sound"],
  ["作家", "writer", "Pages"],
  ["小説", "writer", "Pages"],
  ["小说", "writer", "Pages"],
  ["مصور", "photographer", "Lens"],
  ["تصوير", "photographer", "Lens"],
  ["رسام", "painter", "Studio"],
  ["موسيق", "musician", "Sound"],
  ["كاتب", "writer", "Pages"],
  ["संगीत", "musician", "Sound"],
  ["चित्रकार", "painter", "Studio"],
  ["फोटोग्राफ", "photographer", "Lens"],
  ["लेखक", "writer", "Pages"],
  ["музыкант", "musician", "Sound"],
  ["музык", "musician", "Sound"],
  ["художни", "painter", "Studio"],
  ["фотограф", "photographer", "Lens"],
  ["писател", "writer", "Pages"],
  ["иллюстратор", "illustrator", "Sketchbook"],
  ["дизайнер", "designer", "Design"],
  ["программист", "developer", "Labs"],
  ["разработчик", "developer", "Labs"],
];

/** The craft named first in a text with no Latin craft word: "插画师" -> illustrator. */
function otherScriptCraft(text: string): Parts["craft"] {
  let best: { at: number; word: string; noun: string } | null = null;
  const lower = text.toLowerCase();
  for (const [written, word, noun] of OTHER_SCRIPT_CRAFTS) {
    const at = lower.indexOf(written);
    if (at >= 0 && (!best || at < best.at)) best = { at, word, noun };
  }
  return best ? { word: best.word, modifier: null, noun: best.noun } : null;
}

/** What people offer their community, and its name-sized form. */
const OFFERINGS: Record<string, string> = {
  masterclass: "Masterclass",
  masterclasses: "Masterclass",
  workshop: "Workshop",
  workshops: "Workshop",
  lesson: "Lessons",
  lessons: "Lessons",
  class: "Class",
  classes: "Class",
  course: "Course",
  courses: "Course",
  podcast: "Podcast",
  podcasts: "Podcast",
  newsletter: "Newsletter",
  livestream: "Live",
  livestreams: "Live",
  tutorial: "Tutorials",
  tutorials: "Tutorials",
  devlog: "Devlog",
  devlogs: "Devlog",
  zine: "Zine",
  retreat: "Retreat",
  retreats: "Retreat",
  residency: "Residency",
  tour: "Tour",
  sessions: "Sessions",
  meetup: "Meetup",
  meetups: "Meetup",
};

export interface Parts {
  person: string | null;
  place: string | null;
  /** The craft word as written ("pianist") and its qualifier ("jazz"), if any. */
  craft: { word: string; modifier: string | null; noun: string } | null;
  offering: { word: string; noun: string } | null;
  /** Content words, most salient first, in the person's casing, none of the above. */
  topics: string[];
  /** The person's own phrases for those topics ("watercolor landscapes"). */
  phrases: string[];
}

const PLACE =
  /\b(?:in|from|based in|out of|near|around)\s+((?:[A-Z][\p{L}'’-]+)(?:\s+[A-Z][\p{L}'’-]+){0,2})/u;
const NOT_PLACES = new Set(
  "january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday english spanish portuguese french german".split(
    " ",
  ),
);

/** `said`: words the templates say anyway (the profession), never repeated as topics. */
export function extractParts(text: string, said: readonly string[] = []): Parts {
  const surface = surfaceForms(text);
  const show = (word: string) => surface.get(word) ?? word;
  const person = personName(text);
  const personWords = new Set(person ? tokenize(person) : []);

  const placeMatch = PLACE.exec(text)?.[1] ?? null;
  const place =
    placeMatch && !personWords.has(tokenize(placeMatch)[0] ?? "") && !NOT_PLACES.has(placeMatch.toLowerCase())
      ? placeMatch
      : null;
  const placeWords = new Set(place ? tokenize(place) : []);

  const tokens = tokenize(text);
  let craft: Parts["craft"] = null;
  const craftTokens = new Set<string>();
  tokens.forEach((token, i) => {
    // Singular only: "for other developers" is the audience, not the person's craft.
    const english = CRAFTS[token] ? token : CRAFT_TRANSLATIONS[token];
    const noun = english ? CRAFTS[english] : undefined;
    if (craft || !english || !noun) return;
    craftTokens.add(token);
    const before = tokens[i - 1];
    const modifier =
      before &&
      before.length >= 3 &&
      !isFiller(before) &&
      !isStopword(before) &&
      !isForeignI(tokens[i - 2]) &&
      !placeWords.has(before) &&
      !personWords.has(before)
        ? show(before)
        : null;
    // A translated craft is said in English: the description around it is.
    craft = { word: english === token ? show(token) : english, modifier, noun };
  });
  craft ??= otherScriptCraft(text);
  const offeringToken = tokens.find((t) => OFFERINGS[t]);
  const offering = offeringToken ? { word: show(offeringToken), noun: OFFERINGS[offeringToken] ?? "" } : null;

  const used = new Set<string>([
    ...personWords,
    ...placeWords,
    ...craftTokens,
    ...said,
    ...said.map((w) => `${w}s`),
  ]);
  const found = craft as Parts["craft"];
  if (found) {
    used.add(found.word.toLowerCase());
    used.add(`${found.word.toLowerCase()}s`);
    if (found.modifier) used.add(found.modifier.toLowerCase());
  }
  // A famous token's name or symbol is never a topic: "a copy of Bitcoin" drafts from the craft.
  const words = keywords(text, 10).filter((w) => !findBannedPhrase(w) && !FAMOUS_TOKEN_WORDS.has(w));
  const free = words.filter((w) => !used.has(w));
  // A phrase of only weak words ("fans", "grow") is no subject: the profession's craft stands in.
  const phrases = keyPhrases(text, free)
    .filter((p) => !p.split(" ").every(isWeak))
    .map((p) => asSubject(p.split(" ").map(show).join(" ")));
  return {
    person,
    place,
    craft: found,
    offering,
    topics: free.filter((w) => (!OFFERINGS[w] || w === offeringToken) && !isWeak(w)).map(show),
    phrases,
  };
}

/** The person's spelling of each word: a proper noun or brand keeps its capitals ("Lisbon",
 * "iPhone"), an ordinary word capitalised only because it starts a sentence does not. */
function surfaceForms(text: string): Map<string, string> {
  const forms = new Map<string, string>();
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu)) {
    const written = match[0];
    const key = tokenize(written).join("");
    if (!key) continue;
    const before = text.slice(0, match.index).trimEnd();
    const sentenceStart = before === "" || /[.!?:]$/.test(before);
    const hasCapital = /\p{Lu}/u.test(written);
    const proper =
      hasCapital && !(sentenceStart && isKnownWord(key) && /^\p{Lu}[\p{Ll}\d'’-]*$/u.test(written));
    const form = proper ? written : written.toLowerCase();
    const previous = forms.get(key);
    // A word written with capitals anywhere in the text is written that way everywhere.
    if (!previous || (previous === previous.toLowerCase() && form !== form.toLowerCase()))
      forms.set(key, form);
  }
  return forms;
}

function isFiller(word: string): boolean {
  return /^(?:a|an|the|my|our|and|or|as|am|im|i|we|is|are|of|for|with|who|online|full|part|time|professional|freelance|independent|indie|local|new|young|self|taught)$/.test(
    word,
  );
}

/** A word as it appears in a name: capitalised, but a brand's own casing kept ("iPhone"). */
export function nameCase(word: string): string {
  return /\p{Lu}/u.test(word) ? word : word.split(" ").map(capitalize).join(" ");
}
