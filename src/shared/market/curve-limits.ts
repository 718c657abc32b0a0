// What the curve cannot take, in the words the server's refusal and the trade form share: the
// form says it before asking for a quote, the server when the curve moved in between.
import { formatTokens } from "./format";

/** A limit to stay under, rounded down to 2 decimals as everywhere on screen: typing what it
 * says is then always allowed. */
export const limitText = (units: bigint, decimals: number, symbol: string) =>
  `${formatTokens(units, decimals)} ${symbol}`;

export const exceedsCurveMessage = (left: string) =>
  `The curve has only ${left} left to buy. Enter a smaller amount.`;

export const exceedsSellableMessage = (most: string) =>
  `The curve can take back at most ${most} (the tokens it has sold). Enter a smaller amount.`;
