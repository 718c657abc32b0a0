import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { codeForStatus, type ErrorCode } from "../../shared/schemas/api-error";
import { HttpError } from "../http-errors";
import { LedgerError } from "../ledger/ledger";
import { markExpectedOutage } from "./expected-outage";

// One error format for the whole API: { error, code, fields? }. 5xx internals stay in the log.
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // An empty JSON body is no body: clients send the header with nothing on routes that take
  // none. A route that needs a body says so by its schema ("Request body must be a JSON object").
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") done(null, undefined);
    else parseJson(request, body.toString(), done);
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      let wholeBody = false;
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
        if (!issue.instancePath) wholeBody = true; // not a field that happens to be named `body`
        fields[key] ??= issue.message ?? "Invalid value";
      }
      const first = Object.values(fields)[0] ?? "Invalid request";
      const message =
        wholeBody && Object.keys(fields).length === 1 ? "Request body must be a JSON object" : first;
      return reply.status(400).send({ error: message, code: "VALIDATION_FAILED", fields });
    }
    if (err instanceof HttpError) {
      if (err.statusCode === 503) markExpectedOutage(reply);
      return reply
        .status(err.statusCode)
        .send(
          err.fields
            ? { error: err.message, code: err.code, fields: err.fields }
            : { error: err.message, code: err.code },
        );
    }
    if (err instanceof LedgerError) {
      const status =
        err.code === "unavailable"
          ? 503
          : err.code === "rate_limited"
            ? 429
            : err.code === "not_after"
              ? 409
              : 400;
      if (status === 503) markExpectedOutage(reply);
      return reply.status(status).send({ error: err.message, code: LEDGER_CODES[err.code] });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit).
      const message =
        err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? "Send JSON (Content-Type: application/json)"
          : err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
            ? "Request body is too large"
            : err.message.startsWith("Body is not valid JSON") ||
                err.code === "FST_ERR_CTP_INVALID_CONTENT_LENGTH"
              ? "Request body is not valid JSON"
              : err.message;
      return reply.status(status).send({ error: message, code: codeForStatus(status) });
    }
    request.log.error({ err }, "unhandled error");
    return reply
      .status(500)
      .send({ error: "Something went wrong on our side. Please try again.", code: "INTERNAL" });
  });
});

/** Fastify's `frameworkErrors`: the router's own refusals (a malformed %-escape, an over-long
 * path parameter) answered before any hook or error handler, by default as Fastify's own
 * body with a non-API `code` and the raw path echoed back. */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = err.code === "FST_ERR_MAX_PARAM_LENGTH";
  const status = tooLong ? 414 : err.code === "FST_ERR_BAD_URL" ? 400 : 500;
  const message = status === 500 ? "Something went wrong on our side. Please try again." : "Invalid URL";
  return reply.status(status).send({ error: message, code: codeForStatus(status) });
}

/** Fastify's `clientErrorHandler`: a request Node's HTTP parser refused before any route saw
 * it (a malformed request line or header, headers too large, too slow to arrive), answered in
 * the API's error shape rather than Fastify's `{error, message, statusCode}`. */
export function clientErrors(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    err.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "Request Timeout", "The request took too long to arrive"]
      : err.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large", "The request's headers are too large"]
        : [400, "Bad Request", "The request could not be read: its request line or a header is malformed"];
  const body = JSON.stringify({ error: message, code: codeForStatus(status) });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

const LEDGER_CODES: Record<LedgerError["code"], ErrorCode> = {
  insufficient_funds: "NOT_ENOUGH_SOL",
  blockhash_expired: "BLOCKHASH_EXPIRED",
  already_processed: "ALREADY_PROCESSED",
  rejected: "TRANSACTION_REJECTED",
  rate_limited: "RATE_LIMITED",
  unavailable: "LEDGER_UNAVAILABLE",
  not_after: "QUOTE_EXPIRED",
};
