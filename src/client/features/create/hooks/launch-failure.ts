import type { TokenForm } from "@shared/schemas/token";
import { ApiError, errorMessage, ServerUnreachableError } from "@/lib/api";

/** What the review step offers after a refused launch. */
export type LaunchRemedy = "none" | "get-sol" | "retry";

export interface LaunchFailure {
  description: string;
  /** Per-field messages for the review form (a look-alike name or symbol, say). */
  fields: Partial<Record<keyof TokenForm, string>>;
  remedy: LaunchRemedy;
}

export const PREPARE_EXPIRED_MESSAGE =
  "Your wallet took too long to sign, so the launch transaction expired. Try again: a fresh one will be prepared for your wallet to sign.";

export const LAUNCH_UNKNOWN_MESSAGE =
  "Failed to create token: no answer came from the server, so the launch may or may not have gone through. Once you're back online, press Create Token again: it will not launch twice.";

/** How the wizard answers a failed launch, decided by the error's code (never its text). */
export function describeLaunchFailure(err: unknown, formFields: readonly (keyof TokenForm)[]): LaunchFailure {
  const fields: LaunchFailure["fields"] = {};
  if (err instanceof ApiError && err.fields) {
    for (const name of formFields) {
      const message = err.fields[name];
      if (message) fields[name] = message;
    }
  }
  const code = err instanceof ApiError ? err.code : undefined;
  // The prepared transaction can no longer land; a retry prepares a new one (the launch hook
  // drops its idempotency key on any 4xx, so the server starts afresh).
  if (code === "PREPARE_EXPIRED") return { description: PREPARE_EXPIRED_MESSAGE, fields, remedy: "retry" };
  // No answer: the launch may have gone through. The hook keeps its idempotency key, so
  // pressing Create Token again answers that same token instead of launching a second.
  if (err instanceof ServerUnreachableError)
    return { description: LAUNCH_UNKNOWN_MESSAGE, fields, remedy: "retry" };
  const description = errorMessage(
    err,
    err instanceof Error && err.message ? err.message : "Failed to create token",
  );
  return { description, fields, remedy: code === "NOT_ENOUGH_SOL" ? "get-sol" : "none" };
}
