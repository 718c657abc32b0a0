import { FAMOUS_TOKEN_WORDS } from "@shared/famous-tokens";
import { findBannedPhrase } from "../wording";
import type { Parts } from "./parts";
import { nameCase } from "./parts";
import type { StyleProfile } from "./profiles";
import { possessive } from "./text";

const MAX_WORDS = 4;

interface Core {
  words: string[];
  /** Already a name ("Masterclass Circle"): never finished with another word. */
  complete?: boolean;
}

/** The names a person would pick, best first: built from what is distinctive in their words
 * (place, craft, offering, name, topics), finished in the style's way. Long enough that each
 * "Generate again" can offer names not shown before. */
export function nameCandidates(
  parts: Parts,
  style: StyleProfile,
  themes: readonly string[],
  /** The profession ("creator"): with nothing distinctive understood, "Creator Collective". */
  profession = "creator",
): string[] {
  const { person, place, craft, offering } = parts;
  // The offering has its own names; as a topic it would only repeat them.
  const topics = parts.topics.filter((t) => t !== offering?.word && !EDGE.test(t)).map(nameCase);
  const craftNoun = craft?.noun ?? null;
  const modifier = craft?.modifier ? nameCase(craft.modifier) : null;
  const fallbackNoun = themes[0] ?? "Collective";

  // Distinctive cores, most distinctive first; a single word still needs a finish.
  const phrases = parts.phrases
    .map((p) => nameWords(p))
    .filter((words) => words.length >= 2)
    .map((words) => ({ words }));
  // The word the person said first among their phrases: "rust tools" -> Rust.
  const lead = phrases[0]?.words[0] ?? topics[0];
  const cores: Core[] = [
    place && modifier && craftNoun ? { words: [place, modifier, craftNoun] } : null,
    person ? { words: [possessive(person), craftNoun ?? topics[0] ?? fallbackNoun] } : null,
    modifier && craftNoun ? { words: [modifier, craftNoun] } : null,
    ...phrases,
    offering ? { words: [offering.noun, style.community], complete: true } : null,
    place && craftNoun ? { words: [place, craftNoun] } : null,
    place && offering ? { words: [place, offering.noun] } : null,
    place && topics[0] ? { words: [place, topics[0]] } : null,
    lead ? { words: [lead, craftNoun ?? fallbackNoun] } : null,
    person ? { words: [person] } : null,
    place ? { words: [place] } : null,
    topics[0] ? { words: [topics[0]] } : null,
    // Only the craft understood (a description in another script): "Sketchbook Collective".
    craftNoun ? { words: [craftNoun] } : null,
    ...themes.map((theme) => (topics[1] ? { words: [topics[1], theme] } : null)),
    ...themes.map((theme) => (person || place ? { words: [person ?? place ?? "", theme] } : null)),
  ].filter(
    (core): core is Core =>
      core !== null && !findBannedPhrase(core.words.join(" ")) && !core.words.some(isFamousWord),
  );

  const out: string[] = [];
  const add = (words: string[]) => {
    const name = words.join(" ").replace(/\s+/g, " ").trim();
    const key = name.toLowerCase();
    if (name && name.split(" ").length <= MAX_WORDS && !out.some((n) => n.toLowerCase() === key))
      out.push(name);
  };
  // Round-robin over the finishes, so the first few names come from different cores.
  for (const finish of style.finishes) {
    for (const { words, complete } of cores) {
      const last = words[words.length - 1]?.toLowerCase();
      if (finish === "" || complete) {
        if (words.length >= 2) add(words);
      } else if (last !== finish.toLowerCase()) add([...words, finish]);
    }
  }
  if (out.length === 0) {
    // Nothing understood: the craft or the profession, finished like any name ("Illustrator
    // Collective", "Creator Circle"), never a theme doubled ("Circle Circle").
    const role = nameCase(craft && !/\s/.test(craft.word) ? craft.word : profession);
    for (const finish of [...style.finishes, style.community, ...themes])
      if (finish && finish !== role) add([role, finish]);
  }
  return out;
}

/** A word of a well-known token's name or its symbol ("Bitcoin", "DOGE", "Pepe's"). */
function isFamousWord(word: string): boolean {
  return word
    .toLowerCase()
    .replace(/'s?$/, "")
    .split(/\s+/)
    .some((w) => FAMOUS_TOKEN_WORDS.has(w));
}

// Verbs and counts read badly at either end of a name ("Three Writing Cozy", "Novels Set").
const EDGE = /^(?:\p{L}+ing|one|two|three|four|five|six|seven|eight|nine|ten|set|made|based|about)$/iu;

/** A phrase's words for a name, trimmed of verbs and counts at its ends. */
function nameWords(phrase: string): string[] {
  const words = phrase.split(" ");
  while (words.length && EDGE.test(words[0] ?? "")) words.shift();
  while (words.length && EDGE.test(words[words.length - 1] ?? "")) words.pop();
  return words.map(nameCase);
}
