import { BURN_ADDRESSES, type OwnerBalances } from "@shared/holders";
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  agentMessages,
  agents,
  balanceChanges,
  holders,
  markets,
  marketTrades,
  rewardMints,
  rewards,
  tokenPosts,
  tokens,
  transfers,
  trustSnapshots,
  users,
  wallets,
} from "../../db/schema/index";

// Analytics' reads: every figure is an aggregate made by the database over an index range of
// one mint (docs/analytics.md); no request loads a mint's change history into memory.

const num = (expr: ReturnType<typeof sql>) => sql<number>`${expr}`.mapWith(Number);
const utcDay = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** [from, to), or from `from` on when `to` is null. */
export interface Range {
  from: Date;
  to: Date | null;
}

/** `exclude`: the owners that are not holders (shared/holders.ts: the vault, burn addresses). */
const changesIn = (mint: string, range: Range, exclude: readonly string[]) => [
  eq(balanceChanges.mint, mint),
  gte(balanceChanges.blockTime, range.from),
  range.to ? lt(balanceChanges.blockTime, range.to) : undefined,
  exclude.length ? notInArray(balanceChanges.owner, [...exclude]) : undefined,
];

const heldBy = (mint: string, exclude: readonly string[]) =>
  and(
    eq(holders.mint, mint),
    gt(holders.balance, 0n),
    exclude.length ? notInArray(holders.owner, [...exclude]) : undefined,
  );

/** Counts of activity in three windows: [since7, now), [since14, since7) and [since30, now). */
export interface Windows {
  since7: Date;
  since14: Date;
  since30: Date;
}
const windowCounts = (at: unknown, w: Windows) => ({
  last7: num(sql`count(*) filter (where ${at} >= ${w.since7})`),
  prev7: num(sql`count(*) filter (where ${at} >= ${w.since14} and ${at} < ${w.since7})`),
  last30: num(sql`count(*)`),
});

export class AnalyticsRepo {
  constructor(private db: Db) {}

  /** Per UTC day in [from, to): owners whose balance went from 0 to positive, and to 0 (the
   * non-holders, `exclude`, left out). Only those rows are grouped. */
  async holderEvents(mint: string, range: Range, exclude: readonly string[]) {
    const day = utcDay(balanceChanges.blockTime);
    return this.db
      .select({
        day,
        gained: num(sql`count(*) filter (where ${balanceChanges.balanceAfter} > 0)`),
        lost: num(
          sql`count(*) filter (where ${balanceChanges.balanceAfter} = 0 and ${balanceChanges.delta} < 0)`,
        ),
      })
      .from(balanceChanges)
      .where(
        and(
          ...changesIn(mint, range, exclude),
          sql`(${balanceChanges.balanceAfter} = 0 or ${balanceChanges.balanceAfter} = ${balanceChanges.delta})`,
        ),
      )
      .groupBy(day);
  }

  /** Balances as `holderFigures` counts them (shared/holders.ts): the largest owners (enough to
   * list `limit` past the `exclude` owners), the owner count, what each excluded owner holds,
   * and the mint's supply as indexed (every balance summed: what the token program's supply is). */
  async ownerBalances(mint: string, limit: number, exclude: readonly string[]): Promise<OwnerBalances> {
    const positive = and(eq(holders.mint, mint), gt(holders.balance, 0n));
    const [totals, largest, known] = await Promise.all([
      this.db
        .select({
          owners: num(sql`count(*)`),
          total: sql<string>`coalesce(sum(${holders.balance}), 0)::text`,
        })
        .from(holders)
        .where(positive),
      this.db
        .select({ owner: holders.owner, balance: holders.balance })
        .from(holders)
        .where(positive)
        .orderBy(desc(holders.balance), sql`${holders.owner} collate "C"`)
        .limit(limit + exclude.length),
      exclude.length
        ? this.db
            .select({ owner: holders.owner, balance: holders.balance })
            .from(holders)
            .where(and(positive, inArray(holders.owner, [...exclude])))
        : [],
    ]);
    return {
      largest,
      owners: totals[0]?.owners ?? 0,
      known: new Map(known.map((k) => [k.owner, k.balance])),
      mintSupply: BigInt(totals[0]?.total ?? "0"),
    };
  }

  /** Holders now (the non-holders, `exclude`, left out), those holding without a break since
   * `since30`, and the histogram of their shares of `supply` (base units). */
  async holderFacts(mint: string, since30: Date, exclude: readonly string[], supply: bigint) {
    const wallet = heldBy(mint, exclude);
    // The supply as a constant: the shares below compare against a number, not a subquery.
    const share = (times: number) => sql`${holders.balance} * ${times} < ${supply.toString()}::numeric`;
    const [row] = await this.db
      .select({
        holders: num(sql`count(*)`),
        heldSince30: num(sql`count(*) filter (where ${holders.firstHeldAt} <= ${since30})`),
        under1bp: num(sql`count(*) filter (where ${share(10_000)})`),
        under10bp: num(sql`count(*) filter (where ${share(1_000)})`),
        under100bp: num(sql`count(*) filter (where ${share(100)})`),
        under1000bp: num(sql`count(*) filter (where ${share(10)})`),
      })
      .from(holders)
      .where(wallet);
    return row as NonNullable<typeof row>;
  }

  /** The largest holders, longest held first among equals, with their username where known. */
  async topMembers(mint: string, limit: number, exclude: readonly string[]) {
    return this.db
      .select({
        owner: holders.owner,
        balance: holders.balance,
        firstHeldAt: holders.firstHeldAt,
        username: users.username,
        userId: wallets.userId,
      })
      .from(holders)
      .leftJoin(wallets, eq(wallets.publicKey, holders.owner))
      .leftJoin(users, eq(users.id, wallets.userId))
      .where(heldBy(mint, exclude))
      .orderBy(desc(holders.balance), asc(holders.firstHeldAt), asc(holders.owner))
      .limit(limit);
  }

  /** Each owner whose balance moved in [from, to), with whether it moved on or after `recent`
   * and whether it moved in [earlier, recent) (the non-holders left out). */
  async activeOwners(mint: string, range: Range, exclude: readonly string[], recent: Date, earlier: Date) {
    const at = balanceChanges.blockTime;
    return this.db
      .select({
        owner: balanceChanges.owner,
        recent: sql<boolean>`max(${at}) >= ${recent}`,
        before: sql<boolean>`bool_or(${at} >= ${earlier} and ${at} < ${recent})`,
      })
      .from(balanceChanges)
      .where(and(...changesIn(mint, range, exclude)))
      .groupBy(balanceChanges.owner);
  }

  /** Fans' messages to the token's agents. */
  async agentChats(mint: string, w: Windows) {
    const [row] = await this.db
      .select(windowCounts(agentMessages.createdAt, w))
      .from(agentMessages)
      .innerJoin(agents, eq(agents.id, agentMessages.agentId))
      .where(
        and(
          eq(agents.mintAddress, mint),
          eq(agentMessages.isUser, true),
          gte(agentMessages.createdAt, w.since30),
        ),
      );
    return row ?? { last7: 0, prev7: 0, last30: 0 };
  }

  /** Transfers sent through the platform and confirmed (none sent from `notFrom`). */
  async transfers(mint: string, w: Windows, notFrom?: string) {
    const [row] = await this.db
      .select(windowCounts(transfers.createdAt, w))
      .from(transfers)
      .where(
        and(
          eq(transfers.mintAddress, mint),
          eq(transfers.status, "confirmed"),
          gte(transfers.createdAt, w.since30),
          notFrom === undefined ? undefined : ne(transfers.fromWallet, notFrom),
        ),
      );
    return row ?? { last7: 0, prev7: 0, last30: 0 };
  }

  /** Confirmed trades (none by the wallet `notBy`). */
  async trades(mint: string, w: Windows, notBy?: string) {
    const [row] = await this.db
      .select(windowCounts(marketTrades.confirmedAt, w))
      .from(marketTrades)
      .where(
        and(
          eq(marketTrades.mint, mint),
          eq(marketTrades.status, "confirmed"),
          gte(marketTrades.confirmedAt, w.since30),
          notBy === undefined ? undefined : ne(marketTrades.trader, notBy),
        ),
      );
    return row ?? { last7: 0, prev7: 0, last30: 0 };
  }

  /** Reward NFTs of the token's rewards whose mint confirmed. */
  async rewardsClaimed(mint: string, w: Windows) {
    const [row] = await this.db
      .select(windowCounts(rewardMints.confirmedAt, w))
      .from(rewardMints)
      .innerJoin(rewards, eq(rewards.id, rewardMints.rewardId))
      .where(
        and(
          eq(rewards.tokenMint, mint),
          eq(rewardMints.status, "confirmed"),
          gte(rewardMints.confirmedAt, w.since30),
        ),
      );
    return row ?? { last7: 0, prev7: 0, last30: 0 };
  }

  /** Confirmed trades per UTC day in [from, to): count, SOL into or out of the curve, and the
   * reserves after the day's last trade (its closing price). */
  async marketDays(mint: string, range: Range) {
    const day = utcDay(marketTrades.confirmedAt);
    const last = (column: unknown) =>
      sql<string>`((array_agg(${column} order by ${marketTrades.confirmedAt} desc, ${marketTrades.id} desc))[1])::text`;
    return this.db
      .select({
        day,
        trades: num(sql`count(*)`),
        volume: sql<string>`sum(${marketTrades.curveSol})::text`,
        virtualSolAfter: last(marketTrades.virtualSolAfter),
        virtualTokenAfter: last(marketTrades.virtualTokenAfter),
      })
      .from(marketTrades)
      .where(
        and(
          eq(marketTrades.mint, mint),
          eq(marketTrades.status, "confirmed"),
          gte(marketTrades.confirmedAt, range.from),
          range.to ? lt(marketTrades.confirmedAt, range.to) : undefined,
        ),
      )
      .groupBy(day);
  }

  /** SOL traded since `since` (the last 24 hours' volume). */
  async volumeSince(mint: string, since: Date): Promise<bigint> {
    const [row] = await this.db
      .select({ sum: sql<string>`coalesce(sum(${marketTrades.curveSol}), 0)::text` })
      .from(marketTrades)
      .where(
        and(
          eq(marketTrades.mint, mint),
          eq(marketTrades.status, "confirmed"),
          gte(marketTrades.confirmedAt, since),
        ),
      );
    return BigInt(row?.sum ?? "0");
  }

  async market(mint: string) {
    const [row] = await this.db
      .select({
        status: markets.status,
        vault: markets.vault,
        virtualSol: markets.virtualSol,
        virtualToken: markets.virtualToken,
        realSol: markets.realSol,
        realToken: markets.realToken,
        initialRealToken: markets.initialRealToken,
      })
      .from(markets)
      .where(eq(markets.mint, mint));
    return row ?? null;
  }

  async trustSeries(mint: string, sinceDay: string) {
    return this.db
      .select({ day: trustSnapshots.day, score: trustSnapshots.score })
      .from(trustSnapshots)
      .where(and(eq(trustSnapshots.mint, mint), gte(trustSnapshots.day, sinceDay)))
      .orderBy(asc(trustSnapshots.day));
  }

  /** The creator's account age and launched tokens, and how their holders fared: each token's
   * holders now (beyond the creator's wallet; the vault and burn addresses are no holders),
   * and every wallet that ever held one against those holding now. */
  async creatorHistory(userId: string) {
    const [user] = await this.db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId));
    const launched = await this.db
      .select({ mint: tokens.mintAddress, creatorWallet: tokens.creatorWallet, createdAt: tokens.createdAt })
      .from(tokens)
      .where(and(eq(tokens.userId, userId), eq(tokens.status, "active")));
    const mints = launched.map((t) => t.mint);
    const perMint = mints.length
      ? await this.db
          .select({
            mint: holders.mint,
            ever: num(sql`count(*)`),
            now: num(sql`count(*) filter (where ${holders.balance} > 0)`),
          })
          .from(holders)
          .innerJoin(tokens, eq(tokens.mintAddress, holders.mint))
          .leftJoin(markets, eq(markets.mint, holders.mint))
          .where(
            and(
              inArray(holders.mint, mints),
              ne(holders.owner, tokens.creatorWallet),
              or(isNull(markets.vault), ne(holders.owner, markets.vault)),
              notInArray(holders.owner, [...BURN_ADDRESSES]),
            ),
          )
          .groupBy(holders.mint)
      : [];
    return { userCreatedAt: user?.createdAt ?? null, launched, perMint };
  }

  /** Inserts the post, or answers the one already stored under its id (a repeated request). */
  async insertPostOnce(values: typeof tokenPosts.$inferInsert) {
    const [row] = await this.db.insert(tokenPosts).values(values).onConflictDoNothing().returning();
    if (row) return row;
    const [stored] = await this.db.select().from(tokenPosts).where(eq(tokenPosts.id, values.id));
    return stored as typeof tokenPosts.$inferSelect;
  }

  async posts(mint: string, limit: number) {
    return this.db
      .select({
        id: tokenPosts.id,
        body: tokenPosts.body,
        createdAt: tokenPosts.createdAt,
        author: users.username,
      })
      .from(tokenPosts)
      .leftJoin(users, eq(users.id, tokenPosts.userId))
      .where(eq(tokenPosts.tokenMint, mint))
      .orderBy(desc(tokenPosts.createdAt), desc(tokenPosts.id))
      .limit(limit);
  }

  /** Whether any of the user's wallets holds the mint now. */
  async holdsMint(userId: string, mint: string): Promise<boolean> {
    const [row] = await this.db
      .select({ owner: holders.owner })
      .from(holders)
      .innerJoin(wallets, eq(wallets.publicKey, holders.owner))
      .where(and(eq(wallets.userId, userId), eq(holders.mint, mint), gt(holders.balance, 0n)))
      .limit(1);
    return Boolean(row);
  }
}
