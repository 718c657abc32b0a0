import { formatBps } from "@shared/market/format";

/** "+12.34%" / "-5%" from basis points, in integers (no float rounding). */
export function formatChangeBps(bps: number): string {
  return `${bps > 0 ? "+" : ""}${formatBps(Math.trunc(bps))}`;
}
