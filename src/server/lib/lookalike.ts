// Skeletons for the copycat check: two names (or two symbols) that a reader could mistake
// for each other get the same skeleton, after the idea of Unicode TR39 section 4. The table
// is curated, not TR39's full confusables.txt: see docs/decisions/004-lookalike-symbols.md.
// Changing a table changes stored skeletons: ship a migration that sets the skeleton
// columns to NULL, and start-up fills them again.

/** Letters of other scripts drawn like a Latin one, case kept (uppercase Eta is H, its
 * lowercase is not h). Fullwidth and mathematical letters need no entry: NFKC maps them. */
// biome-ignore format: a table reads better in rows
const SCRIPT_PROTOTYPES: Record<string, string> = {
  // Greek
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P",
  Τ: "T", Υ: "Y", Χ: "X", Ϲ: "C", Ϳ: "J",
  α: "a", ι: "i", κ: "k", ν: "v", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x", γ: "y", ϲ: "c",
  ϳ: "j",
  // Cyrillic
  А: "A", В: "B", Е: "E", З: "3", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T",
  У: "Y", Х: "X", Ѕ: "S", І: "I", Ј: "J", Ү: "Y", Ӏ: "I", Ԛ: "Q", Ԝ: "W", Һ: "h",
  а: "a", в: "b", е: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y",
  х: "x", ѕ: "s", і: "i", ј: "j", ү: "y", ӏ: "l", ԁ: "d", һ: "h", ԛ: "q", ԝ: "w", ь: "b",
  // Armenian
  Օ: "O", Ս: "U", օ: "o", ս: "u", հ: "h", ո: "n", ց: "g",
  // Latin letters drawn like plainer ones
  ı: "i", ȷ: "j", ɑ: "a", ɡ: "g", ɩ: "i", ǀ: "l", ʏ: "y",
};

/** After case folding, in names: a digit or a stroke drawn like a letter, and i, l, I, 1
 * and | as one (upper-case I is lower-case l in most fonts; case folding joins I and i). */
const NAME_LOOKALIKES: Record<string, string> = {
  "0": "o",
  "1": "l",
  i: "l",
  "|": "l",
  "5": "s",
};

/** Symbols are A-Z and 0-9 only and have no case: a digit drawn like a capital. */
const SYMBOL_LOOKALIKES: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "8": "B" };

const INVISIBLE_OR_MARK = /[\p{M}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/gu;

/** NFKC, then without accents, combining marks and invisible characters, every letter of
 * another script that looks Latin replaced by its Latin prototype. */
function prototypes(value: string): string {
  const bare = value.normalize("NFKC").normalize("NFD").replace(INVISIBLE_OR_MARK, "");
  let out = "";
  for (const ch of bare) out += SCRIPT_PROTOTYPES[ch] ?? ch;
  return out;
}

function mapEach(value: string, table: Record<string, string>): string {
  let out = "";
  for (const ch of value) out += table[ch] ?? ch;
  return out;
}

/** The skeleton of a token name: case-folded, spacing collapsed, "rn" read as "m". */
export function nameSkeleton(name: string): string {
  return mapEach(prototypes(name).toLowerCase(), NAME_LOOKALIKES)
    .replace(/rn/g, "m")
    .replace(/vv/g, "w")
    .replace(/\s+/g, " ")
    .trim();
}

/** The skeleton of a symbol: upper case, digits read as the capitals they resemble, "VV"
 * as "W". I and L stay apart: in capitals they do not look alike. */
export function symbolSkeleton(symbol: string): string {
  return mapEach(prototypes(symbol).toUpperCase(), SYMBOL_LOOKALIKES).replace(/VV/g, "W").replace(/\s+/g, "");
}
