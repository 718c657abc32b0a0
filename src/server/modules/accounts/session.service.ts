import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema/index";

const ABSOLUTE_TTL_MS = 30 * 24 * 3600_000;
const IDLE_TTL_MS = 7 * 24 * 3600_000;
const TOUCH_EVERY_MS = 3600_000;
const CACHE_TTL_MS = 10_000;

interface Cached {
  userId: string;
  expiresAt: number;
  lastSeenAt: number;
  cachedAt: number;
}

const hashId = (token: string) => createHash("sha256").update(token).digest("hex");

/** Server-side sessions. The cookie holds 256 random bits; the table holds only their hash.
 * A short in-process cache spares a query per request; revoke clears it at once. */
export class SessionService {
  private cache = new Map<string, Cached>();

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
    let entry = this.cache.get(idHash);
    if (!entry || now - entry.cachedAt > CACHE_TTL_MS) {
      const [row] = await this.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date(now))))
        .limit(1);
      if (!row) {
        this.cache.delete(idHash);
        return null;
      }
      entry = {
        userId: row.userId,
        expiresAt: row.expiresAt.getTime(),
        lastSeenAt: row.lastSeenAt.getTime(),
        cachedAt: now,
      };
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(idHash, entry);
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

  async revoke(token: string): Promise<void> {
    const idHash = hashId(token);
    this.cache.delete(idHash);
    await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
  }
}
