import { parseAmount } from "@shared/amounts";
import { TOKEN_DECIMALS } from "@shared/constants";
import { creatorBuyCap as capOnFreshCurve } from "@shared/market/creator-buy";
import { MARKET } from "@shared/market/curve";
import { formatSol } from "@shared/market/format";
import type { LaunchMarket } from "@shared/schemas/market";
import { MAX_TOTAL_SUPPLY } from "@shared/schemas/token";
import { CREATOR_CAP_ABOVE_BPS, CREATOR_CAP_MAX_SCORE } from "@shared/trust/score";

/** The creator's market choice on the review step, as typed. */
export interface MarketChoice {
  open: boolean;
  /** Whole percent of the supply on the curve, 10 to 100. */
  curveSharePct: number;
  /** Optional buy right after the market opens, in SOL as typed. */
  creatorBuySol: string;
}

export const DEFAULT_MARKET_CHOICE: MarketChoice = {
  open: true,
  curveSharePct: MARKET.defaultCurveShareBps / 100,
  creatorBuySol: "",
};

/** formatSol's 4 decimals, in lamports. */
const SHOWN_LAMPORTS = 100_000n;

export const MIN_CURVE_PCT = MARKET.minCurveShareBps / 100;
export const MAX_CURVE_PCT = MARKET.maxCurveShareBps / 100;

/** The creator buy's cap: 5% of the supply (never more than the curve holds), and what those
 * tokens cost at launch on the fresh curve before the fee, in lamports. Null for a bad supply. */
export function creatorBuyCap(
  totalSupply: string,
  curveSharePct: number,
): { tokens: bigint; lamports: bigint; lamportsWithFee: bigint } | null {
  if (!/^\d+$/.test(totalSupply.trim())) return null;
  const whole = BigInt(totalSupply.trim());
  // A supply the form refuses has no cap to tell ("Supply too large" is said there).
  if (whole <= 0n || whole > MAX_TOTAL_SUPPLY) return null;
  const supply = whole * 10n ** BigInt(TOKEN_DECIMALS);
  const cap = capOnFreshCurve(supply, curveSharePct * 100);
  return cap && { tokens: cap.tokens, lamports: cap.curveSol, lamportsWithFee: cap.solIn };
}

export type MarketRequest = { ok: true; market: LaunchMarket | undefined } | { ok: false; error: string };

/** The `market` of the create request: undefined when the box is unchecked; an error in words
 * when the creator buy is not a SOL amount or plainly above the cap. */
export function marketRequest(choice: MarketChoice, totalSupply: string): MarketRequest {
  if (!choice.open) return { ok: true, market: undefined };
  const curveShareBps = Math.round(choice.curveSharePct) * 100;
  const typed = choice.creatorBuySol.trim();
  if (typed === "") return { ok: true, market: { curveShareBps } };
  const lamports = parseAmount(typed, 9);
  if (lamports === null) return { ok: false, error: "Enter the creator buy in SOL, e.g. 0.5" };
  if (lamports === 0n) return { ok: true, market: { curveShareBps } };
  const cap = creatorBuyCap(totalSupply, choice.curveSharePct);
  // More than the cap costs with its fee could never be spent.
  if (cap && lamports > cap.lamportsWithFee) {
    // Rounded down to what is shown, so typing the figure said fits under the cap.
    const most = (cap.lamportsWithFee / SHOWN_LAMPORTS) * SHOWN_LAMPORTS;
    return {
      ok: false,
      error: `The creator buy can take at most 5% of the supply: enter ${formatSol(most)} or less`,
    };
  }
  return { ok: true, market: { curveShareBps, creatorBuyLamports: lamports.toString() } };
}

/** What the choice costs the token's trust score, said before launch: a creator whose wallet
 * holds more than 20% of the supply (kept, or kept plus a creator buy) holds it to 60. */
export function trustCapNote(choice: MarketChoice): string | null {
  if (!choice.open) return null;
  const keptBps = (100 - Math.round(choice.curveSharePct)) * 100;
  const buying = (parseAmount(choice.creatorBuySol.trim(), 9) ?? 0n) > 0n;
  const limit = `${CREATOR_CAP_ABOVE_BPS / 100}%`;
  const cost = `the trust score counts that against the token (at most ${CREATOR_CAP_MAX_SCORE} of 100)`;
  if (keptBps > CREATOR_CAP_ABOVE_BPS) return `That is more than ${limit}: ${cost}.`;
  if (buying && keptBps >= CREATOR_CAP_ABOVE_BPS)
    return `With the creator buy your wallet holds more than ${limit}: ${cost}.`;
  if (buying && keptBps + Number(MARKET.maxCreatorBuyBps) > CREATOR_CAP_ABOVE_BPS)
    return `A large creator buy could take your wallet above ${limit}: ${cost}.`;
  return null;
}
