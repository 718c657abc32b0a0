// A token's price: lamports per whole token. A large supply prices a token below one lamport
// (18 billion tokens start at ~0.41), so in code a price is a bigint of NANO-lamports
// (lamports x 10^9) per whole token, rounded down: at least 8 significant digits at the
// largest supply. On the wire it is that number as a decimal string of lamports, up to 9
// fraction digits, trailing zeros trimmed: "9.259259259", "0.410633", "7412".
// Integer math throughout; a chart may turn the text into a Number for drawing only.
import { formatAmount, parseAmount } from "../amounts";
import type { CurveState } from "./curve";

/** Fraction digits of a price in lamports: a nano-lamport is its unit. */
export const PRICE_DECIMALS = 9;
const NANO_PER_LAMPORT = 10n ** BigInt(PRICE_DECIMALS);

/** The wire form: digits (no leading zeros), then at most 9 fraction digits not ending in 0. */
export const PRICE_TEXT = /^(0|[1-9]\d{0,29})(\.\d{0,8}[1-9])?$/;

/** Nano-lamports per whole token at the margin of `curve`, rounded down (0 for an empty one). */
export function spotPriceNano(
  curve: Pick<CurveState, "virtualSol" | "virtualToken">,
  decimals: number,
): bigint {
  if (curve.virtualToken <= 0n) return 0n;
  return (curve.virtualSol * 10n ** BigInt(decimals) * NANO_PER_LAMPORT) / curve.virtualToken;
}

/** 9259259259n -> "9.259259259"; 7412000000000n -> "7412". */
export function priceText(nano: bigint): string {
  if (nano < 0n) throw new RangeError("A price is never negative");
  return formatAmount(nano, PRICE_DECIMALS);
}

/** "0.410633" -> 410633000n. Null for anything but the wire form (no sign, exponent, spaces,
 * leading or trailing zeros, or a tenth fraction digit). */
export function parsePrice(text: string): bigint | null {
  if (!PRICE_TEXT.test(text)) return null;
  return parseAmount(text, PRICE_DECIMALS);
}

/** The price in the wire form as nano-lamports; throws on anything else (an API answer that
 * broke its own schema is a bug, not a zero). */
export function priceNanoOf(text: string): bigint {
  const nano = parsePrice(text);
  if (nano === null) throw new RangeError(`Not a price: ${JSON.stringify(text)}`);
  return nano;
}

/** What `balanceUnits` (base units of a token with `decimals`) are worth at `priceNano` per
 * whole token, in lamports, rounded down. */
export function holdingValueLamports(balanceUnits: bigint, decimals: number, priceNano: bigint): bigint {
  return (balanceUnits * priceNano) / (10n ** BigInt(decimals) * NANO_PER_LAMPORT);
}
