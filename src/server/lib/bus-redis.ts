import { Redis } from "ioredis";
import type { BusTransport, TransportEvents } from "./change-bus";
import { errorText } from "./safe-error";

// The change bus over Redis pub/sub (REDIS_URL set): channel `${REDIS_KEY_PREFIX}changes`. A
// subscribed connection can only listen, so notices go out on a second one. ioredis
// reconnects by itself; the channel is subscribed again here on each reconnection, and only
// then is the bus told it is connected (what was published meanwhile is lost: it resyncs).

const FIRST_TRY_MS = 2_000;

export class RedisTransport implements BusTransport {
  readonly kind = "redis";
  private readonly channel: string;
  private sub: Redis | null = null;
  private pub: Redis | null = null;
  private subscribed = false;
  /** One warning per outage, not one per reconnection attempt. */
  private warned = false;

  constructor(
    private readonly url: string,
    prefix: string,
    private readonly warn: (message: string) => void = () => {},
  ) {
    this.channel = `${prefix}changes`;
  }

  get up(): boolean {
    return this.subscribed && this.pub?.status === "ready";
  }

  async start(events: TransportEvents): Promise<void> {
    const options = { connectTimeout: FIRST_TRY_MS, maxRetriesPerRequest: 1, autoResubscribe: false };
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
    const lost = (err: Error) => {
      if (this.warned) return;
      this.warned = true;
      this.warn(`change bus (Redis) connection lost: ${errorText(err)}`);
    };
    sub.on("error", lost);
    pub.on("error", lost);
    sub.on("close", () => {
      this.subscribed = false;
    });
    sub.on("message", (channel: string, message: string) => {
      if (channel === this.channel) events.heard(message);
    });
    // Resolves once both connections are ready, or after the first try's time.
    const firstTry = new Promise<void>((resolve) => {
      setTimeout(resolve, FIRST_TRY_MS).unref();
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
    if (!this.pub) throw new Error("change bus not connected");
    await this.pub.publish(this.channel, payload);
  }

  async stop(): Promise<void> {
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
