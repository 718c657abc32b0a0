// From what a trader types to the request the market API takes: amounts parsed to base units
// (never through a float) and the quote turned into limits with the chosen slippage.
import {
  AMOUNT_COMMA_MESSAGE,
  type AmountInput,
  readAmountInWords,
  readTypedAmount,
  tooManyDecimalsMessage,
} from "../amount-input";
import type { BuyRequest, MarketState, Quote, SellRequest } from "../schemas/market";
import { BPS, type CurveState, ceilDiv, feeOf, MARKET, quoteSell, sellableTokens } from "./curve";
import { exceedsCurveMessage, exceedsSellableMessage, limitText } from "./curve-limits";

export const SLIPPAGE_PRESETS_BPS = [50, 100, 200] as const;
export const DEFAULT_SLIPPAGE_BPS = 100;
/** Above this a "limit" protects nothing. */
export const MAX_SLIPPAGE_BPS = 5_000;
/** Price impact above this earns a warning before the trade. */
export const HIGH_IMPACT_BPS = 500;

/** The least the trader accepts: the quoted amount less the slippage, rounded DOWN (the limit
 * rounds against the trader, so a fill exactly at the slippage bound still passes). */
export function minAfterSlippage(quoted: bigint, slippageBps: number): bigint {
  return (quoted * (BPS - BigInt(slippageBps))) / BPS;
}

/** The most the trader pays: the quoted amount plus the slippage, rounded UP. */
export function maxAfterSlippage(quoted: bigint, slippageBps: number): bigint {
  const scaled = quoted * (BPS + BigInt(slippageBps));
  return (scaled + BPS - 1n) / BPS;
}

export type SlippageInput = { ok: true; bps: number } | { ok: false; error: string };

/** A custom slippage typed as a percentage ("0.5", "3") -> basis points, or what is wrong with
 * it: it must be a number with at most 2 decimals in (0%, 50%]. */
export function parseSlippagePercent(text: string): SlippageInput {
  const read = readTypedAmount(text, 2);
  if (read.ok && read.units <= BigInt(MAX_SLIPPAGE_BPS)) return { ok: true, bps: Number(read.units) };
  const reason = read.ok ? "too-large" : read.reason;
  if (reason === "decimals")
    return { ok: false, error: "Slippage has at most 2 decimals (0.01% is the least)" };
  if (reason === "zero") return { ok: false, error: "Slippage must be above 0%" };
  if (reason === "too-large")
    return {
      ok: false,
      error: `Slippage is at most ${MAX_SLIPPAGE_BPS / 100}%: above that a limit protects nothing`,
    };
  return { ok: false, error: "Slippage is a percentage: type a number such as 0.5" };
}

/** What the trader typed -> base units. `error` is null for an empty box (nothing to say yet). */
export function parseTradeAmount(text: string, decimals: number, unit: string): AmountInput {
  return readAmountInWords(text, decimals, {
    comma: AMOUNT_COMMA_MESSAGE,
    negative: "Enter an amount above zero",
    "not-a-number": "Enter a number",
    decimals: tooManyDecimalsMessage(unit, decimals),
    zero: "Enter an amount above zero",
    "too-large": "That amount is too large",
  });
}

/** Which amount the trader typed: the side, and whether it is SOL or tokens. */
export type TradeAsk =
  | { side: "buy"; by: "sol"; units: bigint }
  | { side: "buy"; by: "tokens"; units: bigint }
  | { side: "sell"; by: "tokens"; units: bigint };

/** The quote query string for an ask: `side=buy&solIn=…` and so on. */
export function quoteParams(ask: TradeAsk): string {
  const key = ask.side === "sell" ? "tokensIn" : ask.by === "sol" ? "solIn" : "tokensOut";
  return new URLSearchParams({ side: ask.side, [key]: ask.units.toString() }).toString();
}

export type TradeBody =
  | { side: "buy"; body: Omit<BuyRequest, "idempotencyKey"> }
  | { side: "sell"; body: Omit<SellRequest, "idempotencyKey"> };

/** The trade request for an ask and its quote: the amount asked for, and a limit on the other
 * leg from the quote and the slippage. Null when the quote lacks the leg it needs. */
export function tradeBody(ask: TradeAsk, quote: Quote, slippageBps: number): TradeBody | null {
  if (ask.side === "sell") {
    if (quote.solOut === undefined) return null;
    const minSolOut = minAfterSlippage(BigInt(quote.solOut), slippageBps);
    return { side: "sell", body: { tokensIn: ask.units.toString(), minSolOut: minSolOut.toString() } };
  }
  if (ask.by === "sol") {
    if (quote.tokensOut === undefined) return null;
    const minTokensOut = minAfterSlippage(BigInt(quote.tokensOut), slippageBps);
    return { side: "buy", body: { solIn: ask.units.toString(), minTokensOut: minTokensOut.toString() } };
  }
  if (quote.solIn === undefined) return null;
  const maxSolIn = maxAfterSlippage(BigInt(quote.solIn), slippageBps);
  return { side: "buy", body: { tokensOut: ask.units.toString(), maxSolIn: maxSolIn.toString() } };
}

/** What the person asked to trade, without the limits taken from the quote: the idempotency
 * key follows this, so pressing again after an unknown outcome (no answer, a 5xx) reuses the
 * key even when the quote moved meanwhile (the first attempt may be what moved it), and the
 * server answers with that first trade instead of making a second. */
export function tradeIntent(trade: TradeBody): string {
  if (trade.side === "sell") return `sell:tokensIn:${trade.body.tokensIn}`;
  // Omit<> of the request union keeps only the shared fields: read both ways of buying.
  const buy = trade.body as { solIn?: string; tokensOut?: string };
  return buy.solIn !== undefined ? `buy:solIn:${buy.solIn}` : `buy:tokensOut:${buy.tokensOut}`;
}

/** The curve a market state describes (for previews in the browser; the server's quote rules). */
export function curveOf(market: MarketState): CurveState {
  return {
    virtualSol: BigInt(market.virtualSolReserves),
    virtualToken: BigInt(market.virtualTokenReserves),
    realSol: BigInt(market.realSolReserves),
    realToken: BigInt(market.realTokenReserves),
    initialRealToken: BigInt(market.initialRealTokenReserves),
  };
}

/** An amount the curve as last read cannot take (more tokens than it has left to sell, or
 * more back than it has sold), in the server's words: said before any quote is asked. A buy
 * by SOL is never refused for size: it gets the rest of the curve. */
export function curveRefusal(market: MarketState, ask: TradeAsk, symbol: string): string | null {
  const curve = curveOf(market);
  if (curve.realToken <= 0n || ask.by !== "tokens") return null;
  if (ask.side === "buy" && ask.units > curve.realToken)
    return exceedsCurveMessage(limitText(curve.realToken, market.decimals, symbol));
  const sellable = sellableTokens(curve);
  if (ask.side === "sell" && ask.units > sellable)
    return exceedsSellableMessage(limitText(sellable, market.decimals, symbol));
  return null;
}

/** A sell typed in SOL: the fewest tokens whose sale pays at least `solOut` after the fee, on
 * this curve. Null when the curve cannot pay that much. The sell request itself is by tokens. */
export function tokensForSolOut(curve: CurveState, solOut: bigint, feeBps: bigint): bigint | null {
  if (solOut <= 0n) return null;
  // The least gross (SOL leaving the curve) that still leaves solOut after the fee, rounded up.
  let gross = ceilDiv(solOut * BPS, BPS - feeBps);
  while (gross - feeOf(gross, feeBps) < solOut) gross += 1n;
  if (gross >= curve.virtualSol) return null;
  // floor(n * vSol / (vTok + n)) >= gross  <=>  n >= gross * vTok / (vSol - gross)
  const tokens = ceilDiv(gross * curve.virtualToken, curve.virtualSol - gross);
  return quoteSell(curve, tokens, feeBps).ok ? tokens : null;
}

/** In a market's launch window, how many more tokens `trader` may buy: the per-wallet cap (a
 * share of the supply) less what the wallet bought in the window, as the market last read
 * says (the server's check is the one that counts). Null outside the window. */
export function launchCapLeft(market: MarketState, trader: string, now: number): bigint | null {
  const endsAt = market.launchWindowEndsAt ? Date.parse(market.launchWindowEndsAt) : 0;
  if (market.status !== "open" || !(endsAt > now)) return null;
  const cap = (BigInt(market.supply) * MARKET.launchWalletCapBps) / BPS;
  const bought = BigInt(market.launchWindow.buyers.find((b) => b.trader === trader)?.tokens ?? "0");
  return cap > bought ? cap - bought : 0n;
}
