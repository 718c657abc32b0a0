import type { Redis, RedisOptions } from "ioredis";

// How the server's Redis clients (the limits store, the change bus) behave when Redis does
// not answer: every command fails at once rather than wait. No command waits for a connection
// or is sent twice after a reconnection (a hit counted twice), none waits more than
// COMMAND_TIMEOUT_MS, and reconnections are tried at most a second apart.

/** Redis answers in well under a millisecond: a command unanswered this long means a dead link. */
export const COMMAND_TIMEOUT_MS = 1_000;
export const CONNECT_TIMEOUT_MS = 2_000;

export const FAIL_FAST: RedisOptions = {
  connectTimeout: CONNECT_TIMEOUT_MS,
  commandTimeout: COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
};

/** When `err` is a command timing out on a connection said to be ready (the link died without
 * closing: a network cut), cuts the connection so it is made again and the calls meanwhile fail
 * at once; returns whether it did. */
export function dropIfDeadLink(client: Redis, err: unknown): boolean {
  if (!(err instanceof Error) || err.message !== "Command timed out" || client.status !== "ready")
    return false;
  client.disconnect(true);
  return true;
}
