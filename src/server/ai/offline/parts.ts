import { findBannedPhrase } from "../wording";
import { isKnownWord } from "./description-check";
import { capitalize, isWeak, keyPhrases, keywords, personName, tokenize } from "./text";

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
  tokens.forEach((token, i) => {
    // Singular only: "for other developers" is the audience, not the person's craft.
    const noun = CRAFTS[token];
    if (craft || !noun) return;
    const before = tokens[i - 1];
    const modifier =
      before && before.length >= 3 && !isFiller(before) && !placeWords.has(before) && !personWords.has(before)
        ? show(before)
        : null;
    craft = { word: show(token), modifier, noun };
  });
  const offeringToken = tokens.find((t) => OFFERINGS[t]);
  const offering = offeringToken ? { word: show(offeringToken), noun: OFFERINGS[offeringToken] ?? "" } : null;

  const used = new Set<string>([...personWords, ...placeWords, ...said, ...said.map((w) => `${w}s`)]);
  const found = craft as Parts["craft"];
  if (found) {
    used.add(found.word.toLowerCase());
    used.add(`${found.word.toLowerCase()}s`);
    if (found.modifier) used.add(found.modifier.toLowerCase());
  }
  const words = keywords(text, 10).filter((w) => !findBannedPhrase(w));
  const free = words.filter((w) => !used.has(w));
  // A phrase of only weak words ("fans", "grow") is no subject: the profession's craft stands in.
  const phrases = keyPhrases(text, free)
    .filter((p) => !p.split(" ").every(isWeak))
    .map((p) => p.split(" ").map(show).join(" "));
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
