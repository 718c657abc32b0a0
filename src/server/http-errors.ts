import { codeForStatus, type ErrorCode } from "../shared/schemas/api-error";

/** An error whose message is safe and meant for the person who made the request. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = "HttpError";
    this.code = code ?? codeForStatus(statusCode);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>, code?: ErrorCode) =>
  new HttpError(400, message, fields, code);
export const unauthorized = (message: string) => new HttpError(401, message);
/** A route that needs a session got none: the client shows the signed-out state. */
export const signInRequired = () => new HttpError(401, "Please sign in first", undefined, "SIGN_IN_REQUIRED");
export const sessionExpired = () =>
  new HttpError(401, "Your session has expired. Please sign in again", undefined, "SESSION_EXPIRED");
export const forbidden = (message: string, code?: ErrorCode) => new HttpError(403, message, undefined, code);
export const notFound = (message: string, fields?: Record<string, string>) =>
  new HttpError(404, message, fields);
export const conflict = (message: string, fields?: Record<string, string>, code?: ErrorCode) =>
  new HttpError(409, message, fields, code);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const badGateway = (message: string) => new HttpError(502, message);
