import { z } from "zod";

/** Machine-readable error codes: clients branch on these, never on the message text. */
export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "BAD_REQUEST",
  "UNAUTHORIZED",
  /** A route that needs a session got none (signed out, expired, or its cookie gone). */
  "SIGN_IN_REQUIRED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "NOT_ENOUGH_SOL",
  "NOT_ENOUGH_TOKENS",
  "SYMBOL_TAKEN",
  "LOOKALIKE_TOKEN",
  /** A name or symbol of a well-known token (src/shared/famous-tokens.ts), or one like it. */
  "FAMOUS_TOKEN",
  "EMAIL_TAKEN",
  "USERNAME_TAKEN",
  "INVALID_CREDENTIALS",
  "TOKEN_NOT_LIVE",
  "LAUNCH_FAILED",
  "PREPARE_EXPIRED",
  "BLOCKHASH_EXPIRED",
  "ALREADY_PROCESSED",
  "TRANSACTION_REJECTED",
  "IN_PROGRESS",
  // An idempotency key sent again with a different request (another side or amount).
  "IDEMPOTENCY_KEY_REUSED",
  /** A paging cursor this server did not make (or made for another sort): start again. */
  "INVALID_CURSOR",
  "NOT_A_DESCRIPTION",
  "TOKEN_GATED",
  "LEDGER_UNAVAILABLE",
  /** The shared limits store (PostgreSQL or Redis) did not answer: a limit that must hold
   * (login throttling, test SOL) refuses rather than passes. */
  "LIMITS_UNAVAILABLE",
  "UPSTREAM_FAILED",
  "SIGN_WITH_WALLET",
  "SESSION_EXPIRED",
  "SLIPPAGE_EXCEEDED",
  "LAUNCH_CAP",
  "MARKET_COMPLETED",
  "MARKET_NOT_OPEN",
  "MARKET_EXISTS",
  "QUOTE_EXPIRED",
  "AMOUNT_TOO_SMALL",
  "EXCEEDS_CURVE",
  /** The caller's wallets do not hold the token metadata's update authority. */
  "NOT_UPDATE_AUTHORITY",
  /** The fan does not meet a reward's unlock condition (the message says what is missing). */
  "NOT_ELIGIBLE",
  /** Every NFT of a reward's supply has been minted (the chain refuses more too). */
  "SOLD_OUT",
  // A reward the user already has in another of their wallets (one per person).
  "ALREADY_CLAIMED",
  /** Too many live streams (GET /api/market/:mint/live) open from one address (429). */
  "TOO_MANY_STREAMS",
  /** The server holds as many live streams as it allows (503): try again later. */
  "STREAMS_FULL",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every non-2xx answer: a human message (the spec's wording), a code, and per-field
 * messages for validation errors. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODES),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The code an answer carries when nothing more specific applies. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return "BAD_REQUEST";
    case 401:
      return "UNAUTHORIZED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 415:
      return "UNSUPPORTED_MEDIA_TYPE";
    case 429:
      return "RATE_LIMITED";
    case 502:
      return "UPSTREAM_FAILED";
    case 503:
      return "LEDGER_UNAVAILABLE";
    default:
      return status >= 500 ? "INTERNAL" : "BAD_REQUEST";
  }
}
