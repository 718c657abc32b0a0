import { randomUUID } from "node:crypto";
import type pg from "pg";

// Tells every node what data changed, so each drops its in-process caches of it
// (docs/decisions/013-leader-and-change-bus.md). Handlers run at once in the publishing
// process, exactly as the direct calls did before; on PostgreSQL the change also goes out by
// NOTIFY and every other node runs the same handlers when it hears it. A missed notice (a
// dropped connection) is covered by the caches' short TTLs on a shared database.

/** What changed: the topic names the kind, the keys which ones (mints, owners, ids). */
export type ChangeTopic = "holders" | "owners" | "market" | "trust" | "session" | "wallets" | "agents";
type Handler = (keys: string[]) => void;

const CHANNEL = "launchpad_changes";
/** NOTIFY payloads are bounded (8000 bytes): keys go out in slices well under it. */
const KEYS_PER_NOTICE = 60;

export class ChangeBus {
  private readonly handlers = new Map<ChangeTopic, Handler[]>();
  /** This process's notices come back to it too: it knows them by this id and skips them. */
  private readonly origin = randomUUID();
  private session: pg.Client | null = null;
  private stopped = false;
  private sending: Promise<void> = Promise.resolve();
  /** Notices heard from other nodes (health and the scale-out test read it). */
  private heard = 0;

  /** Default: this process only. `listen` adds PostgreSQL for a shared database. */
  constructor(private readonly warn: (message: string) => void = () => {}) {}

  on(topic: ChangeTopic, handler: Handler): void {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
  }

  /** Applies the change here now (unless `here` is false: this process already has it), and
   * tells the other nodes (PostgreSQL). */
  publish(topic: ChangeTopic, keys: Iterable<string>, { here = true } = {}): void {
    const list = [...keys];
    if (!list.length) return;
    if (here) this.apply(topic, list);
    const session = this.session;
    if (!session) return;
    for (let i = 0; i < list.length; i += KEYS_PER_NOTICE) {
      const payload = JSON.stringify({ o: this.origin, t: topic, k: list.slice(i, i + KEYS_PER_NOTICE) });
      // One at a time on the session, in order.
      this.sending = this.sending.then(() =>
        session.query("select pg_notify($1, $2)", [CHANNEL, payload]).then(
          () => {},
          (err: unknown) => this.warn(`change notice not sent: ${errorText(err)}`),
        ),
      );
    }
  }

  /** PostgreSQL: LISTENs on a session of its own and sends NOTIFYs there too. Resolves after
   * the first try; a failed try or a dropped connection is retried every second in the
   * background (the caches' TTLs cover what is missed meanwhile). */
  async listen(newSession: () => pg.Client): Promise<void> {
    if (this.stopped) return;
    const retry = () => {
      if (!this.stopped) setTimeout(() => void this.listen(newSession), 1_000).unref();
    };
    const session = newSession();
    session.on("notification", (message) => this.heardNotice(message.payload));
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
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.sending;
    const session = this.session;
    this.session = null;
    await session?.end().catch(() => {});
  }

  health() {
    return { shared: this.session !== null, heard: this.heard };
  }

  private heardNotice(payload: string | undefined): void {
    if (!payload) return;
    let notice: { o?: unknown; t?: unknown; k?: unknown };
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    if (notice.o === this.origin || typeof notice.t !== "string" || !Array.isArray(notice.k)) return;
    const keys = notice.k.filter((k): k is string => typeof k === "string");
    if (!this.handlers.has(notice.t as ChangeTopic)) return;
    this.heard += 1;
    this.apply(notice.t as ChangeTopic, keys);
  }

  private apply(topic: ChangeTopic, keys: string[]): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(keys);
      } catch (err) {
        this.warn(`change handler failed: ${errorText(err)}`);
      }
    }
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? (err.message.split("\n")[0]?.slice(0, 200) ?? "") : "unknown error";
}
