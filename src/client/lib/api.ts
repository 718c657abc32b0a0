import type { ApiError as ApiErrorBody, ErrorCode } from "@shared/schemas/api-error";

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

/** JSON request with the session cookie. Non-OK answers throw ApiError carrying the
 * server's message, or `${status}: ${text}` when the body is not our error format. */
export async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    let parsed: Partial<ApiErrorBody> | null = null;
    try {
      parsed = JSON.parse(text) as ApiErrorBody;
    } catch {
      /* not JSON */
    }
    const message = parsed?.error ?? `${res.status}: ${text || res.statusText}`;
    throw new ApiError(res.status, message, parsed?.fields, parsed?.code);
  }
  return (text ? JSON.parse(text) : null) as T;
}

export const apiGet = <T>(url: string) => api<T>("GET", url);
export const apiPost = <T>(url: string, body: unknown = {}) => api<T>("POST", url, body);
export const apiPatch = <T>(url: string, body: unknown = {}) => api<T>("PATCH", url, body);

/** The message to show for a failed call: the server's, else the spec's fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}
