import { z } from "zod";

// The one rule every text field of every request follows. Control characters are never
// typed by a person, and PostgreSQL refuses NUL outright (a 500 if it ever got that far);
// a lone UTF-16 surrogate is not text either. Tab and line breaks are text only where a
// field holds several lines (a description, notes, a chat message).

/** Control characters (C0, DEL, C1) but tab, LF and CR. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;
/** The same, with tab, LF and CR. */
const CONTROL_OR_BREAK = /\p{Cc}/u;
/** Half of a UTF-16 surrogate pair without the other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const CONTROL_MESSAGE = "Remove the control characters (such as NUL) from this text";
const LINE_BREAK_MESSAGE = "Use one line of text without tabs or control characters";

interface TextOptions {
  /** Tabs and line breaks allowed (multi-line fields only). */
  multiline?: boolean;
  /** Message when the value is missing or not a string. */
  error?: string;
}

/** A string without control characters: the base of every request text field. */
export function text(options: TextOptions = {}) {
  const forbidden = options.multiline ? CONTROL : CONTROL_OR_BREAK;
  const message = options.multiline ? CONTROL_MESSAGE : LINE_BREAK_MESSAGE;
  const base = options.error ? z.string({ error: options.error }) : z.string();
  return base.refine((v) => !forbidden.test(v) && !LONE_SURROGATE.test(v), message);
}

/** Characters a reader cannot see (zero-width spaces and joiners, soft hyphens, fillers, the
 * blank Braille cell) and those that reorder text on screen (bidi overrides, isolates and
 * marks). U+FE0F, which asks for an emoji's colour form, is harmless and common in names, so
 * it stays. */
const INVISIBLE_OR_BIDI = /(?!\uFE0F)[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\u2800]/u;

/** The joiners and tags inside emoji sequences (a family, a profession, a flag of England)
 * draw one visible emoji: they are taken out before looking for invisible characters. */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_TAGS = /(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

export function hasInvisibleOrBidi(value: string): boolean {
  return INVISIBLE_OR_BIDI.test(value.replace(EMOJI_JOINER, "").replace(EMOJI_TAGS, ""));
}

/** Unicode compatibility normalisation: fullwidth and mathematical letters become plain
 * ones, ligatures split, composed forms are used. What is stored and compared. */
export const nfkc = (value: string) => value.normalize("NFKC");
