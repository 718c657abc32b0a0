import { mulberry32 } from "@shared/random";

// Symbols people would confuse with real assets; never proposed.
const RESERVED = new Set(["SOL", "USD", "USDC", "USDT", "BTC", "ETH", "WSOL", "BONK", "JUP"]);
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

/** The first candidate the platform does not already use. */
export async function pickFreeSymbol(
  candidates: string[],
  isTaken: (symbol: string) => Promise<boolean>,
  fallbackSeed: number,
): Promise<string> {
  for (const candidate of candidates) {
    if (!(await isTaken(candidate))) return candidate;
  }
  // 40+ candidates all taken: keep drawing random six-letter symbols (26^6 of them).
  const random = mulberry32(fallbackSeed ^ Date.now());
  for (;;) {
    const s = randomLetters(random, 6);
    if (!RESERVED.has(s) && !(await isTaken(s))) return s;
  }
}
