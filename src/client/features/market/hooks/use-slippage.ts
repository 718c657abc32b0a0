import { DEFAULT_SLIPPAGE_BPS, MAX_SLIPPAGE_BPS } from "@shared/market/trade-input";
import { useState } from "react";

const STORAGE_KEY = "slippage-bps";

/** The person's slippage tolerance, kept in this browser as trading apps keep it: the same on
 * Buy and Sell, on every token, and the next visit. */
export function useSlippage(): [number, (bps: number) => void] {
  const [bps, setBps] = useState(readStored);
  return [
    bps,
    (next) => {
      setBps(next);
      try {
        localStorage.setItem(STORAGE_KEY, String(next));
      } catch {
        /* storage disabled: kept for this page only */
      }
    },
  ];
}

function readStored(): number {
  try {
    const stored = Number(localStorage.getItem(STORAGE_KEY));
    if (Number.isInteger(stored) && stored > 0 && stored <= MAX_SLIPPAGE_BPS) return stored;
  } catch {
    /* storage disabled */
  }
  return DEFAULT_SLIPPAGE_BPS;
}
