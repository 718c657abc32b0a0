// A token amount as a person types it (transfer, airdrop) -> base units, or what is wrong with
// it in words, before anything is sent.
import { formatAmount, groupDigits, parseAmount } from "./amounts";

export type AmountInput = { ok: true; units: bigint } | { ok: false; error: string | null };

export const AMOUNT_COMMA_MESSAGE = "Type the amount without commas, with a dot for decimals (1.5)";
/** The transfer schema's and the server's word for anything that is not an amount above zero. */
export const AMOUNT_POSITIVE_MESSAGE = "Must be a positive number";
/** The start of every "more than you hold" refusal. */
export const MORE_THAN_HELD_MESSAGE = "More than you hold";

/** The transfer form's and the server's word on the amount field when the sender holds less
 * than asked, with what they hold: "More than you hold (1,000 LUMN)". */
export function moreThanHeldMessage(held: string, symbol: string): string {
  return `${MORE_THAN_HELD_MESSAGE} (${groupDigits(held)} ${symbol})`;
}

const U64_LIMIT = 2n ** 64n;

/** Why typed text is not an amount (each form words these its own way). */
export type AmountRefusal =
  | "empty"
  | "comma"
  | "negative"
  | "not-a-number"
  | "decimals"
  | "zero"
  | "too-large";

/** The one reading of a typed amount every form shares: text -> base units, or why not.
 * ".5" and "5." are read as 0.5 and 5. */
export function readTypedAmount(
  text: string,
  decimals: number,
):
  | { ok: true; units: bigint }
  | { ok: false; reason: Exclude<AmountRefusal, "too-large"> }
  | { ok: false; reason: "too-large"; units: bigint } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, reason: "empty" };
  // "1,5" is 1.5 in much of the world and 15 with the comma dropped: never guess which.
  if (trimmed.includes(",")) return { ok: false, reason: "comma" };
  if (/^-\d*\.?\d*$/.test(trimmed) && trimmed !== "-") return { ok: false, reason: "negative" };
  if (!/^\d*\.?\d*$/.test(trimmed) || trimmed === ".") return { ok: false, reason: "not-a-number" };
  const units = parseAmount(trimmed.startsWith(".") ? `0${trimmed}` : trimmed.replace(/\.$/, ""), decimals);
  if (units === null) return { ok: false, reason: "decimals" };
  if (units <= 0n) return { ok: false, reason: "zero" };
  if (units >= U64_LIMIT) return { ok: false, reason: "too-large", units };
  return { ok: true, units };
}

/** Each refusal in a form's own words (an empty box says nothing yet). */
export type AmountRefusalWords = Record<Exclude<AmountRefusal, "empty">, string>;

/** A typed amount -> base units, or why not in `words`; `error` is null for an empty box. */
export function readAmountInWords(text: string, decimals: number, words: AmountRefusalWords): AmountInput {
  const read = readTypedAmount(text, decimals);
  if (read.ok) return read;
  return { ok: false, error: read.reason === "empty" ? null : words[read.reason] };
}

/** What every form says of an amount finer than the token: "CLAP has at most 9 decimals". */
export function tooManyDecimalsMessage(symbol: string, decimals: number): string {
  return decimals === 0 ? `${symbol} has no decimals` : `${symbol} has at most ${decimals} decimals`;
}

/** "2.5" of a 9-decimal token -> 2500000000n, or the transfer's words for what is wrong.
 * `error` is null for an empty box (nothing to say yet). */
export function parseTokenAmountInput(text: string, decimals: number, symbol: string): AmountInput {
  return readAmountInWords(text, decimals, {
    comma: AMOUNT_COMMA_MESSAGE,
    negative: AMOUNT_POSITIVE_MESSAGE,
    "not-a-number": AMOUNT_POSITIVE_MESSAGE,
    decimals: tooManyDecimalsMessage(symbol, decimals),
    zero: AMOUNT_POSITIVE_MESSAGE,
    "too-large": "That amount is too large",
  });
}

/** The server's word on the amount field when the person holds that much, but spread over
 * several wallets: a transfer is sent from one. */
export function oneWalletMessage(largest: string, symbol: string): string {
  return `A transfer comes from one wallet: your largest holds ${largest} ${symbol}`;
}

/** What a sender holds of a token: in all, and in the one wallet holding the most. */
export interface HeldUnits {
  total: bigint;
  largest: bigint;
}

/** What is wrong with sending `text` of a token from what the sender holds (null while
 * unknown: the server checks), in the words the server would use; null when nothing is. */
export function tokenAmountProblem(
  text: string,
  decimals: number,
  symbol: string,
  held: HeldUnits | null,
): string | null {
  // Past what any token account can hold is more than the sender holds: said with what they
  // hold, as any other amount over it (the server says so too while the holdings load).
  const read = readTypedAmount(text, decimals);
  if (!read.ok && read.reason === "too-large")
    return held === null ? null : moreThanHeldMessage(formatAmount(held.total, decimals), symbol);
  const parsed = parseTokenAmountInput(text, decimals, symbol);
  if (!parsed.ok) return parsed.error ?? "Amount is required";
  if (held === null) return null;
  if (parsed.units > held.total) return moreThanHeldMessage(formatAmount(held.total, decimals), symbol);
  if (parsed.units > held.largest) return oneWalletMessage(formatAmount(held.largest, decimals), symbol);
  return null;
}
