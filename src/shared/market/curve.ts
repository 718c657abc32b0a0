// The bonding curve: constant product on virtual reserves, in bigint base units. Every
// rounding favours the pool (outputs down, costs and fees up); see RESEARCH.md section 3 and
// docs/market.md. Isomorphic: the server executes with it, the browser previews with it.

/** Basis points: 10,000 = 100%. */
export const BPS = 10_000n;

export const MARKET = {
  /** The spec's pricing: "Transaction Fee 2.5% per transaction". */
  feeBps: 250n,
  /** The creator's part of every fee; the platform treasury gets the rest (parts sum exactly). */
  creatorFeeShareBps: 5_000n,
  /** Share of the supply put on the curve when the creator does not choose: a clear majority. */
  defaultCurveShareBps: 8_000,
  minCurveShareBps: 1_000,
  maxCurveShareBps: 10_000,
  /** Virtual SOL at the start: sets the start price (pump.fun uses 30 SOL; ours suits test SOL). */
  virtualSolLamports: 10_000_000_000n,
  /** Virtual tokens = tokens on the curve x 10,730 / 7,931 (pump.fun's 1,073M / 793.1M). */
  virtualTokenNumerator: 10_730n,
  virtualTokenDenominator: 7_931n,
  /** Launch protection: for this long after a market opens the fee decays from
   * `launchFeeStartBps` to `feeBps`, and each wallet may buy at most `launchWalletCapBps` of
   * the supply (sybils can split across wallets; the token page shows who bought). */
  launchWindowMs: 5 * 60_000,
  launchFeeStartBps: 2_000n,
  launchWalletCapBps: 200n,
  /** The creator's optional buy at launch is capped at this share of the supply, and disclosed. */
  maxCreatorBuyBps: 500n,
  /** How long a quote is honoured. */
  quoteTtlMs: 30_000,
} as const;

/** A curve's reserves. Real reserves are what the vault holds for the curve. */
export interface CurveState {
  virtualSol: bigint;
  virtualToken: bigint;
  realSol: bigint;
  realToken: bigint;
  /** Tokens the curve started with (for progress and the sellable bound). */
  initialRealToken: bigint;
}

export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** A new curve holding `curveShareBps` of `supply` (base units). */
export function initialCurve(supply: bigint, curveShareBps: number | bigint): CurveState {
  const realToken = (supply * BigInt(curveShareBps)) / BPS;
  return {
    virtualSol: MARKET.virtualSolLamports,
    virtualToken: (realToken * MARKET.virtualTokenNumerator) / MARKET.virtualTokenDenominator,
    realSol: 0n,
    realToken,
    initialRealToken: realToken,
  };
}

/** The fee on `sol` lamports at `feeBps`, rounded up. */
export function feeOf(sol: bigint, feeBps: bigint): bigint {
  return ceilDiv(sol * feeBps, BPS);
}

/** The fee split: the creator's part rounded down, the platform takes the rest. */
export function splitFee(fee: bigint): { creator: bigint; platform: bigint } {
  const creator = (fee * MARKET.creatorFeeShareBps) / BPS;
  return { creator, platform: fee - creator };
}

/** The fee in force `elapsedMs` after the market opened: decays linearly to the base fee. */
export function feeBpsAt(elapsedMs: number): bigint {
  if (elapsedMs >= MARKET.launchWindowMs) return MARKET.feeBps;
  const left = BigInt(Math.max(0, Math.floor(MARKET.launchWindowMs - elapsedMs)));
  const span = MARKET.launchFeeStartBps - MARKET.feeBps;
  return MARKET.feeBps + ceilDiv(span * left, BigInt(MARKET.launchWindowMs));
}

export interface BuyQuote {
  side: "buy";
  /** Everything the buyer pays: curve SOL + fee. */
  solIn: bigint;
  /** The part that enters the curve. */
  curveSol: bigint;
  fee: bigint;
  tokensOut: bigint;
  priceImpactBps: bigint;
  after: CurveState;
}

export interface SellQuote {
  side: "sell";
  tokensIn: bigint;
  /** What leaves the curve. */
  curveSol: bigint;
  fee: bigint;
  /** What the seller receives: curveSol - fee. */
  solOut: bigint;
  priceImpactBps: bigint;
  after: CurveState;
}

/** Why a trade cannot be quoted. */
export type QuoteRefusal = "completed" | "amount_too_small" | "exceeds_curve" | "exceeds_sellable";

export type Quote<T> = { ok: true; quote: T } | { ok: false; reason: QuoteRefusal };

/** Buy with at most `solIn` lamports (fee included). When the curve cannot give that much,
 * the buyer gets the rest of the curve and pays only for it. */
export function quoteBuyWithSol(curve: CurveState, solIn: bigint, feeBps: bigint): Quote<BuyQuote> {
  if (curve.realToken <= 0n) return { ok: false, reason: "completed" };
  // The largest curve amount whose fee (rounded up) still fits in solIn.
  let curveSol = (solIn * BPS) / (BPS + feeBps);
  const tokensOut = (curveSol * curve.virtualToken) / (curve.virtualSol + curveSol);
  if (tokensOut >= curve.realToken) return quoteBuyTokens(curve, curve.realToken, feeBps);
  if (tokensOut <= 0n) return { ok: false, reason: "amount_too_small" };
  // Pay no more than these tokens cost: the smallest curve amount that still yields them.
  curveSol = costOf(curve, tokensOut);
  const fee = feeOf(curveSol, feeBps);
  return { ok: true, quote: buyQuote(curve, tokensOut, curveSol, fee) };
}

/** Buy exactly `tokensOut` tokens. */
export function quoteBuyTokens(curve: CurveState, tokensOut: bigint, feeBps: bigint): Quote<BuyQuote> {
  if (curve.realToken <= 0n) return { ok: false, reason: "completed" };
  if (tokensOut <= 0n) return { ok: false, reason: "amount_too_small" };
  if (tokensOut > curve.realToken) return { ok: false, reason: "exceeds_curve" };
  const curveSol = costOf(curve, tokensOut);
  return { ok: true, quote: buyQuote(curve, tokensOut, curveSol, feeOf(curveSol, feeBps)) };
}

/** Sell `tokensIn` back to the curve. Only tokens the curve has sold can come back, so the
 * vault can always pay (the creator's share off the curve cannot drain it). */
export function quoteSell(curve: CurveState, tokensIn: bigint, feeBps: bigint): Quote<SellQuote> {
  if (curve.realToken <= 0n) return { ok: false, reason: "completed" };
  if (tokensIn <= 0n) return { ok: false, reason: "amount_too_small" };
  if (tokensIn > sellableTokens(curve)) return { ok: false, reason: "exceeds_sellable" };
  const curveSol = (tokensIn * curve.virtualSol) / (curve.virtualToken + tokensIn);
  const fee = feeOf(curveSol, feeBps);
  if (curveSol <= fee) return { ok: false, reason: "amount_too_small" };
  const after: CurveState = {
    ...curve,
    virtualSol: curve.virtualSol - curveSol,
    virtualToken: curve.virtualToken + tokensIn,
    realSol: curve.realSol - curveSol,
    realToken: curve.realToken + tokensIn,
  };
  const spotOut = (tokensIn * curve.virtualSol) / curve.virtualToken;
  const priceImpactBps = spotOut > 0n ? ((spotOut - curveSol) * BPS) / spotOut : 0n;
  return {
    ok: true,
    quote: { side: "sell", tokensIn, curveSol, fee, solOut: curveSol - fee, priceImpactBps, after },
  };
}

/** Tokens the curve has sold and could take back. */
export function sellableTokens(curve: CurveState): bigint {
  return curve.initialRealToken - curve.realToken;
}

/** The whole supply valued at the spot price, in lamports. */
export function marketCapLamports(curve: CurveState, supply: bigint): bigint {
  return (curve.virtualSol * supply) / curve.virtualToken;
}

/** How much of the curve has been sold, in basis points. */
export function progressBps(curve: CurveState): bigint {
  if (curve.initialRealToken <= 0n) return BPS;
  return (sellableTokens(curve) * BPS) / curve.initialRealToken;
}

/** The product of the virtual reserves: never decreases. */
export function invariant(curve: CurveState): bigint {
  return curve.virtualSol * curve.virtualToken;
}

function costOf(curve: CurveState, tokensOut: bigint): bigint {
  return ceilDiv(tokensOut * curve.virtualSol, curve.virtualToken - tokensOut);
}

function buyQuote(curve: CurveState, tokensOut: bigint, curveSol: bigint, fee: bigint): BuyQuote {
  const after: CurveState = {
    ...curve,
    virtualSol: curve.virtualSol + curveSol,
    virtualToken: curve.virtualToken - tokensOut,
    realSol: curve.realSol + curveSol,
    realToken: curve.realToken - tokensOut,
  };
  // Paid versus the spot price of the same tokens.
  const spotCost = (tokensOut * curve.virtualSol) / curve.virtualToken;
  const priceImpactBps = spotCost > 0n ? ((curveSol - spotCost) * BPS) / spotCost : 0n;
  return { side: "buy", solIn: curveSol + fee, curveSol, fee, tokensOut, priceImpactBps, after };
}
