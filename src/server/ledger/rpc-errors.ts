import {
  createDefaultRpcTransport,
  isSolanaError,
  type RpcTransport,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__INSTRUCTION_ERROR__INSUFFICIENT_FUNDS,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  SOLANA_ERROR__TRANSACTION_ERROR__SIGNATURE_FAILURE,
} from "@solana/kit";
import { type RpcTransactionError, toLedgerError } from "./errors";
import { LedgerError } from "./ledger";

// Failures of a remote cluster, as kit reports them, turned into LedgerErrors: preflight
// refusals are mapped back to the RPC's transaction-error shape and read like the embedded
// ledger's; rate limits (HTTP 429, faucet refusals) and network failures get their own words.

export const FAUCET_RATE_LIMITED =
  "The devnet faucet is rate-limiting airdrops. Wait a minute and try again, or use https://faucet.solana.com.";

/** kit parses RPC integers as bigint; the error vocabulary expects plain JSON numbers. */
export function plainJson(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(plainJson);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainJson(v)]));
  }
  return value;
}

/** How clusters and faucets word a rate limit when they do not send HTTP 429. */
const RATE_LIMIT_TEXT = /airdrop limit|rate.?limit|too many requests|faucet has run dry/i;

function rateLimited(clusterLabel: string, airdrop: boolean): LedgerError {
  return new LedgerError(
    airdrop
      ? FAUCET_RATE_LIMITED
      : `${clusterLabel} is rate-limiting requests. Wait a few seconds and try again.`,
    "rate_limited",
  );
}

const INSTRUCTION_ERROR_MIN = 4615000;
const INSTRUCTION_ERROR_MAX = 4615999;

/** Rebuilds the RPC JSON of a transaction error from kit's SolanaError cause. */
function transactionErrorFromCause(cause: unknown): RpcTransactionError | null {
  if (!isSolanaError(cause)) return null;
  const context = cause.context as Record<string, unknown>;
  const code = context.__code as number;
  if (code >= INSTRUCTION_ERROR_MIN && code <= INSTRUCTION_ERROR_MAX) {
    const index = Number(context.index ?? 0);
    if (code === SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)
      return { InstructionError: [index, { Custom: Number(context.code) }] };
    if (code === SOLANA_ERROR__INSTRUCTION_ERROR__INSUFFICIENT_FUNDS)
      return { InstructionError: [index, "InsufficientFunds"] };
    return { InstructionError: [index, cause.message] };
  }
  switch (code) {
    case SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE:
      return "InsufficientFundsForFee";
    case SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND:
      return "AccountNotFound";
    case SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT:
      return { InsufficientFundsForRent: { account_index: Number(context.accountIndex ?? 0) } };
    case SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED:
      return "AlreadyProcessed";
    case SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND:
      return "BlockhashNotFound";
    case SOLANA_ERROR__TRANSACTION_ERROR__SIGNATURE_FAILURE:
      return "SignatureFailure";
    default:
      return cause.message;
  }
}

function isRateLimit(err: unknown): boolean {
  if (!isSolanaError(err)) return false;
  const context = err.context as Record<string, unknown>;
  if (isSolanaError(err, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) return Number(context.statusCode) === 429;
  if (context.__code === 429) return true;
  return RATE_LIMIT_TEXT.test(`${err.message} ${String(context.__serverMessage ?? "")}`);
}

export function ledgerErrorFromRpcFailure(
  err: unknown,
  clusterLabel: string,
  programOf: (instructionIndex: number) => string | undefined = () => undefined,
  operation: "airdrop" | "other" = "other",
): LedgerError {
  if (err instanceof LedgerError) return err;
  if (isRateLimit(err)) return rateLimited(clusterLabel, operation === "airdrop");
  if (isSolanaError(err, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)) {
    const context = err.context as Record<string, unknown>;
    const logs = Array.isArray(context.logs) ? (context.logs as string[]) : [];
    const txError = transactionErrorFromCause(err.cause);
    if (txError) return toLedgerError(txError, programOf, logs);
    return new LedgerError(`${clusterLabel} refused this transaction.`, "rejected", logs);
  }
  if (isSolanaError(err)) {
    return new LedgerError(`${clusterLabel} answered with an error: ${err.message}`, "unavailable");
  }
  return new LedgerError(`${clusterLabel} is unreachable right now. Try again in a moment.`, "unavailable");
}

/** kit's default HTTP transport, plus: a JSON-RPC error that says "rate limited" (code 429,
 * as faucets answer) becomes a LedgerError before kit tries to interpret the code. */
export function rateLimitAwareTransport(url: string, clusterLabel: string): RpcTransport {
  const base = createDefaultRpcTransport({ url });
  return async <TResponse>(config: Parameters<RpcTransport>[0]) => {
    const response = await base<TResponse>(config);
    const error = (response as { error?: { code?: unknown; message?: unknown } }).error;
    if (error && (Number(error.code) === 429 || RATE_LIMIT_TEXT.test(String(error.message)))) {
      const method = (config.payload as { method?: unknown }).method;
      throw rateLimited(clusterLabel, method === "requestAirdrop");
    }
    return response;
  };
}
