import { PassThrough } from "node:stream";
import type { TradesPage } from "@shared/schemas/market";
import { HttpError } from "../../http-errors";

// GET /api/market/:mint/live: a token page's push updates as server-sent events. A plain
// implementation rather than an SSE plugin: what it needs of one (headers, `event:`/`data:`
// framing, a comment as heartbeat) is a few lines on Fastify's own stream replies, which keep
// the app's hooks (helmet headers, rate limit, CSRF, errors) on the route like any other; the
// hub, limits and change-bus wiring below would be ours whatever wrote the frames.
//
// One feed per mint watched on this node. The change bus (topic `market`, keyed by mint) says a
// trade confirmed or the market opened or completed, here or on another node; the feed then
// reads the market's state and newest trades through the same cached paths as the GET routes
// (one read per change, however many watch) and sends each stream the trades it has not seen
// and the state when it differs from the last one it got. Changes that arrive while a read is
// running coalesce into one more read.

/** Trades read per change: more trades than this between two reads are not all pushed (the
 * client's list still merges what it gets; a reconnect catches up in full). */
const TRADES_PER_READ = 20;
const HEARTBEAT_MS = 15_000;
/** `holders` events per mint at most this often: each makes every page watching it read the
 * token again (a cached answer), so a busy token's transfers are told in bursts. */
const HOLDERS_EVERY_MS = 1_000;
/** Unsent bytes one stream may hold (a client that stopped reading): past it, it is closed and
 * its EventSource reconnects. */
const MAX_BUFFERED = 1 << 20;

export interface LiveLimits {
  /** Streams open on this node in all. */
  total: number;
  /** Streams per client address (the request's IP, after TRUST_PROXY). */
  perIp: number;
}

interface Deps {
  /** GET /api/market/:mint as JSON (404 for a mint that is not a platform token). */
  stateJson: (mint: string) => Promise<Buffer>;
  /** GET /api/market/:mint/trades as JSON. */
  tradesJson: (mint: string, query: { limit: number }) => Promise<Buffer>;
  limits: LiveLimits;
  warn: (message: string) => void;
  heartbeatMs?: number;
  holdersEveryMs?: number;
}

/** One client's stream: the reply's body. */
class LiveStream {
  readonly body = new PassThrough();
  /** The last `market` data sent, so an unchanged state is not sent again. */
  lastMarket: string | null = null;

  get open(): boolean {
    return !this.body.destroyed && !this.body.writableEnded;
  }

  write(text: string): void {
    if (!this.open) return;
    if (this.body.writableLength > MAX_BUFFERED) {
      this.body.destroy();
      return;
    }
    this.body.write(text);
  }

  send(event: "market" | "trade" | "holders", data: string): void {
    this.write(`event: ${event}\ndata: ${data}\n\n`);
  }
}

interface Feed {
  streams: Set<LiveStream>;
  /** A `holders` event is due (sent at most once per HOLDERS_EVERY_MS). */
  holdersTimer: NodeJS.Timeout | null;
  holdersSentAt: number;
  /** Signatures of the newest trades read last time; null before the first read. */
  seen: Set<string> | null;
  reading: boolean;
  again: boolean;
}

export class MarketLive {
  private feeds = new Map<string, Feed>();
  private perIp = new Map<string, number>();
  private total = 0;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private deps: Deps) {}

  /** Streams open now (health and tests). */
  get openStreams(): number {
    return this.total;
  }

  /** A new stream on `mint` for a client at `ip`, its first `market` event on the way. 404 for
   * a mint that is not a platform token; 429 past the per-address bound; 503 past the total. */
  async open(mint: string, ip: string): Promise<PassThrough> {
    // The first read also answers whether the mint is ours (404 before any stream exists).
    await this.deps.stateJson(mint);
    const { limits } = this.deps;
    const mine = this.perIp.get(ip) ?? 0;
    if (mine >= limits.perIp)
      throw new HttpError(
        429,
        "Too many live pages open from your network. Close some token pages and reload this one.",
        undefined,
        "TOO_MANY_STREAMS",
      );
    if (this.total >= limits.total)
      throw new HttpError(
        503,
        "Live updates are busy right now. Reload the page in a minute.",
        undefined,
        "STREAMS_FULL",
      );
    this.perIp.set(ip, mine + 1);
    this.total++;
    const stream = new LiveStream();
    let feed = this.feeds.get(mint);
    if (!feed) {
      feed = {
        streams: new Set(),
        seen: null,
        reading: false,
        again: false,
        holdersTimer: null,
        holdersSentAt: 0,
      };
      this.feeds.set(mint, feed);
    }
    const joined = feed;
    joined.streams.add(stream);
    stream.body.once("close", () => {
      joined.streams.delete(stream);
      if (!joined.streams.size && this.feeds.get(mint) === joined) {
        if (joined.holdersTimer) clearTimeout(joined.holdersTimer);
        this.feeds.delete(mint);
      }
      const left = (this.perIp.get(ip) ?? 1) - 1;
      if (left > 0) this.perIp.set(ip, left);
      else this.perIp.delete(ip);
      this.total--;
      if (this.total === 0) this.stopHeartbeat();
    });
    // A browser reconnects after 3 s when the connection drops.
    stream.write("retry: 3000\n\n");
    this.startHeartbeat();
    this.read(mint, joined);
    return stream.body;
  }

  /** The change bus's `market` topic: these mints' markets changed. */
  noteChange(mints: readonly string[]): void {
    for (const mint of mints) {
      const feed = this.feeds.get(mint);
      if (feed) this.read(mint, feed);
    }
  }

  /** The indexer wrote these mints' holders (here, or on another node by the change bus):
   * pages watching them hear `holders` and read the token's holders again. The holders are
   * not in the event: each page reads them as its reader may (read-your-writes is per
   * reader, docs/indexer.md). */
  noteHolders(mints: Iterable<string>): void {
    for (const mint of mints) {
      const feed = this.feeds.get(mint);
      if (!feed || feed.holdersTimer) continue;
      const wait = Math.max(
        0,
        feed.holdersSentAt + (this.deps.holdersEveryMs ?? HOLDERS_EVERY_MS) - Date.now(),
      );
      feed.holdersTimer = setTimeout(() => {
        feed.holdersTimer = null;
        feed.holdersSentAt = Date.now();
        for (const stream of feed.streams) stream.send("holders", "{}");
      }, wait);
      feed.holdersTimer.unref();
    }
  }

  /** Ends every stream (the server is closing: their sockets must not hold it open). */
  closeAll(): void {
    for (const feed of this.feeds.values()) {
      if (feed.holdersTimer) clearTimeout(feed.holdersTimer);
      for (const stream of feed.streams) stream.body.end();
    }
    this.stopHeartbeat();
  }

  /** Reads the feed's market now, or once more after the read under way. */
  private read(mint: string, feed: Feed): void {
    if (feed.reading) {
      feed.again = true;
      return;
    }
    feed.reading = true;
    void (async () => {
      try {
        do {
          feed.again = false;
          await this.push(mint, feed);
        } while (feed.again && feed.streams.size);
      } catch (err) {
        this.deps.warn(`live market read failed: ${err instanceof Error ? err.name : "unknown error"}`);
      } finally {
        feed.reading = false;
      }
    })();
  }

  private async push(mint: string, feed: Feed): Promise<void> {
    const [stateJson, tradesJson] = await Promise.all([
      this.deps.stateJson(mint),
      this.deps.tradesJson(mint, { limit: TRADES_PER_READ }),
    ]);
    const state = stateJson.toString("utf8");
    const { trades } = JSON.parse(tradesJson.toString("utf8")) as TradesPage;
    const seen = feed.seen;
    // Oldest first, so a client applying them in order ends on the newest.
    const fresh = seen ? trades.filter((t) => !seen.has(t.signature)).reverse() : [];
    feed.seen = new Set(trades.map((t) => t.signature));
    const frames = fresh.map((t) => `event: trade\ndata: ${JSON.stringify(t)}\n\n`).join("");
    for (const stream of feed.streams) {
      if (frames) stream.write(frames);
      if (stream.lastMarket !== state) {
        stream.lastMarket = state;
        stream.send("market", state);
      }
    }
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      // A comment line: EventSource ignores it; it keeps the socket (and any proxy) from
      // closing an idle stream (the server closes sockets silent for 60 s).
      for (const feed of this.feeds.values()) for (const stream of feed.streams) stream.write(": ping\n\n");
    }, this.deps.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
