import { formatSol, groupDigits } from "@shared/amounts";

/** "+12.34%" / "-5%" from basis points, in integers (no float rounding). */
export function formatChangeBps(bps: number): string {
  const sign = bps > 0 ? "+" : bps < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(bps));
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  const fraction = cents ? `.${String(cents).padStart(2, "0").replace(/0$/, "")}` : "";
  return `${sign}${groupDigits(String(whole))}${fraction}%`;
}

/** "0.00002812 SOL" from a lamports string of the API. */
export function solText(lamports: string): string {
  return `${formatSol(BigInt(lamports))} SOL`;
}
