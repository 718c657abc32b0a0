// The creator's optional buy when a market opens at launch: capped at MARKET.maxCreatorBuyBps of
// the supply and charged the base fee (docs/market.md). Shared so the wizard prices the cap the
// way the server buys it, and the launch asks for the SOL the buy can really spend.
import { BPS, initialCurve, MARKET, quoteBuyTokens } from "./curve";

export interface CreatorBuyCap {
  /** Base units: 5% of the supply, never more than the curve holds. */
  tokens: bigint;
  /** What those tokens cost on the fresh curve before the fee, in lamports. */
  curveSol: bigint;
  /** The same with the base fee: the most a creator buy spends. */
  solIn: bigint;
}

/** The cap on a fresh curve holding `curveShareBps` of `supply` (base units); null when the
 * curve would hold nothing. */
export function creatorBuyCap(supply: bigint, curveShareBps: number | bigint): CreatorBuyCap | null {
  const curve = initialCurve(supply, curveShareBps);
  const capped: bigint = (supply * MARKET.maxCreatorBuyBps) / BPS;
  const onCurve: bigint = curve.realToken;
  const tokens = capped < onCurve ? capped : onCurve; // bigints: Math.min does not take them
  const quote = quoteBuyTokens(curve, tokens, MARKET.feeBps);
  if (!quote.ok) return null;
  return { tokens, curveSol: quote.quote.curveSol, solIn: quote.quote.solIn };
}

/** The SOL a creator buy of `requested` lamports can spend: all of it, or less when the cap's
 * tokens cost less (the buy then stops at the cap). */
export function creatorBuySpend(supply: bigint, curveShareBps: number | bigint, requested: bigint): bigint {
  const cap = creatorBuyCap(supply, curveShareBps);
  return cap && cap.solIn < requested ? cap.solIn : requested;
}
