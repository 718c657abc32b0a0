import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema/index";

const ABSOLUTE_TTL_MS = 30 * 24 * 3600_000;
const IDLE_TTL_MS = 7 * 24 * 3600_000;
const TOUCH_EVERY_MS = 3600_000;
/** How long a resolved session is trusted without reading the table again, when other
 * processes may revoke sessions in the same database (PostgreSQL). */
export const SHARED_CACHE_TTL_MS = 10_000;

interface Cached {
  userId: string;
  expiresAt: number;
  lastSeenAt: number;
  cachedAt: number;
}

const hashId = (token: string) => createHash("sha256").update(token).digest("hex");

/** Server-side sessions. The cookie holds 256 random bits; the table holds only their hash.
 * An in-process cache spares a query per request; revoke clears it at once. Where this
 * process is the only writer of the table (PGlite), a cached session lives as long as the
 * session itself; otherwise it is read again after `cacheMs`. */
export class SessionService {
  private cache = new Map<string, Cached>();
  /** Reads under way by id hash: the requests of one page arrive together. */
  private reading = new Map<string, Promise<Cached | null>>();
  /** Counts revocations begun and ended: a read that overlapped one is not cached. */
  private revocations = 0;

  constructor(
    private db: Db,
    private now: () => number = Date.now,
    private cacheMs: number = SHARED_CACHE_TTL_MS,
  ) {}

  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString("base64url");
    const now = this.now();
    const expiresAt = new Date(now + ABSOLUTE_TTL_MS);
    await this.db.insert(sessions).values({
      idHash: hashId(token),
      userId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt,
    });
    return { token, expiresAt };
  }

  async resolve(token: string): Promise<string | null> {
    const idHash = hashId(token);
    const now = this.now();
    let entry: Cached | null | undefined = this.cache.get(idHash);
    if (!entry || now - entry.cachedAt > this.cacheMs) {
      let reading = this.reading.get(idHash);
      if (!reading) {
        reading = this.read(idHash, now);
        this.reading.set(idHash, reading);
        const done = () => this.reading.delete(idHash);
        reading.then(done, done);
      }
      entry = await reading;
      if (!entry) return null;
    }
    if (entry.expiresAt <= now || now - entry.lastSeenAt > IDLE_TTL_MS) {
      await this.revoke(token);
      return null;
    }
    if (now - entry.lastSeenAt > TOUCH_EVERY_MS) {
      entry.lastSeenAt = now;
      await this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.idHash, idHash));
    }
    return entry.userId;
  }

  private async read(idHash: string, now: number): Promise<Cached | null> {
    const revocationsBefore = this.revocations;
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date(now))))
      .limit(1);
    if (!row) {
      this.cache.delete(idHash);
      return null;
    }
    const entry = {
      userId: row.userId,
      expiresAt: row.expiresAt.getTime(),
      lastSeenAt: row.lastSeenAt.getTime(),
      cachedAt: now,
    };
    // A revocation during the read may have come after it: what was read is not kept.
    if (this.revocations !== revocationsBefore) return entry;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(idHash, entry);
    return entry;
  }

  async revoke(token: string): Promise<void> {
    const idHash = hashId(token);
    this.revocations += 1;
    this.cache.delete(idHash);
    this.reading.delete(idHash);
    try {
      await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
    } finally {
      this.revocations += 1;
    }
    this.onRevoked?.(idHash);
  }

  /** Told of each revocation (by id hash): other nodes forget the session too. */
  onRevoked: ((idHash: string) => void) | null = null;

  /** Another node revoked this session: a cached copy must not outlive it. */
  forget(idHash: string): void {
    this.revocations += 2;
    this.cache.delete(idHash);
    this.reading.delete(idHash);
  }
}
