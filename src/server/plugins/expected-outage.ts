import type { FastifyReply } from "fastify";

// Answers that a known outage explains (a 503 the server chose to give: the limits store or
// the ledger is away). The subsystem logs its outage once; the access log counts these answers
// instead of logging each one, or one outage would log a line per request.
const explained = new WeakSet<FastifyReply>();

export function markExpectedOutage(reply: FastifyReply): void {
  explained.add(reply);
}

export function isExpectedOutage(reply: FastifyReply): boolean {
  return explained.has(reply);
}
