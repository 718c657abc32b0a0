// Token amounts are bigint base units in code and decimal strings on the wire. Never floats.

const WHOLE = /^\d+$/;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** "1.5" with 9 decimals -> 1500000000n. Returns null for anything that is not a plain
 * non-negative decimal with at most `decimals` fraction digits. */
export function parseAmount(text: string, decimals: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? "0";
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) return null;
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
}

/** 1500000000n with 9 decimals -> "1.5" (no trailing zeros, no float rounding). */
export function formatAmount(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(decimals, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** True for a positive whole number written in digits ("1000000"). */
export function isPositiveWhole(text: string): boolean {
  return WHOLE.test(text) && BigInt(text) > 0n;
}

/** "1234567" -> "1,234,567"; keeps any fraction as is. For display only. */
export function groupDigits(text: string): string {
  const [whole = "0", fraction] = text.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** A count with its noun agreeing, digits grouped: "1 day", "1,024 fans". */
export function counted(n: number, noun: string): string {
  return `${groupDigits(String(n))} ${noun}${n === 1 ? "" : "s"}`;
}

/** A holding as a share of the supply, "99.95%" (two decimals, rounded half up, in integers);
 * "<0.01%" for a holding too small to show, "" when the supply is unknown or zero. */
export function shareOfSupply(units: bigint, supplyUnits: bigint): string {
  if (supplyUnits <= 0n) return "";
  const hundredths = (units * 10_000n * 2n + supplyUnits) / (2n * supplyUnits);
  if (hundredths === 0n && units > 0n) return "<0.01%";
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}%`;
}
