import type { SiteInfo, SiteLinks } from "@shared/schemas/site";
import { count, countDistinct, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tokens } from "../../db/schema/index";

const STATS_TTL_MS = 5_000;

/** What the public pages need from the server: configured links and live counts. The
 * counts are cached for a few seconds because the landing page asks on every visit. Not
 * dropped by the change bus: a count at most STATS_TTL_MS old is the design on one node as on
 * several (an aggregate, not a copy of anyone's row). */
export class SiteService {
  private cached: { at: number; stats: SiteInfo["stats"] } | null = null;
  private inflight: Promise<SiteInfo["stats"]> | null = null;

  constructor(private readonly deps: { db: Db; links: SiteLinks; now?: () => number }) {}

  async info(): Promise<SiteInfo> {
    return { links: this.links(), stats: await this.stats() };
  }

  /** Only links that are set, so the client hides the rest. */
  links(): SiteLinks {
    return Object.fromEntries(Object.entries(this.deps.links).filter(([, v]) => Boolean(v))) as SiteLinks;
  }

  async stats(): Promise<SiteInfo["stats"]> {
    const now = (this.deps.now ?? Date.now)();
    if (this.cached && now - this.cached.at < STATS_TTL_MS) return this.cached.stats;
    // Concurrent misses share one query.
    this.inflight ??= this.countLive().finally(() => {
      this.inflight = null;
    });
    const stats = await this.inflight;
    this.cached = { at: now, stats };
    return stats;
  }

  private async countLive(): Promise<SiteInfo["stats"]> {
    const [row] = await this.deps.db
      .select({ tokensLaunched: count(), creators: countDistinct(tokens.userId) })
      .from(tokens)
      .where(eq(tokens.status, "active"));
    return { tokensLaunched: Number(row?.tokensLaunched ?? 0), creators: Number(row?.creators ?? 0) };
  }
}
