import { FAMOUS_TOKENS } from "@shared/famous-tokens";
import { mulberry32 } from "@shared/random";

// Never proposed: symbols people would confuse with real assets (the well-known tokens the
// launch refuses, and USD), and English words a creator would not want as a ticker ("a
// painter" -> PAIN): the drafter moves on to its next candidate.
const UNFORTUNATE = [
  "PAIN",
  "SCAM",
  "RUG",
  "RUGS",
  "DEAD",
  "KILL",
  "DIE",
  "HATE",
  "DUMP",
  "FAKE",
  "FAIL",
  "POOP",
];
const RESERVED = new Set(["USD", ...FAMOUS_TOKENS.map((t) => t.symbol), ...UNFORTUNATE]);
const VOWELS = /[AEIOU]/g;

const letters = (word: string) => word.toUpperCase().replace(/[^A-Z]/g, "");

/** Candidate ticker symbols (3–6 uppercase letters) for a drafted identity, best first:
 * from the person's words, then variants, then seeded letter combinations so there is
 * always another one to try when the platform already has a symbol. */
export function symbolCandidates(words: string[], seed: number): string[] {
  const out: string[] = [];
  const add = (s: string) => {
    if (/^[A-Z]{3,6}$/.test(s) && !RESERVED.has(s) && !out.includes(s)) out.push(s);
  };
  const clean = words.map(letters).filter((w) => w.length > 0);
  const [first = "", second = ""] = clean;

  if (first.length >= 3 && first.length <= 5) add(first);
  add(first.slice(0, 4));
  add(first[0] + first.slice(1).replace(VOWELS, "").slice(0, 3));
  if (second) {
    add(first.slice(0, 3) + second.slice(0, 1));
    add(first.slice(0, 2) + second.slice(0, 2));
    add(first.slice(0, 3) + second.slice(0, 2));
  }
  add(first.slice(0, 5));
  add(first.slice(0, 6));
  for (const suffix of ["X", "Z", "Q", "HQ", "DAO"])
    add(first.slice(0, 6 - suffix.length).slice(0, 4) + suffix);

  const random = mulberry32(seed);
  const base = first.slice(0, 3).padEnd(3, "X");
  for (let i = 0; i < 20; i++) add(base + randomLetters(random, 1 + (i % 3)));
  for (let i = 0; i < 20; i++) add(randomLetters(random, 4 + (i % 3)));
  return out;
}

function randomLetters(random: () => number, count: number): string {
  let s = "";
  for (let i = 0; i < count; i++) s += String.fromCharCode(65 + Math.floor(random() * 26));
  return s;
}

/** The platform is asked about this many candidates of each list at once: the first one is
 * free almost always, and a busy moment's drafts cost one query rather than one per name. */
const ASK_FIRST = 4;
const ASK_MORE = 16;

/** For each list of candidates in turn, the first the platform does not use and no list
 * before it took. `taken` answers which of the symbols it is given are in use; it is asked
 * once for the first few of every list, then again only where those are all taken. */
export async function pickFreeSymbols(
  lists: Array<{ candidates: string[]; seed: number }>,
  taken: (symbols: string[]) => Promise<Set<string>>,
): Promise<string[]> {
  const known = new Map<string, boolean>();
  const ask = async (symbols: string[]) => {
    const fresh = [...new Set(symbols.filter((s) => !known.has(s)))];
    if (!fresh.length) return;
    const inUse = await taken(fresh);
    for (const s of fresh) known.set(s, inUse.has(s));
  };
  await ask(lists.flatMap((l) => l.candidates.slice(0, ASK_FIRST)));
  const chosen: string[] = [];
  const free = (s: string) => known.get(s) === false && !chosen.includes(s);
  for (const { candidates, seed } of lists) {
    let pick: string | undefined;
    for (let i = 0; i < candidates.length && pick === undefined; i++) {
      const candidate = candidates[i] as string;
      if (!known.has(candidate)) await ask(candidates.slice(i, i + ASK_MORE));
      if (free(candidate)) pick = candidate;
    }
    // 40+ candidates all taken: random six-letter symbols (26^6 of them), a batch at a time.
    const random = mulberry32(seed ^ Date.now());
    while (pick === undefined) {
      const batch = Array.from({ length: ASK_MORE }, () => randomLetters(random, 6)).filter(
        (s) => !RESERVED.has(s),
      );
      await ask(batch);
      pick = batch.find(free);
    }
    chosen.push(pick);
  }
  return chosen;
}
