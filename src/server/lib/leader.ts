import type pg from "pg";
import { errorText } from "./safe-error";

// Which node runs the background work (indexer ingestion, reward minting, start-up
// reconciliation): the one holding a PostgreSQL session-level advisory lock on a connection
// of its own (docs/decisions/013-leader-and-change-bus.md). The lock vanishes with that
// connection, so when the leader's process dies another node's next try takes it. PGlite is
// this process's alone: always leader.

/** The advisory lock's name, hashed to PostgreSQL's 64-bit lock id (as the curve locks are). */
const LEADER_LOCK_KEY = "launchpad:leader";

interface Options {
  /** A new unconnected session (PostgreSQL), or null: always leader. */
  newSession: (() => pg.Client) | null;
  /** How often a follower tries the lock, and the leader checks its connection. */
  retryMs?: number;
  warn: (message: string) => void;
}

export class Leadership {
  private leader = false;
  private session: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly gained: Array<() => Promise<void> | void> = [];
  private readonly lost: Array<() => Promise<void> | void> = [];
  /** How many times this process became leader (health shows it). */
  private terms = 0;

  constructor(private readonly options: Options) {}

  get isLeader(): boolean {
    return this.leader;
  }

  health() {
    return { leader: this.leader, terms: this.terms };
  }

  /** Called (in order) each time this node becomes leader. */
  onGained(listener: () => Promise<void> | void): void {
    this.gained.push(listener);
  }

  /** Called when this node stops being leader (its lock connection broke). */
  onLost(listener: () => Promise<void> | void): void {
    this.lost.push(listener);
  }

  /** Takes leadership (PGlite) or tries once and keeps trying every retryMs (PostgreSQL).
   * Resolves after the first try, once the gained listeners of a win have run. */
  async start(): Promise<void> {
    if (!this.options.newSession) return this.become();
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.options.retryMs ?? 2_000);
    this.timer.unref();
  }

  /** Stops trying; a leader's connection closes, which releases the lock. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const session = this.session;
    this.session = null;
    this.leader = false;
    await session?.end().catch(() => {});
  }

  private ticking = false;

  private async tick(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    try {
      if (this.leader) await this.checkHeld();
      else await this.tryTake();
    } finally {
      this.ticking = false;
    }
  }

  private async tryTake(): Promise<void> {
    try {
      if (!this.session) this.session = await this.connect();
      const result = await this.session.query<{ taken: boolean }>(
        "select pg_try_advisory_lock(hashtextextended($1, 0)) as taken",
        [LEADER_LOCK_KEY],
      );
      if (result.rows[0]?.taken && !this.stopped) await this.become();
    } catch (err) {
      this.options.warn(`leader election: ${errorText(err)}`);
      await this.dropSession();
    }
  }

  /** The lock lives as long as the session: a broken session is a lost lock. */
  private async checkHeld(): Promise<void> {
    try {
      await this.session?.query("select 1");
    } catch (err) {
      this.options.warn(`leader lock connection lost: ${errorText(err)}`);
      await this.lose();
    }
  }

  private async connect(): Promise<pg.Client> {
    const session = (this.options.newSession as () => pg.Client)();
    // An error outside a query (the server went away) must not crash the process: the next
    // tick notices the dead session.
    session.on("error", (err) => {
      this.options.warn(`leader session: ${errorText(err)}`);
      if (this.leader) void this.lose();
    });
    await session.connect();
    return session;
  }

  private async dropSession(): Promise<void> {
    const session = this.session;
    this.session = null;
    await session?.end().catch(() => {});
  }

  private async become(): Promise<void> {
    this.leader = true;
    this.terms += 1;
    // A failing listener (a reconcile the ledger refused) is reported, and the lock kept:
    // the work it started still runs, and releasing would hand it to a node just as stuck.
    for (const listener of this.gained)
      await Promise.resolve()
        .then(listener)
        .catch((err: unknown) => this.options.warn(`leader start-up task failed: ${errorText(err)}`));
  }

  private async lose(): Promise<void> {
    if (!this.leader) return;
    this.leader = false;
    await this.dropSession();
    for (const listener of this.lost) await listener();
  }
}
