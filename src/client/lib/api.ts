import type { ApiError as ApiErrorBody, ErrorCode } from "@shared/schemas/api-error";
import { serverAnswered, serverUnreachable } from "./server-reachability";
import { reportSessionLost } from "./session/session-lost";

/** A failed API call. `message` is the server's error field (spec section 8), `code` its
 * machine-readable code (branch on this, never on the text), `fields` its per-field
 * validation messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** No answer came: the network or the server is down. The request may or may not have reached
 * the server, so nothing can be said about whether it was done (a retry with the same
 * idempotency key is safe). */
export class ServerUnreachableError extends Error {
  constructor() {
    super("Can't reach the server. Check your connection; we keep trying.");
    this.name = "ServerUnreachableError";
  }
}

/** fetch, telling the reachability store whether anything answered. An abort is the caller's
 * own doing and passes through as it is. */
export async function serverFetch(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if (init.signal?.aborted) throw err;
    serverUnreachable();
    throw new ServerUnreachableError();
  }
  serverAnswered();
  return res;
}

/** The error an answer carries, and the session layer told when it says the session is gone. */
export function apiErrorOf(status: number, statusText: string, text: string): ApiError {
  let parsed: Partial<ApiErrorBody> | null = null;
  try {
    parsed = JSON.parse(text) as ApiErrorBody;
  } catch {
    /* not JSON */
  }
  if (parsed?.code === "SIGN_IN_REQUIRED" || parsed?.code === "SESSION_EXPIRED") reportSessionLost();
  const message = parsed?.error ?? `${status}: ${text || statusText}`;
  return new ApiError(status, message, parsed?.fields, parsed?.code);
}

/** JSON request with the session cookie. Non-OK answers throw ApiError carrying the
 * server's message, or `${status}: ${text}` when the body is not our error format. */
export async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await serverFetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw apiErrorOf(res.status, res.statusText, text);
  return (text ? JSON.parse(text) : null) as T;
}

export const apiGet = <T>(url: string) => api<T>("GET", url);
export const apiPost = <T>(url: string, body: unknown = {}) => api<T>("POST", url, body);
export const apiPatch = <T>(url: string, body: unknown = {}) => api<T>("PATCH", url, body);

/** The message to show for a failed call: the server's, else the spec's fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}
