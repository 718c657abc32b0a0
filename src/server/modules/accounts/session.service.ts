import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema/index";

const ABSOLUTE_TTL_MS = 30 * 24 * 3600_000;
const IDLE_TTL_MS = 7 * 24 * 3600_000;
const TOUCH_EVERY_MS = 3600_000;

interface Cached {
  userId: string;
  expiresAt: number;
  lastSeenAt: number;
}

const hashId = (token: string) => createHash("sha256").update(token).digest("hex");

/** Server-side sessions. The cookie holds 256 random bits; the table holds only their hash.
 * An in-process cache spares a query per request; revoke clears it at once, here and (by the
 * change bus, `forget`) on every other API node, so a cached session lives as long as the
 * session itself. Another node may have seen the session since it was cached: an idle expiry
 * is checked against the table before it revokes anything. */
export class SessionService {
  private cache = new Map<string, Cached>();
  /** Reads under way by id hash: the requests of one page arrive together. */
  private reading = new Map<string, Promise<Cached | null>>();
  /** Counts revocations begun and ended: a read that overlapped one is not cached. */
  private revocations = 0;

  constructor(
    private db: Db,
    private now: () => number = Date.now,
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
    const cached = this.cache.get(idHash);
    let entry = cached ?? (await this.readShared(idHash, now));
    if (!entry) return null;
    // Idle here may not be idle on another node (it touched the row): the table decides.
    if (cached && entry.expiresAt > now && now - entry.lastSeenAt > IDLE_TTL_MS) {
      this.cache.delete(idHash);
      entry = await this.readShared(idHash, now);
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

  /** One read per id hash at a time: the requests of one page arrive together. */
  private readShared(idHash: string, now: number): Promise<Cached | null> {
    let reading = this.reading.get(idHash);
    if (!reading) {
      reading = this.read(idHash, now);
      this.reading.set(idHash, reading);
      const done = () => this.reading.delete(idHash);
      reading.then(done, done);
    }
    return reading;
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

  /** Revocations may have been missed (the change bus reconnected): every session is read
   * again. */
  forgetAll(): void {
    this.revocations += 2;
    this.cache.clear();
    this.reading.clear();
  }
}
