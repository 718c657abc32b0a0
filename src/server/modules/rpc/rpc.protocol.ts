// JSON-RPC 2.0 plumbing for /rpc: errors with their standard codes, parameter readers that
// answer -32602 instead of throwing TypeErrors, and a serializer that writes bigints as exact
// JSON numbers (lamports and token amounts are u64; the real RPC writes them unquoted, and
// @solana/kit reads them back as bigint).

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** Solana's "transaction simulation failed" (also used for refused submissions). */
export const SEND_TRANSACTION_PREFLIGHT_FAILURE = -32002;
export const UNSUPPORTED_TRANSACTION_VERSION = -32015;

export function invalidParams(detail: string): RpcError {
  return new RpcError(INVALID_PARAMS, `Invalid params: ${detail}`);
}

/** Serializes like JSON.stringify, except bigints become plain JSON integers. */
export function toJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  switch (typeof value) {
    case "bigint":
      return value.toString();
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "object": {
      if (Array.isArray(value)) return `[${value.map((v) => toJson(v)).join(",")}]`;
      const parts: string[] = [];
      for (const [key, v] of Object.entries(value)) {
        if (v !== undefined) parts.push(`${JSON.stringify(key)}:${toJson(v)}`);
      }
      return `{${parts.join(",")}}`;
    }
    default:
      return "null";
  }
}

export type Params = unknown[];

export type RpcResponse = {
  jsonrpc: "2.0";
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

export function errorResponse(id: unknown, err: RpcError): RpcResponse {
  const error =
    err.data === undefined
      ? { code: err.code, message: err.message }
      : { code: err.code, message: err.message, data: err.data };
  return { jsonrpc: "2.0", id, error };
}

/** One JSON-RPC request checked for shape: the call, or the error response it earns.
 * `notification`: it has no id, so a success gets no answer. */
function readRequest(
  item: unknown,
):
  | { ok: true; id: unknown; method: string; params: Params; notification: boolean }
  | { ok: false; response: RpcResponse } {
  if (typeof item !== "object" || item === null || Array.isArray(item)) {
    return { ok: false, response: errorResponse(null, new RpcError(INVALID_REQUEST, "Invalid request")) };
  }
  const request = item as Record<string, unknown>;
  const id = request.id ?? null;
  if (request.jsonrpc !== "2.0" || typeof request.method !== "string") {
    return { ok: false, response: errorResponse(id, new RpcError(INVALID_REQUEST, "Invalid request")) };
  }
  const params = request.params ?? [];
  if (!Array.isArray(params)) {
    return {
      ok: false,
      response: errorResponse(id, new RpcError(INVALID_PARAMS, "Invalid params: expected an array")),
    };
  }
  return { ok: true, id, method: request.method, params, notification: !("id" in request) };
}

export function stringParam(params: Params, index: number, name: string): string {
  const value = params[index];
  if (typeof value !== "string" || value.length === 0) throw invalidParams(`${name} must be a string`);
  return value;
}

export function config(params: Params, index: number): Record<string, unknown> {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value))
    throw invalidParams("the configuration must be an object");
  return value as Record<string, unknown>;
}

export function stringArrayParam(params: Params, index: number, name: string, max: number): string[] {
  const value = params[index];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw invalidParams(`${name} must be an array of strings`);
  }
  if (value.length > max) throw invalidParams(`${name} may hold at most ${max} entries`);
  return value as string[];
}

const U64_MAX = 2n ** 64n - 1n;

/** A u64 parameter, as a JSON number or a decimal string; `max` narrows it further. */
export function integerParam(params: Params, index: number, name: string, max = U64_MAX): bigint {
  const value = params[index];
  let n: bigint | null = null;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) n = BigInt(value);
  if (typeof value === "string" && /^\d{1,20}$/.test(value)) n = BigInt(value);
  if (n === null) throw invalidParams(`${name} must be a non-negative integer`);
  if (n > max) throw invalidParams(`${name} must be at most ${max}`);
  return n;
}

/** "1.5" for 1_500_000_000 base units at 9 decimals: exact, no trailing zeros. */
export function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const text = amount.toString().padStart(decimals + 1, "0");
  const whole = text.slice(0, -decimals);
  const fraction = text.slice(-decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

export function tokenAmount(amount: bigint, decimals: number) {
  const ui = uiAmountString(amount, decimals);
  return { amount: amount.toString(), decimals, uiAmount: Number(ui), uiAmountString: ui };
}

/** The answer to one request (over HTTP or WebSocket): `call`'s result, or its error (an
 * RpcError as it is, anything else as "Internal error"); null for a notification's success. */
export async function answer(
  item: unknown,
  call: (method: string, params: Params) => Promise<unknown>,
): Promise<RpcResponse | null> {
  const request = readRequest(item);
  if (!request.ok) return request.response;
  try {
    const result = await call(request.method, request.params);
    return request.notification ? null : { jsonrpc: "2.0", id: request.id, result };
  } catch (err) {
    const error = err instanceof RpcError ? err : new RpcError(INTERNAL_ERROR, "Internal error");
    return errorResponse(request.id, error);
  }
}
