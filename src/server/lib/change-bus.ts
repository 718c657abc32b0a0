import { randomUUID } from "node:crypto";
import { errorText } from "./safe-error";

// Tells every node what data changed, so each drops its in-process caches of it
// (docs/decisions/013-leader-and-change-bus.md). Handlers run at once in the publishing
// process; with a transport (PostgreSQL LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set)
// the change also goes to every other node, which runs the same handlers when it hears it.
// A notice can be missed while a connection is re-established: each time the transport is
// connected again the resync handlers drop every cache the bus covers, and a node that could
// not send a notice asks the others to do the same once it can send again. While it cannot
// hear the others at all, nothing would tell it its caches went stale: they are dropped every
// DEAF_DROP_MS until it hears again.

/** What changed: the topic names the kind, the keys which ones (mints, ids). */
export type ChangeTopic =
  | "holders"
  | "market"
  | "trust"
  | "session"
  | "wallets"
  | "agents"
  | "tokens"
  | "rewards";
type Handler = (keys: string[]) => void;

export interface TransportEvents {
  heard(payload: string): void;
  connected(): void;
  writable(): void;
}

/** How notices travel between nodes (one file per transport: bus-postgres.ts, bus-redis.ts). */
export interface BusTransport {
  readonly kind: "postgres" | "redis";
  /** Whether notices can be sent and heard now. */
  readonly up: boolean;
  /** Whether notices from the other nodes are heard now. */
  readonly listening: boolean;
  /** Starts hearing notices; `connected` is called each time the subscription is established
   * (again), `writable` when notices can be sent again after they could not (a transport
   * sending on another connection than it listens on). Resolves after the first try; a failed
   * try is retried in the background. */
  start(events: TransportEvents): Promise<void>;
  /** Sends one notice; rejects when it was not sent. */
  send(payload: string): Promise<void>;
  stop(): Promise<void>;
}

/** NOTIFY payloads are bounded (8000 bytes): keys go out in slices well under it (on Redis
 * too, so the message format is the same on both). */
const KEYS_PER_NOTICE = 60;
/** A notice with this topic asks every other node to drop all it keeps (see `resync`). */
const RESYNC_TOPIC = "*";
/** While a node hears no notices, it serves nothing it cached longer ago than this. */
export const DEAF_DROP_MS = 1_000;

export class ChangeBus {
  private readonly handlers = new Map<ChangeTopic, Handler[]>();
  private readonly resyncs: Array<() => void> = [];
  /** This process's notices come back to it too: it knows them by this id and skips them. */
  private readonly origin = randomUUID();
  private transport: BusTransport | null = null;
  private stopped = false;
  private sending: Promise<void> = Promise.resolve();
  private deafTimer: NodeJS.Timeout | null = null;
  /** A notice could not be sent: the others are asked to resync at the next send. */
  private unsent = false;
  /** Notices heard from other nodes (health and the tests read it). */
  private heard = 0;
  /** Times every covered cache was dropped on connecting, or asked by another node (the drops
   * while no notice can be heard are not counted). */
  private resynced = 0;

  constructor(private readonly warn: (message: string) => void = () => {}) {}

  on(topic: ChangeTopic, handler: Handler): void {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
  }

  /** Drops everything a topic handler would drop, for any key: run when notices may have been
   * missed (the transport connected again, or another node could not send for a while), and
   * every DEAF_DROP_MS while none can be heard. */
  onResync(handler: () => void): void {
    this.resyncs.push(handler);
  }

  /** Applies the change here now (unless `here` is false: this process already has it), and
   * tells the other nodes. */
  publish(topic: ChangeTopic, keys: Iterable<string>, { here = true } = {}): void {
    const list = [...keys];
    if (!list.length) return;
    if (here) this.apply(topic, list);
    if (!this.transport) return;
    for (let i = 0; i < list.length; i += KEYS_PER_NOTICE)
      this.send({ o: this.origin, t: topic, k: list.slice(i, i + KEYS_PER_NOTICE) });
  }

  /** Sends and hears notices through `transport` (PostgreSQL or Redis). Resolves after its
   * first try to connect. */
  async connect(transport: BusTransport): Promise<void> {
    if (this.stopped) return;
    this.transport = transport;
    const writable = () => {
      if (this.unsent) this.send(null);
    };
    await transport.start({
      heard: (payload) => this.heardNotice(payload),
      connected: () => {
        // Whatever was said while this node was not listening is lost: drop it all.
        this.resync();
        writable();
      },
      writable,
    });
    this.deafTimer = setInterval(() => {
      if (!transport.listening) this.dropAll();
    }, DEAF_DROP_MS);
    this.deafTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.deafTimer) clearInterval(this.deafTimer);
    this.deafTimer = null;
    await this.sending;
    const transport = this.transport;
    this.transport = null;
    await transport?.stop();
  }

  health() {
    return {
      via: this.transport?.kind ?? ("process" as const),
      shared: this.transport?.up ?? false,
      listening: this.transport?.listening ?? false,
      heard: this.heard,
      resynced: this.resynced,
    };
  }

  /** Queues a notice (null: only the resync owed), one at a time and in order. */
  private send(notice: { o: string; t: string; k: string[] } | null): void {
    const transport = this.transport;
    if (!transport) return;
    this.sending = this.sending.then(async () => {
      if (!transport.up) {
        this.unsent = true;
        return;
      }
      try {
        if (this.unsent) {
          await transport.send(JSON.stringify({ o: this.origin, t: RESYNC_TOPIC, k: [] }));
          this.unsent = false;
        }
        if (notice) await transport.send(JSON.stringify(notice));
      } catch (err) {
        this.unsent = true;
        this.warn(`change notice not sent: ${errorText(err)}`);
      }
    });
  }

  private resync(): void {
    this.resynced += 1;
    this.dropAll();
  }

  private dropAll(): void {
    for (const handler of this.resyncs) {
      try {
        handler();
      } catch (err) {
        this.warn(`change resync failed: ${errorText(err)}`);
      }
    }
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
    if (notice.t === RESYNC_TOPIC) {
      this.heard += 1;
      this.resync();
      return;
    }
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
