// Small text tools shared by the offline engines: tokenizing, stopwords, a stable hash and a
// seeded random generator (same input -> same draft, different inputs -> different drafts).

const STOPWORDS = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below " +
    "between both but by can could did do does doing down during each even ever every few for from further get " +
    "gets got had has have having he her here hers herself him himself his how i if in into is it its itself " +
    "just like lot lots make makes many me more most much my myself need new no nor not now of off on once one " +
    "only or other our ours ourselves out over own really same she should so some such than that the their " +
    "theirs them themselves then there these they thing things this those through to too under until up us " +
    "very want wants was we were what when where which while who whom why will with would you your yours " +
    "yourself yourselves im i'm ive i've id i'd ill i'll dont don't cant can't going help helping love loving " +
    "people person build building community goal goals years year day days time way ways well use using used " +
    "work working works something someone everyone anyone around across via per let lets let's name called " +
    "based currently mostly mainly help want hope looking trying try start started create creating " +
    // What people say when asking for a token, not about themselves ("name X symbol Y").
    "token tokens coin coins symbol ticker copy exact clone"
  ).split(/\s+/),
);

// The pronoun, article, preposition and auxiliary fillers of the main European languages,
// without accents (as `tokenize` leaves them); three letters or more, since shorter words
// never make a name. Left out on purpose: words that are also first names (Mia, Ella, Ben).
const EUROPEAN_STOPWORDS =
  // Portuguese
  (
    "sou eu meu minha meus minhas estou tenho quero faco sao com para por uma uns umas que nos " +
    "nas dos das seu sua voce ele ela eles elas muito mais como tambem aqui isso este esta ser ter " +
    "fazer gosto sobre entre pelo pela num numa onde quem moro vivo " +
    // Spanish
    "soy yo mis estoy hago con los las del sus usted ellos muy mas tambien aqui tener hacer donde " +
    "quien desde " +
    // French
    "suis moi mon mes une des les avec pour par qui dans sur est sont avons veux fais fait nous " +
    "vous ils elles leur leurs son ses aux tres plus comme aussi ici cette ces etre avoir faire " +
    "depuis chez j'ai jai " +
    // German
    "ich bin mein meine meinen meinem meiner mich mir und mit fur ein eine einen einem einer der " +
    "die das den dem des ist sind habe haben mochte mochten will wir ihr sie auch aus bei von vom " +
    "zum zur auf nach sehr mehr wie hier diese dieser dieses sein seine unser unsere euch oder " +
    "aber nicht noch lebe wohne arbeite " +
    // Italian
    "sono io mio miei mie uno per che della dei delle nel nella gli suo lui lei noi voi loro " +
    "molto piu anche qui questo questa essere avere fare voglio faccio abbiamo sul tra fra " +
    // Dutch
    "ik mijn wij jij het een van voor met dat deze zijn heb hebben wil maak ook niet naar bij " +
    "uit onze ons hun zeer veel meer wat wie waar graag woon"
  ).split(/\s+/);
for (const word of EUROPEAN_STOPWORDS) STOPWORDS.add(word.replace(/'/g, ""));

/** The text without markup, entities and web addresses: `<script>alert(1)</script>`,
 * `<img src=x>` or `https://...` are not something the person is, so no name is drafted
 * from them. Line breaks stay. */
export function plainText(text: string): string {
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<\/?[a-z][^<>]*>/gi, " ")
    .replace(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi, " ")
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, " ")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}

/** Lower-case word tokens (letters and digits, inner apostrophes dropped). */
export function tokenize(text: string): string[] {
  return (
    (
      text
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        // "lo-fi", "hip-hop": one word.
        .replace(/([a-z])-([a-z])/g, "$1$2")
        .match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []
    ).map((w) => w.replace(/'/g, ""))
  );
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/** A light suffix stripper, enough to match "painting" with "paintings" and "painter". */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const suffix of ["ings", "ing", "ers", "er", "ies", "es", "s", "ed", "ly"]) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      return suffix === "ies" ? `${word.slice(0, -3)}y` : word.slice(0, -suffix.length);
    }
  }
  return word;
}

// Verbs, fillers and audience words that make poor token names even when frequent ("stream
// every Friday", "early access for my listeners").
const WEAK = new Set(
  (
    "make share teach stream post paint write play record sell offer show run host give grow learn " +
    "monday tuesday wednesday thursday friday saturday sunday weekly daily monthly online free open " +
    "small big great good best full part fans fan followers audience supporters content stuff " +
    "next early first last latest access listeners readers viewers subscribers students clients members " +
    "collectors collector patrons customers buyers backers week weeks month months dibs " +
    "firsttime fulltime parttime hello hey there community people everyone thing things lots"
  ).split(" "),
);

// A verb the person wrote of themselves ("who teaches improvisation"), as the subject a
// template names ("focused on teaching improvisation", not "focused on teaches ..."). Only
// verbs that are not also plural nouns: "records", "designs" or "paints" may be things.
const GERUNDS: Record<string, string> = Object.fromEntries(
  (
    "teaches:teaching makes:making writes:writing produces:producing builds:building " +
    "creates:creating runs:running sings:singing shoots:shooting develops:developing " +
    "cooks:cooking bakes:baking sells:selling composes:composing performs:performing " +
    "publishes:publishing edits:editing illustrates:illustrating organizes:organizing " +
    "organises:organising gives:giving explains:explaining brews:brewing grows:growing " +
    "knits:knitting sews:sewing carves:carving restores:restoring repairs:repairing " +
    "fixes:fixing curates:curating directs:directing animates:animating helps:helping " +
    "teach:teaching make:making write:writing produce:producing build:building create:creating"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

/** A phrase that starts with such a verb, said as a subject: "teaches improvisation" ->
 * "teaching improvisation". Anything else as it was. */
export function asSubject(phrase: string): string {
  const [first = "", ...rest] = phrase.split(" ");
  const gerund = GERUNDS[first.toLowerCase()];
  return gerund ? [gerund, ...rest].join(" ") : phrase;
}

/** A verb, filler or audience word: never the subject a tagline or description names. */
export function isWeak(word: string): boolean {
  return WEAK.has(word.toLowerCase());
}

// The word after one of these is usually a verb: "I produce synthwave", "we run a studio",
// "fans to vote on". As a token's name it would read as a noun ("Sound of Produce").
// "ill": "I'll", tokenized.
const BEFORE_VERB = new Set([
  "i",
  "we",
  "also",
  "to",
  "ill",
  "usually",
  "often",
  "can",
  "will",
  "could",
  "would",
]);

// "I" in pt, es, fr, de, it and nl: the word after it is a verb ("Ik ben", "je fais"), and
// no name (unlike English, whose verbs rank low but may still name a topic).
const FOREIGN_I = new Set(["eu", "yo", "je", "ich", "io", "ik"]);

export function isForeignI(word: string | undefined): boolean {
  return word !== undefined && FOREIGN_I.has(word);
}

/** The content words of a text, most salient first: frequency, then nouns over verbs and
 * fillers, then first use (people tend to say the main thing early). */
export function keywords(text: string, limit = 6): string[] {
  const score = new Map<string, { score: number; first: number }>();
  let previous = "";
  tokenize(text).forEach((w, i) => {
    const afterSubject = BEFORE_VERB.has(previous);
    const foreignVerb = FOREIGN_I.has(previous);
    previous = w;
    if (foreignVerb || w.length < 3 || isStopword(w) || /^\d+$/.test(w)) return;
    const s = score.get(w);
    if (s) s.score += 3;
    else
      score.set(w, {
        score:
          3 +
          (w.length >= 5 ? 1 : 0) -
          (w.endsWith("ing") ? 2 : 0) -
          (WEAK.has(w) ? 3 : 0) -
          (afterSubject ? 3 : 0),
        first: i,
      });
  });
  const ranked = [...score.entries()].sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first);
  // Weak words only when the text offers nothing better.
  const strong = ranked.filter(([, s]) => s.score >= 2);
  return (strong.length ? strong : ranked).slice(0, limit).map(([w]) => w);
}

/** The person's own phrases for their keywords: keywords next to each other in the text stay
 * together ("mystery novels", "coastal towns"), ranked by their best keyword. */
export function keyPhrases(text: string, words: string[], limit = 3): string[] {
  const rank = new Map(words.map((w, i) => [w, i]));
  const phrases = new Map<string, number>();
  let run: string[] = [];
  const close = () => {
    if (run.length) {
      const best = Math.min(...run.map((w) => rank.get(w) ?? words.length));
      const phrase = run.join(" ");
      phrases.set(phrase, Math.min(best, phrases.get(phrase) ?? best));
    }
    run = [];
  };
  for (const token of tokenize(text)) {
    if (rank.has(token) && !run.includes(token) && run.length < 3) run.push(token);
    else {
      close();
      if (rank.has(token)) run.push(token);
    }
  }
  close();
  // A word already said inside a longer phrase is not repeated on its own.
  const ranked = [...phrases.entries()].sort((a, b) => a[1] - b[1] || b[0].length - a[0].length);
  const said = new Set<string>();
  const out: string[] = [];
  for (const [phrase] of ranked) {
    const parts = phrase.split(" ");
    if (parts.every((w) => said.has(w))) continue;
    for (const w of parts) said.add(w);
    out.push(phrase);
    if (out.length === limit) break;
  }
  return out;
}

// Words people put where a name could go ("Developer here", "I'm Musician and producer").
const ROLES = new Set(
  (
    "creator artist musician writer coach developer designer producer painter photographer author " +
    "teacher founder engineer illustrator singer songwriter rapper dj podcaster streamer youtuber " +
    "chef baker trainer mentor consultant hello hi hey"
  ).split(" "),
);

/** A person's name when the text gives one: "I'm Maya", "my name is Leo Park", "Maya here". */
export function personName(text: string): string | null {
  const patterns = [
    /\b[Mm]y name is ([A-Z][a-zA-Z'-]+(?: [A-Z][a-zA-Z'-]+)?)/,
    /\b(?:I am|I'm|Im|this is|call me) ([A-Z][a-zA-Z'-]+(?: [A-Z][a-zA-Z'-]+)?)/,
    /^([A-Z][a-zA-Z'-]+) here\b/,
  ];
  for (const re of patterns) {
    const match = re.exec(text.trim());
    const candidate = match?.[1];
    // "I'm A painter" must not yield the name "A", nor "Developer here" the name "Developer".
    const first = candidate?.split(" ")[0]?.toLowerCase() ?? "";
    if (candidate && candidate.length >= 2 && !isStopword(first) && !ROLES.has(first)) {
      return candidate;
    }
  }
  return null;
}

/** "Maya's", "James'", "Founders'". */
export function possessive(noun: string): string {
  return noun.endsWith("s") ? `${noun}'` : `${noun}'s`;
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** FNV-1a, 32 bits: a stable hash of a string. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** Cuts text at a word boundary so it fits `max` characters. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}
