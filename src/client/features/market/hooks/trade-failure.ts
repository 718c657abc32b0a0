import { MARKET } from "@shared/market/curve";
import { formatBps } from "@shared/market/format";
import { ApiError, ServerUnreachableError } from "@/lib/api";

/** What the person can do about a failed trade. */
export type TradeRemedy = "retry" | "get-sol" | "sign-in" | "none";

export interface TradeFailure {
  title: string;
  description: string;
  remedy: TradeRemedy;
}

const launchWindowMinutes = MARKET.launchWindowMs / 60_000;

/** A failed trade in words, with the next step. Branches on the server's code (the market's
 * codes are compared as text: they are the market API's, listed in api-error.ts by it). */
export function describeTradeFailure(err: unknown): TradeFailure {
  if (err instanceof ServerUnreachableError)
    // The request may have reached the server before the connection dropped: say so, and that
    // pressing again reuses the same idempotency key (use-trade keeps it), so it cannot trade twice.
    return {
      title: "Connection lost",
      description:
        "No answer came, so the trade may or may not have gone through. Once you're back online, check your balance; trying again will not trade twice.",
      remedy: "retry",
    };
  if (!(err instanceof ApiError)) {
    // Not the server's answer: the browser wallet declined or failed before anything was sent.
    const message = err instanceof Error && err.message ? err.message : "";
    return {
      title: "Trade not sent",
      description: `${message ? `${message} ` : ""}Nothing was traded: try again.`.trim(),
      remedy: "retry",
    };
  }
  const code: string | undefined = err.code;
  switch (code) {
    case "SLIPPAGE_EXCEEDED":
      return {
        title: "Price moved",
        description: "Price moved: try again or raise your slippage. Nothing was traded.",
        remedy: "retry",
      };
    case "LAUNCH_CAP":
      return {
        title: "Launch limit reached",
        // The server's words already name the window, the cap and what is left to buy.
        description:
          err.message ||
          `In the first ${launchWindowMinutes} minutes each wallet may buy at most ${formatBps(MARKET.launchWalletCapBps)} of the supply: buy less, or wait for the window to end.`,
        remedy: "none",
      };
    case "MARKET_COMPLETED":
      return { title: "The curve has completed", description: err.message, remedy: "none" };
    case "QUOTE_EXPIRED":
    case "PREPARE_EXPIRED":
    case "BLOCKHASH_EXPIRED":
      return {
        title: "Quote expired",
        description: "The quote expired before the trade was sent. Check the new quote and try again.",
        remedy: "retry",
      };
    case "NOT_ENOUGH_SOL":
      return {
        title: "Not enough SOL",
        description: `${err.message} Get test SOL, then try again.`,
        remedy: "get-sol",
      };
    case "UNAUTHORIZED":
    case "SIGN_IN_REQUIRED":
    case "SESSION_EXPIRED":
      return { title: "Sign in to trade", description: err.message, remedy: "sign-in" };
    default:
      return {
        title: "Trade failed",
        description: err.message || "Trade failed. Please try again.",
        remedy: err.status >= 500 ? "retry" : "none",
      };
  }
}
