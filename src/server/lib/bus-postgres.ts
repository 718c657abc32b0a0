import type pg from "pg";
import type { BusTransport, TransportEvents } from "./change-bus";
import { errorText } from "./safe-error";

// The change bus over PostgreSQL (the default for several API nodes on one database):
// `LISTEN launchpad_changes` on a session of its own, and `NOTIFY` on that same session (so
// it is writable exactly when connected).

const CHANNEL = "launchpad_changes";

export class PostgresTransport implements BusTransport {
  readonly kind = "postgres";
  private session: pg.Client | null = null;
  private stopped = false;

  constructor(
    private readonly newSession: () => pg.Client,
    private readonly warn: (message: string) => void = () => {},
    private readonly retryMs = 1_000,
  ) {}

  get up(): boolean {
    return this.session !== null;
  }

  get listening(): boolean {
    return this.up;
  }

  /** A failed try or a dropped connection is retried every `retryMs` in the background. */
  async start(events: TransportEvents): Promise<void> {
    if (this.stopped) return;
    const retry = () => {
      if (!this.stopped) setTimeout(() => void this.start(events), this.retryMs).unref();
    };
    const session = this.newSession();
    session.on("notification", (message) => {
      if (message.payload) events.heard(message.payload);
    });
    const closed = new Promise<void>((resolve) => {
      session.on("error", (err) => {
        this.warn(`change bus connection lost: ${errorText(err)}`);
        resolve();
      });
      session.on("end", () => resolve());
    });
    try {
      await session.connect();
      await session.query(`listen ${CHANNEL}`);
    } catch (err) {
      this.warn(`change bus cannot listen: ${errorText(err)}`);
      await session.end().catch(() => {});
      return retry();
    }
    if (this.stopped) {
      await session.end().catch(() => {});
      return;
    }
    this.session = session;
    void closed.then(() => {
      if (this.session === session) this.session = null;
      session.end().catch(() => {});
      retry();
    });
    events.connected();
  }

  async send(payload: string): Promise<void> {
    const session = this.session;
    if (!session) throw new Error("change bus not connected");
    await session.query("select pg_notify($1, $2)", [CHANNEL, payload]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const session = this.session;
    this.session = null;
    await session?.end().catch(() => {});
  }
}
