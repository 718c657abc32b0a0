import type { TradesPage } from "@shared/schemas/market";

type Trade = Pick<TradesPage["trades"][number], "side" | "solAmount" | "fee">;

/** The SOL the trader paid (a buy: the curve's part plus the fee) or received (a sell: the
 * curve's part less the fee), in lamports: what their own trade's toast said. */
export function traderSolLamports(trade: Trade): bigint {
  const curve = BigInt(trade.solAmount);
  const fee = BigInt(trade.fee);
  return trade.side === "buy" ? curve + fee : curve - fee;
}
