import { APICallError, NoObjectGeneratedError, NoOutputGeneratedError, RetryError } from "ai";
import { redact } from "../log";

/** Why a provider call failed, in the words shown to people ("drafted offline (...)"). */
export type FailureKind = "timeout" | "rate_limited" | "refused_key" | "unusable_answer" | "unavailable";

export const FAILURE_WORDS: Record<FailureKind, string> = {
  timeout: "provider timed out",
  rate_limited: "provider rate-limited",
  refused_key: "provider refused the key",
  unusable_answer: "provider answer unusable",
  unavailable: "provider unavailable",
};

export interface Failure {
  kind: FailureKind;
  /** Worth one more try: a malformed answer or a server error, not a limit or a bad key. */
  retryable: boolean;
  /** Safe to log: no request details, secrets redacted. */
  summary: { error: string; status?: number; detail: string };
}

export function classify(err: unknown, secrets: readonly string[]): Failure {
  const cause = RetryError.isInstance(err) ? err.lastError : err;
  const name = cause instanceof Error ? cause.name : typeof cause;
  const detail = redact(cause instanceof Error ? cause.message : String(cause), secrets).slice(0, 300);
  const summary = (status?: number) => ({ error: name, status, detail });

  if (isAbort(cause)) return { kind: "timeout", retryable: false, summary: summary() };
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === 429) return { kind: "rate_limited", retryable: false, summary: summary(status) };
    if (status === 401 || status === 403)
      return { kind: "refused_key", retryable: false, summary: summary(status) };
    if (status !== undefined && status >= 500)
      return { kind: "unavailable", retryable: true, summary: summary(status) };
    if (status === undefined && isAbort(cause.cause))
      return { kind: "timeout", retryable: false, summary: summary() };
    return { kind: "unavailable", retryable: false, summary: summary(status) };
  }
  if (
    NoObjectGeneratedError.isInstance(cause) ||
    NoOutputGeneratedError.isInstance(cause) ||
    cause instanceof UnusableAnswer
  ) {
    return { kind: "unusable_answer", retryable: true, summary: summary() };
  }
  return { kind: "unavailable", retryable: false, summary: summary() };
}

/** The model answered, but nothing we could repair into a valid result. */
export class UnusableAnswer extends Error {
  override name = "UnusableAnswer";
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError");
}
