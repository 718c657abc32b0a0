import { COMMON_WORDS } from "./common-words";
import { plainText, stem, tokenize } from "./text";

const DICTIONARY = new Set(COMMON_WORDS.split(" "));

// Keyboard rows and the alphabet: five keys in a row either way ("qwert", "lkjhg", "abcde")
// is typing, not a word.
const RUNS = ["qwertyuiop", "asdfghjkl", "zxcvbnm", "abcdefghijklmnopqrstuvwxyz"];
// The Russian keyboard's rows: the same mash typed with a Cyrillic layout ("фывапр").
const CYRILLIC_RUNS = ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"];
const RUN_LENGTH = 5;

export function isKnownWord(word: string): boolean {
  return DICTIONARY.has(word) || DICTIONARY.has(stem(word));
}

/** Keyboard mash: a run along a keyboard row, no vowel at all, a long consonant cluster, a
 * letter typed 3+ times in a row, or a syllable stammered ("jkjkjk"). Names and words from
 * other languages pass: they are pronounceable. */
function isMash(word: string): boolean {
  if (!/^[a-z]+$/.test(word) || word.length < 4) return false;
  if (RUNS.some((row) => hasRun(word, row))) return true;
  if (!/[aeiouy]/.test(word)) return true;
  if (/[^aeiouy]{5,}/.test(word)) return true;
  if (/(.)\1\1/.test(word)) return true;
  if (/(..)\1\1/.test(word)) return true;
  return false;
}

const WORDS = new Intl.Segmenter(undefined, { granularity: "word" });

/** The words of a text written in scripts other than Latin, as the Unicode word rules cut
 * them: by spaces in Arabic, Cyrillic or Devanagari, by dictionary in Chinese or Japanese,
 * which have none ("我是一名来自上海的插画师" is 我是|一名|来自|上海|的|插画|师). */
function otherScriptWords(text: string): string[] {
  const out: string[] = [];
  for (const { segment, isWordLike } of WORDS.segment(text)) {
    if (isWordLike && /\p{L}/u.test(segment) && !/\p{Script=Latin}/u.test(segment)) out.push(segment);
  }
  return out;
}

/** Mash in another script: a letter typed 3+ times, a syllable stammered, or a run along a
 * Russian keyboard row. */
function isOtherScriptMash(word: string): boolean {
  const lower = word.toLowerCase();
  if (/(.)\1\1/u.test(lower) || /(..)\1\1/u.test(lower)) return true;
  return lower.length >= RUN_LENGTH && CYRILLIC_RUNS.some((row) => hasRun(lower, row));
}

function hasRun(word: string, row: string): boolean {
  for (const line of [row, [...row].reverse().join("")]) {
    for (let i = 0; i + RUN_LENGTH <= line.length; i++) {
      if (word.includes(line.slice(i, i + RUN_LENGTH))) return true;
    }
  }
  return false;
}

/** The words of a text sorted: known, pronounceable, or keyboard mash. */
function wordKinds(text: string): { known: number; pronounceable: number; mash: number } {
  const words = tokenize(text).filter((w) => /[a-z]/.test(w));
  let known = 0;
  let pronounceable = 0;
  let mash = 0;
  for (const word of new Set(words)) {
    if (word.length >= 2 && isKnownWord(word)) known += 1;
    else if (isMash(word)) mash += 1;
    else if (word.length >= 3 && /[aeiouy]/.test(word)) pronounceable += 1;
  }
  return { known, pronounceable, mash };
}

/** A chat message that reads as words, in any script: a question in Hebrew, a one-word
 * "meetup", a short Spanish question; not "asdfgh" or "xxxx". */
export function isReadableMessage(text: string): boolean {
  if ([...text].some((ch) => /\p{L}/u.test(ch) && !/\p{Script=Latin}/u.test(ch))) return true;
  const { known, pronounceable, mash } = wordKinds(text);
  const real = known + pronounceable;
  return real >= 1 && mash < real;
}

/** Does the text read as someone describing themselves, in any language? It needs real
 * words: a common English word, or three pronounceable ones ("Sou pianista em Lisboa"), or
 * two words of another script ("我是一名来自上海的插画师", "Я музыкант из Москвы"), and more
 * of them than keyboard mash. Markup and addresses do not count; digits and punctuation
 * alone are not a description. */
export function isDescription(text: string): boolean {
  const plain = plainText(text);
  const { known, pronounceable, mash } = wordKinds(plain);
  const other = new Set(otherScriptWords(plain));
  const otherMash = [...other].filter(isOtherScriptMash).length;
  const otherReal = other.size - otherMash;
  const real = known + pronounceable + otherReal;
  if (real === 0 || mash + otherMash >= real) return false;
  return known >= 1 || pronounceable >= 3 || otherReal >= 2;
}
