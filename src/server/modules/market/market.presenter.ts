import {
  BPS,
  type BuyQuote,
  initialCurve,
  MARKET,
  marketCapLamports,
  progressBps,
  type SellQuote,
} from "@shared/market/curve";
import { priceText, spotPriceNano } from "@shared/market/price";
import type { LaunchBuyer, MarketState, Quote, TradeResult } from "@shared/schemas/market";
import type { TokenRow } from "../tokens/tokens.repo";
import type { MarketRow, TradeRow } from "./market.repo";
import { curveOf } from "./market-curves";

// Market rows, quotes and trades as the API shows them: base units as decimal strings, prices
// as lamports per whole token with up to 9 decimals (src/shared/market/price.ts).

/** The token's whole supply in base units. */
export function supplyOf(token: TokenRow): bigint {
  return BigInt(token.totalSupply) * 10n ** BigInt(token.decimals);
}

export function presentTrade(row: TradeRow): TradeResult {
  const base = { tradeId: row.id, signature: row.signature ?? "", side: row.side, fee: row.fee.toString() };
  return row.side === "buy"
    ? { ...base, solIn: (row.curveSol + row.fee).toString(), tokensOut: row.tokens.toString() }
    : { ...base, solOut: (row.curveSol - row.fee).toString(), tokensIn: row.tokens.toString() };
}

export function presentQuote(
  q: BuyQuote | SellQuote,
  feeBps: bigint,
  decimals: number,
  expiresAt: Date,
): Quote {
  const common = {
    side: q.side,
    fee: q.fee.toString(),
    feeBps: Number(feeBps),
    priceImpactBps: Number(q.priceImpactBps),
    priceAfterLamports: priceText(spotPriceNano(q.after, decimals)),
    expiresAt: expiresAt.toISOString(),
  };
  return q.side === "buy"
    ? { ...common, solIn: q.solIn.toString(), tokensOut: q.tokensOut.toString() }
    : { ...common, solOut: q.solOut.toString(), tokensIn: q.tokensIn.toString() };
}

export interface WindowBuyer {
  trader: string;
  tokens: bigint;
  isCreator: boolean;
  creatorFunded: boolean;
}

/** The launch window in the state: its totals over every buyer, the largest few listed. */
export interface WindowSummary {
  tokensBought: bigint;
  buyerCount: number;
  top: WindowBuyer[];
}

export const presentBuyer = (b: WindowBuyer): LaunchBuyer => ({
  trader: b.trader,
  tokens: b.tokens.toString(),
  isCreator: b.isCreator,
  creatorFunded: b.creatorFunded,
});

export function presentState(
  token: TokenRow,
  market: MarketRow | null,
  feeBps: bigint,
  window: WindowSummary,
): MarketState {
  const supply = supplyOf(token);
  const live = market && (market.status === "open" || market.status === "completed") ? market : null;
  if (!live)
    return {
      mint: token.mintAddress,
      status: "none",
      vault: null,
      virtualSolReserves: "0",
      virtualTokenReserves: "0",
      realSolReserves: "0",
      realTokenReserves: "0",
      initialRealTokenReserves: "0",
      feeBps: Number(MARKET.feeBps),
      priceLamports: "0",
      startPriceLamports: "0",
      marketCapLamports: "0",
      progress: 0,
      curveShareBps: 0,
      decimals: token.decimals,
      supply: supply.toString(),
      openedAt: null,
      completedAt: null,
      launchWindowEndsAt: null,
      creatorBuyTokens: "0",
      feesCreatorLamports: "0",
      feesPlatformLamports: "0",
      feesCreatorOwedLamports: "0",
      launchWindow: { tokensBought: "0", shareOfSupply: 0, buyerCount: 0, buyers: [] },
    };
  const curve = curveOf(live);
  const start = initialCurve(supply, live.curveShareBps);
  const bought = window.tokensBought;
  return {
    mint: live.mint,
    status: live.status === "completed" ? "completed" : "open",
    vault: live.vault,
    virtualSolReserves: curve.virtualSol.toString(),
    virtualTokenReserves: curve.virtualToken.toString(),
    realSolReserves: curve.realSol.toString(),
    realTokenReserves: curve.realToken.toString(),
    initialRealTokenReserves: curve.initialRealToken.toString(),
    feeBps: Number(feeBps),
    priceLamports: priceText(spotPriceNano(curve, token.decimals)),
    startPriceLamports: priceText(spotPriceNano(start, token.decimals)),
    marketCapLamports: marketCapLamports(curve, supply).toString(),
    progress: Number(progressBps(curve)) / Number(BPS),
    curveShareBps: live.curveShareBps,
    decimals: token.decimals,
    supply: supply.toString(),
    openedAt: live.openedAt?.toISOString() ?? null,
    completedAt: live.completedAt?.toISOString() ?? null,
    launchWindowEndsAt: live.openedAt
      ? new Date(live.openedAt.getTime() + MARKET.launchWindowMs).toISOString()
      : null,
    creatorBuyTokens: live.creatorBuyTokens.toString(),
    feesCreatorLamports: live.feesCreatorLamports.toString(),
    feesPlatformLamports: live.feesPlatformLamports.toString(),
    feesCreatorOwedLamports: live.feesCreatorOwedLamports.toString(),
    launchWindow: {
      tokensBought: bought.toString(),
      shareOfSupply: supply > 0n ? Number((bought * 1_000_000n) / supply) / 1_000_000 : 0,
      buyerCount: window.buyerCount,
      buyers: window.top.map(presentBuyer),
    },
  };
}
