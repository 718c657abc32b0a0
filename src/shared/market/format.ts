// Display text for market amounts. Integer math throughout: lamports and token base units are
// bigints, and rounding happens on digits, never through a float.
import { groupDigits } from "../amounts";
import { PRICE_DECIMALS, parsePrice } from "./price";

const SOL_DECIMALS = 9;

const toBig = (v: bigint | string | number): bigint => (typeof v === "bigint" ? v : BigInt(v));

/** `units` (10^decimals per whole) rounded half up to `digits` fraction digits, as plain text
 * without trailing zeros: (1234567n, 6, 2) -> "1.23". */
function roundedText(units: bigint, decimals: number, digits: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const keep = Math.min(digits, decimals);
  const drop = 10n ** BigInt(decimals - keep);
  const scaled = (abs * 2n + drop) / (2n * drop); // half up at `keep` digits
  const base = 10n ** BigInt(keep);
  const whole = scaled / base;
  const fraction = keep > 0 ? (scaled % base).toString().padStart(keep, "0").replace(/0+$/, "") : "";
  const text = `${groupDigits(whole.toString())}${fraction ? `.${fraction}` : ""}`;
  return negative && scaled > 0n ? `-${text}` : text;
}

/** The smallest amount `digits` fraction digits can show, as "<0.0001" ("<1" with none). */
const below = (digits: number) => (digits <= 0 ? "<1" : `<0.${"0".repeat(digits - 1)}1`);

/** Lamports as SOL: 12345678n -> "0.0123 SOL" (half up at 4 digits; "<0.0001 SOL" for dust). */
export function formatSol(lamports: bigint | string, digits = 4): string {
  const units = toBig(lamports);
  const text = roundedText(units, SOL_DECIMALS, digits);
  if (units > 0n && /^[0.]+$/.test(text)) return `${below(digits)} SOL`;
  return `${text} SOL`;
}

/** A price (its wire text, lamports per whole token: src/shared/market/price.ts) in SOL, with
 * `significant` significant digits below 1 SOL (prices on a fresh curve are tiny: "7412" ->
 * "0.000007412 SOL", "0.410633" -> "0.0000000004106 SOL"), 4 decimals from 1 SOL up. Text that
 * is not a price shows as a dash. */
export function formatPriceSol(price: string, significant = 4): string {
  const nano = parsePrice(price);
  if (nano === null) return "—";
  if (nano === 0n) return "0 SOL";
  // Nano-lamports are SOL with 18 decimals.
  const decimals = SOL_DECIMALS + PRICE_DECIMALS;
  if (nano >= 10n ** BigInt(decimals)) return `${roundedText(nano, decimals, 4)} SOL`;
  const fractionDigits = decimals - nano.toString().length + significant;
  return `${roundedText(nano, decimals, fractionDigits)} SOL`;
}

/** Token base units as whole tokens, rounded DOWN to `digits` fraction digits (what you get is
 * never overstated): (1234567891n, 9) -> "1.23"; "<0.01" for a non-zero amount that shows as 0. */
export function formatTokens(units: bigint | string, decimals: number, digits = 2): string {
  const value = toBig(units);
  const keep = Math.min(digits, decimals);
  const drop = 10n ** BigInt(decimals - keep);
  const truncated = (value / drop) * drop;
  if (value > 0n && truncated === 0n) return below(keep);
  return roundedText(truncated, decimals, keep);
}

/** A whole-token decimal string (how the API sends balances: "4839.529015015") by the same
 * rule as formatTokens: grouped, rounded DOWN to 2 fraction digits, "<0.01" for dust. Every
 * holding on screen is shown this way, so one balance reads the same on every page. */
export function formatTokenText(amount: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const whole = BigInt(match[1] ?? "0");
  const digits = match[2] ?? "";
  const fraction = digits.slice(0, 2).replace(/0+$/, "");
  if (whole === 0n && !fraction && /[1-9]/.test(digits)) return below(2);
  return `${groupDigits(whole.toString())}${fraction ? `.${fraction}` : ""}`;
}

/** Basis points as a percentage: 250 -> "2.5%", 50 -> "0.5%", 2000 -> "20%", 1 -> "0.01%". */
export function formatBps(bps: bigint | number): string {
  const value = toBig(typeof bps === "number" ? Math.round(bps) : bps);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const fraction = (abs % 100n).toString().padStart(2, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${abs / 100n}${fraction ? `.${fraction}` : ""}%`;
}

/** A share from 0 to 1 as a percentage with one decimal (display only): 0.1234 -> "12.3%". */
export function formatShare(share: number): string {
  if (!Number.isFinite(share) || share <= 0) return "0%";
  if (share < 0.001) return "<0.1%";
  const tenths = Math.round(Math.min(share, 1) * 1000);
  return `${Math.floor(tenths / 10)}${tenths % 10 ? `.${tenths % 10}` : ""}%`;
}

/** "just now", "5 min ago", "3 h ago", "2 d ago": when a trade happened, for a list. */
export function timeAgo(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds)) return "";
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}

/** A countdown, "4:05" (minutes:seconds), from milliseconds left. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${(total % 60).toString().padStart(2, "0")}`;
}
