import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { COMMAND_TIMEOUT_MS, CONNECT_TIMEOUT_MS, dropIfDeadLink, FAIL_FAST } from "../lib/redis-fail-fast";
import { errorText } from "../lib/safe-error";
import type { LimitsStore } from "./limits-store";

// Each operation is one Lua script (atomic on the Redis server). Windows follow the caller's
// clock, passed in, like the other stores; Redis's own expiry only frees keys gone quiet.

const HIT = `
local now, win = tonumber(ARGV[1]), tonumber(ARGV[2])
local v = redis.call('HMGET', KEYS[1], 'c', 'e')
local c, e = tonumber(v[1]), tonumber(v[2])
if not c or not e or e <= now then c = 1; e = now + win else c = c + 1 end
redis.call('HSET', KEYS[1], 'c', c, 'e', e)
redis.call('PEXPIRE', KEYS[1], math.max(e - now, 1))
return {c, e}`;

const STREAK = `
local now, idle = tonumber(ARGV[1]), tonumber(ARGV[2])
local v = redis.call('HMGET', KEYS[1], 'c', 'e')
local c, e = tonumber(v[1]), tonumber(v[2])
if not c or not e or e <= now then c = 1 else c = c + 1 end
redis.call('HSET', KEYS[1], 'c', c, 'l', now, 'e', now + idle)
redis.call('PEXPIRE', KEYS[1], idle)
return c`;

const READ_STREAK = `
local v = redis.call('HMGET', KEYS[1], 'c', 'l', 'e')
if not v[1] or not v[3] or tonumber(v[3]) <= tonumber(ARGV[1]) then return false end
return {v[1], v[2]}`;

const LOG = `
local now, win, keep, only = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4] == '1'
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - win)
if only and redis.call('ZCARD', KEYS[1]) >= keep then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[5])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(keep + 1))
redis.call('PEXPIRE', KEYS[1], win)
return 1`;

/** Limits in Redis (REDIS_URL), shared by every API node using it; keys under `prefix`.
 *
 * While Redis does not answer, every call fails at once, without waiting for it (HTTP limits
 * then let requests through, the login throttle and airdrops refuse: open-limits.ts): no
 * queue of commands waiting for a reconnection, none resent after one (a hit counted twice),
 * and a command left unanswered gives up after COMMAND_TIMEOUT_MS. The client reconnects by
 * itself (at most a second apart); an outage is logged once, by class and code. */
export class RedisLimits implements LimitsStore {
  readonly kind = "redis";
  private client: Redis;
  /** Calls made while the first connection is being made wait for it (a node just started
   * is not in an outage); null once it is made or failed. */
  private firstTry: Promise<void> | null;
  /** In an outage (already logged); cleared when the connection is ready again. */
  private down = false;
  private closing = false;

  constructor(
    url: string,
    private prefix: string,
    private now: () => number = Date.now,
    private warn: (message: string) => void = () => {},
  ) {
    const client = new Redis(url, { ...FAIL_FAST, enableOfflineQueue: false });
    this.client = client;
    this.firstTry = new Promise<void>((resolve) => {
      client.once("ready", resolve);
      client.once("close", resolve);
      setTimeout(resolve, CONNECT_TIMEOUT_MS).unref();
    }).then(() => {
      this.firstTry = null;
    });
    // Without an error listener ioredis prints every failed reconnection, with its stack. A
    // connection closed and made again at once (a blip) is no outage: the failed attempts to
    // make it again are.
    client.on("error", (err: Error) => this.lost(errorText(err)));
    client.on("ready", () => {
      this.down = false;
    });
  }

  async hit(table: string, key: string, windowMs: number) {
    const now = this.now();
    const [count, resetAt] = (await this.eval(HIT, table, key, now, windowMs)) as [number, number];
    return { count: Number(count), ttlMs: Number(resetAt) - now };
  }

  async streak(table: string, key: string, idleMs: number) {
    return Number(await this.eval(STREAK, table, key, this.now(), idleMs));
  }

  async readStreak(table: string, key: string) {
    const reply = (await this.eval(READ_STREAK, table, key, this.now())) as [string, string] | null;
    return reply ? { count: Number(reply[0]), lastAt: Number(reply[1]) } : null;
  }

  async log(table: string, key: string, windowMs: number, keep: number, onlyUnder = false) {
    const now = this.now();
    const member = `${now}:${randomUUID()}`;
    return (await this.eval(LOG, table, key, now, windowMs, keep, onlyUnder ? 1 : 0, member)) === 1;
  }

  async recent(table: string, key: string, windowMs: number) {
    const now = this.now();
    const reply = await this.run(() =>
      this.client.zrangebyscore(this.key(table, key), `(${now - windowMs}`, "+inf", "WITHSCORES"),
    );
    const hits: number[] = [];
    for (let i = 1; i < reply.length; i += 2) hits.push(Number(reply[i]));
    return hits;
  }

  async forget(table: string, key: string) {
    await this.run(() => this.client.del(this.key(table, key)));
  }

  async close() {
    this.closing = true;
    const client = this.client;
    // A client not connected now would wait to reconnect before quitting: it is cut instead.
    if (client.status === "ready") await client.quit().catch(() => client.disconnect());
    else client.disconnect();
  }

  private eval(script: string, table: string, key: string, ...args: Array<string | number>) {
    return this.run(() => this.client.eval(script, 1, this.key(table, key), ...args));
  }

  private async run<T>(call: () => Promise<T>): Promise<T> {
    if (this.firstTry) await this.firstTry;
    try {
      return await call();
    } catch (err) {
      if (dropIfDeadLink(this.client, err)) this.lost(`no answer within ${COMMAND_TIMEOUT_MS} ms`);
      throw err;
    }
  }

  /** Logs the start of an outage, once until the connection is ready again. */
  private lost(why: string): void {
    if (this.down || this.closing) return;
    this.down = true;
    this.warn(
      `limits store (Redis) unavailable (${why}): HTTP rate limits let requests through; sign-ins and airdrops are refused until it is back`,
    );
  }

  private key(table: string, key: string): string {
    return `${this.prefix}${table}:${key}`;
  }
}
