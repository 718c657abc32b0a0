import { BPS } from "@shared/market/curve";
import { formatBps, formatTokens } from "@shared/market/format";
import type { MarketState } from "@shared/schemas/market";

export interface SupplySummaryInput {
  symbol: string;
  /** The share asked for on the curve at launch; null when no market was asked for. */
  curveSharePct: number | null;
  /** The token's market as read after the launch: null when none is open, undefined until read. */
  market: MarketState | null | undefined;
}

/** Step 4's sentence on where the supply is now: all in the creator's wallet, or split between
 * the market's vault and the wallet (plus what the creator bought at launch). */
export function supplySummary({ symbol, curveSharePct, market }: SupplySummaryInput): string {
  const whole = "Your token exists on chain and the whole supply is in your wallet.";
  if (curveSharePct === null) return whole;
  if (market === undefined)
    return `Your token exists on chain; its market, with ${curveSharePct}% of the supply on a bonding curve, is opening.`;
  // Asked for but not open: a browser wallet not signed (yet), or an opening that failed.
  // Nothing left the wallet either way.
  if (market === null)
    return `${whole.slice(0, -1)}: its market is not open yet. You can open it from the token page.`;

  const tokens = (units: bigint) => `${formatTokens(units, market.decimals)} ${symbol}`;
  const curve = BigInt(market.initialRealTokenReserves);
  const kept = BigInt(market.supply) - curve;
  const bought = BigInt(market.creatorBuyTokens);
  const keptShare = formatBps(BPS - BigInt(market.curveShareBps));
  const opened =
    market.status === "open" ? "its market is open" : "its market opened at launch and has sold out";
  const onCurve = `Your token exists on chain and ${opened}: ${formatBps(market.curveShareBps)} of the supply (${tokens(curve)}) went on the bonding curve, into the market's vault.`;
  let wallet: string;
  if (bought > 0n && kept > 0n)
    wallet = `Your wallet holds ${tokens(kept + bought)}: the ${keptShare} you kept plus ${tokens(bought)} from your creator buy.`;
  else if (bought > 0n) wallet = `Your wallet holds ${tokens(bought)}, from your creator buy.`;
  else if (kept > 0n) wallet = `Your wallet holds the other ${keptShare}: ${tokens(kept)}.`;
  else wallet = "Your wallet holds none of it.";
  return `${onCurve} ${wallet}`;
}
