import { Redis } from "ioredis";
import type { BusTransport, TransportEvents } from "./change-bus";
import { COMMAND_TIMEOUT_MS, CONNECT_TIMEOUT_MS, dropIfDeadLink, FAIL_FAST } from "./redis-fail-fast";
import { errorText } from "./safe-error";

// The change bus over Redis pub/sub (REDIS_URL set): channel `${REDIS_KEY_PREFIX}changes`. A
// subscribed connection can only listen, so notices go out on a second one. ioredis
// reconnects by itself; the channel is subscribed again here on each reconnection, and only
// then is the bus told it is connected (what was published meanwhile is lost: it resyncs).
// A link can die silently (a network cut closes no socket): the subscribed connection is
// pinged every HEARTBEAT_MS, and a command unanswered for COMMAND_TIMEOUT_MS drops its
// connection, which is then made again.

const HEARTBEAT_MS = 2_000;

export class RedisTransport implements BusTransport {
  readonly kind = "redis";
  private readonly channel: string;
  private sub: Redis | null = null;
  private pub: Redis | null = null;
  private subscribed = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private warned = false;

  constructor(
    private readonly url: string,
    prefix: string,
    private readonly warn: (message: string) => void = () => {},
  ) {
    this.channel = `${prefix}changes`;
  }

  get up(): boolean {
    return this.listening && this.pub?.status === "ready";
  }

  get listening(): boolean {
    return this.subscribed && this.sub?.status === "ready";
  }

  async start(events: TransportEvents): Promise<void> {
    const options = { ...FAIL_FAST, autoResubscribe: false };
    // Named, so an operator (or a test) can tell the bus's connections in CLIENT LIST.
    const sub = new Redis(this.url, { ...options, connectionName: `${this.channel}-sub` });
    // A notice must go now or be known as not sent: no queue while disconnected.
    const pub = new Redis(this.url, {
      ...options,
      connectionName: `${this.channel}-pub`,
      enableOfflineQueue: false,
    });
    this.sub = sub;
    this.pub = pub;
    const lost = (err: Error) => this.lost(errorText(err));
    sub.on("error", lost);
    pub.on("error", lost);
    sub.on("close", () => {
      this.subscribed = false;
    });
    sub.on("message", (channel: string, message: string) => {
      if (channel === this.channel) events.heard(message);
    });
    this.heartbeat = setInterval(() => {
      if (this.listening) sub.ping().catch((err: unknown) => this.unanswered(sub, err));
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    // Resolves once both connections are ready, or after the first try's time.
    const firstTry = new Promise<void>((resolve) => {
      setTimeout(resolve, CONNECT_TIMEOUT_MS).unref();
      pub.on("ready", () => {
        if (!this.up) return;
        events.writable();
        resolve();
      });
      sub.on("ready", () => {
        sub.subscribe(this.channel).then(
          () => {
            this.subscribed = true;
            this.warned = false;
            events.connected();
            if (this.up) resolve();
          },
          (err: Error) => {
            lost(err);
            // Reconnecting subscribes again.
            sub.disconnect(true);
          },
        );
      });
    });
    await firstTry;
  }

  async send(payload: string): Promise<void> {
    const pub = this.pub;
    if (!pub) throw new Error("change bus not connected");
    try {
      await pub.publish(this.channel, payload);
    } catch (err) {
      this.unanswered(pub, err);
      throw err;
    }
  }

  /** A command that timed out on a connection said to be ready: the link is dead without
   * having closed. Cut, the connection is made again (and `up` is false meanwhile). */
  private unanswered(client: Redis, err: unknown): void {
    if (dropIfDeadLink(client, err)) this.lost(`no answer within ${COMMAND_TIMEOUT_MS} ms`);
  }

  /** One warning per outage, by class and code: not one per reconnection attempt. */
  private lost(why: string): void {
    if (this.warned) return;
    this.warned = true;
    this.warn(`change bus (Redis) connection lost: ${why}`);
  }

  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.subscribed = false;
    const clients = [this.sub, this.pub];
    this.sub = null;
    this.pub = null;
    // A client not connected now would wait to reconnect before quitting: it is cut instead.
    await Promise.all(
      clients.map((c) => (c?.status === "ready" ? c.quit().catch(() => c.disconnect()) : c?.disconnect())),
    );
  }
}
