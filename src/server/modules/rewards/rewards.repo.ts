import { BURN_ADDRESSES } from "@shared/holders";
import { and, asc, desc, eq, gte, inArray, isNotNull, ne, notInArray, or, sql } from "drizzle-orm";
import { bulkInsert } from "../../db/bulk-insert";
import type { Database, Db } from "../../db/client";
import { users, wallets } from "../../db/schema/accounts";
import { agentMessages, agents } from "../../db/schema/agents";
import { balanceChanges, holders } from "../../db/schema/indexer";
import { markets, marketTrades } from "../../db/schema/market";
import { rewardMints, rewards } from "../../db/schema/rewards";

/** `holders.mint` and `holders.owner` spelled with their table, for subqueries: in the select
 * list of a one-table query Drizzle prints a column bare ("owner"), and inside a subquery a bare
 * name is the subquery's own column (`c.owner = "owner"` is always true). */
const holderMint = sql`${holders}.${sql.identifier(holders.mint.name)}`;
const holderOwner = sql`${holders}.${sql.identifier(holders.owner.name)}`;
/** The holder is not its mint's market vault (the vault holds the curve's tokens: no holder). */
const notTheVault = sql`${holderOwner} is distinct from (select ${markets.vault} from ${markets} where ${markets.mint} = ${holderMint})`;

const iso = (d: Date) => d.toISOString();

export type RewardRow = typeof rewards.$inferSelect;
export type RewardMintRow = typeof rewardMints.$inferSelect;

/** Rewards and their NFTs, and the indexer figures eligibility is computed from. */
export class RewardsRepo {
  private db: Db;
  private insertMintRows: (rows: RewardMintRow[]) => Promise<void>;

  /** The automatic minter's rewards, asked for after every holder write: kept until a reward
   * is written, here or (by the change bus, `forgetRewards`) on another node. */
  private autoMint: RewardRow[] | null = null;
  /** Reward writes so far: a read that overlapped one is not kept. */
  private rewardWrites = 0;
  /** Told of each reward written (the change bus tells the other nodes). */
  onRewardWritten: (() => void) | null = null;

  constructor(database: Pick<Database, "db" | "execute">) {
    this.db = database.db;
    this.insertMintRows = bulkInsert(database, rewardMints);
  }

  // ---- rewards --------------------------------------------------------------------------

  async insertReward(values: typeof rewards.$inferInsert): Promise<RewardRow> {
    const [row] = await this.writingReward(() => this.db.insert(rewards).values(values).returning());
    if (!row) throw new Error("reward insert returned nothing");
    return row;
  }

  async updateReward(id: string, values: Partial<typeof rewards.$inferInsert>): Promise<RewardRow | null> {
    const [row] = await this.writingReward(() =>
      this.db.update(rewards).set(values).where(eq(rewards.id, id)).returning(),
    );
    return row ?? null;
  }

  private async writingReward<T>(write: () => Promise<T>): Promise<T> {
    this.forgetRewards();
    try {
      return await write();
    } finally {
      this.forgetRewards();
      this.onRewardWritten?.();
    }
  }

  /** A reward was written elsewhere (or notices were missed): read them again. */
  forgetRewards(): void {
    this.rewardWrites += 1;
    this.autoMint = null;
  }

  async reward(id: string): Promise<RewardRow | null> {
    const [row] = await this.db.select().from(rewards).where(eq(rewards.id, id));
    return row ?? null;
  }

  /** Whether the creator has the reward switched on now (false when it is paused or gone). */
  async isSwitchedOn(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ isActive: rewards.isActive })
      .from(rewards)
      .where(eq(rewards.id, id));
    return row?.isActive === true;
  }

  async rewardByKey(creatorUserId: string, key: string): Promise<RewardRow | null> {
    const [row] = await this.db
      .select()
      .from(rewards)
      .where(and(eq(rewards.creatorUserId, creatorUserId), eq(rewards.idempotencyKey, key)));
    return row ?? null;
  }

  /** Rewards that did not fail, newest first; of one token, or all. */
  async rewardsOf(tokenMint?: string): Promise<RewardRow[]> {
    return this.db
      .select()
      .from(rewards)
      .where(and(ne(rewards.status, "failed"), tokenMint ? eq(rewards.tokenMint, tokenMint) : undefined))
      .orderBy(desc(rewards.createdAt));
  }

  /** Rewards a user created that did not fail, newest first. */
  async rewardsByCreator(userId: string): Promise<RewardRow[]> {
    return this.db
      .select()
      .from(rewards)
      .where(and(ne(rewards.status, "failed"), eq(rewards.creatorUserId, userId)))
      .orderBy(desc(rewards.createdAt));
  }

  async autoMintRewards(): Promise<RewardRow[]> {
    if (this.autoMint) return this.autoMint;
    const writes = this.rewardWrites;
    const rows = await this.db
      .select()
      .from(rewards)
      .where(and(eq(rewards.status, "active"), eq(rewards.isActive, true), eq(rewards.autoMint, true)))
      .orderBy(asc(rewards.createdAt));
    if (writes === this.rewardWrites) this.autoMint = rows;
    return rows;
  }

  async pendingRewards(): Promise<RewardRow[]> {
    return this.db.select().from(rewards).where(eq(rewards.status, "pending"));
  }

  async rewardsByCollections(collections: string[]): Promise<RewardRow[]> {
    if (!collections.length) return [];
    return this.db.select().from(rewards).where(inArray(rewards.collectionMint, collections));
  }

  // ---- NFTs -------------------------------------------------------------------------------

  /** One row; throws a unique violation when the wallet already has a live one. */
  async insertMint(row: RewardMintRow): Promise<void> {
    await this.insertMintRows([row]);
  }

  /** A wave's rows in one statement (the caller has left out owners that have one). */
  async insertMints(rows: RewardMintRow[]): Promise<void> {
    if (rows.length) await this.insertMintRows(rows);
  }

  async updateMint(id: string, values: Partial<typeof rewardMints.$inferInsert>): Promise<void> {
    await this.db.update(rewardMints).set(values).where(eq(rewardMints.id, id));
  }

  async confirmMints(updates: Array<{ id: string; memberNumber: number | null }>, at: Date): Promise<void> {
    if (!updates.length) return;
    const numbers = sql.join(
      updates.map((u) => sql`when ${u.id} then ${u.memberNumber}::integer`),
      sql` `,
    );
    await this.db
      .update(rewardMints)
      .set({
        status: "confirmed",
        confirmedAt: at,
        signedTransaction: null,
        memberNumber: sql`case ${rewardMints.id} ${numbers} end`,
      })
      .where(
        inArray(
          rewardMints.id,
          updates.map((u) => u.id),
        ),
      );
  }

  async mintById(id: string): Promise<RewardMintRow | null> {
    const [row] = await this.db.select().from(rewardMints).where(eq(rewardMints.id, id));
    return row ?? null;
  }

  /** The wallet's live (pending or confirmed) NFT of a reward. */
  async liveMint(rewardId: string, owner: string): Promise<RewardMintRow | null> {
    return (await this.liveMintsOfReward(rewardId, [owner]))[0] ?? null;
  }

  /** These wallets' live (pending or confirmed) NFTs of a reward: at most one each. */
  async liveMintsOfReward(rewardId: string, owners: string[]): Promise<RewardMintRow[]> {
    if (!owners.length) return [];
    return this.db
      .select()
      .from(rewardMints)
      .where(
        and(
          eq(rewardMints.rewardId, rewardId),
          inArray(rewardMints.owner, owners),
          ne(rewardMints.status, "failed"),
        ),
      );
  }

  async liveMintsOfOwners(owners: string[]): Promise<RewardMintRow[]> {
    if (!owners.length) return [];
    return this.db
      .select()
      .from(rewardMints)
      .where(and(inArray(rewardMints.owner, owners), ne(rewardMints.status, "failed")));
  }

  /** Owners who already have (or are being sent) an NFT of the reward. */
  async servedOwners(rewardId: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ owner: rewardMints.owner })
      .from(rewardMints)
      .where(and(eq(rewardMints.rewardId, rewardId), ne(rewardMints.status, "failed")));
    return new Set(rows.map((r) => r.owner));
  }

  async pendingMints(): Promise<RewardMintRow[]> {
    return this.db
      .select()
      .from(rewardMints)
      .where(eq(rewardMints.status, "pending"))
      .orderBy(asc(rewardMints.createdAt));
  }

  // ---- eligibility (indexer tables) -------------------------------------------------------

  async balance(mint: string, owner: string): Promise<bigint> {
    const [row] = await this.db
      .select({ balance: holders.balance })
      .from(holders)
      .where(and(eq(holders.mint, mint), eq(holders.owner, owner)));
    return row?.balance ?? 0n;
  }

  /** Holders with at least `amount` now (holding_amount), largest first. */
  async holdersWithAtLeast(mint: string, amount: bigint): Promise<string[]> {
    const rows = await this.db
      .select({ owner: holders.owner })
      .from(holders)
      .where(and(eq(holders.mint, mint), gte(holders.balance, amount)))
      .orderBy(desc(holders.balance), asc(holders.owner));
    return rows.map((r) => r.owner);
  }

  /** Holders whose balance was >= amount at every moment of [since, now] (holding_duration):
   * >= amount now, at the window's start (their last change at or before it), and after every
   * change inside it. */
  async holdersThroughout(mint: string, amount: bigint, since: Date, owner?: string): Promise<string[]> {
    const rows = await this.db
      .select({ owner: holders.owner })
      .from(holders)
      .where(
        and(
          eq(holders.mint, mint),
          gte(holders.balance, amount),
          owner ? eq(holders.owner, owner) : undefined,
          sql`not exists (select 1 from ${balanceChanges} c where c.mint = ${holderMint} and c.owner = ${holderOwner} and c.block_time > ${iso(since)}::timestamptz and c.balance_after < ${amount.toString()}::numeric)`,
          sql`coalesce((select c.balance_after from ${balanceChanges} c where c.mint = ${holderMint} and c.owner = ${holderOwner} and c.block_time <= ${iso(since)}::timestamptz order by c.seq desc limit 1), 0) >= ${amount.toString()}::numeric`,
        ),
      )
      .orderBy(desc(holders.balance), asc(holders.owner));
    return rows.map((r) => r.owner);
  }

  /** The wallet's balance history inside [since, now]: the balance at its start and each
   * change after, oldest first (for "N more days"). */
  async window(
    mint: string,
    owner: string,
    since: Date,
  ): Promise<{ start: bigint; changes: Array<{ balanceAfter: bigint; blockTime: Date }> }> {
    const [before] = await this.db
      .select({ balanceAfter: balanceChanges.balanceAfter })
      .from(balanceChanges)
      .where(
        and(
          eq(balanceChanges.mint, mint),
          eq(balanceChanges.owner, owner),
          sql`${balanceChanges.blockTime} <= ${iso(since)}::timestamptz`,
        ),
      )
      .orderBy(desc(balanceChanges.seq))
      .limit(1);
    const changes = await this.db
      .select({ balanceAfter: balanceChanges.balanceAfter, blockTime: balanceChanges.blockTime })
      .from(balanceChanges)
      .where(
        and(
          eq(balanceChanges.mint, mint),
          eq(balanceChanges.owner, owner),
          sql`${balanceChanges.blockTime} > ${iso(since)}::timestamptz`,
        ),
      )
      .orderBy(asc(balanceChanges.seq));
    return { start: before?.balanceAfter ?? 0n, changes };
  }

  /** Every current holder's engagement inputs (docs/rewards.md): agent chat messages by the
   * users who own the wallet to the token's agents, confirmed trades on its curve, on-chain
   * balance changes, and since when it has held. */
  async engagementInputs(
    mint: string,
  ): Promise<
    Array<{ owner: string; chats: number; trades: number; changes: number; heldSince: Date | null }>
  > {
    const rows = await this.db
      .select({
        owner: holders.owner,
        heldSince: holders.firstHeldAt,
        chats: sql<number>`(select count(*) from ${agentMessages} m join ${agents} a on a.id = m.agent_id join ${wallets} w on w.user_id = m.user_id where a.mint_address = ${holderMint} and w.public_key = ${holderOwner} and m.is_user)::integer`,
        trades: sql<number>`(select count(*) from ${marketTrades} t where t.mint = ${holderMint} and t.trader = ${holderOwner} and t.status = 'confirmed')::integer`,
        changes: sql<number>`(select count(*) from ${balanceChanges} c where c.mint = ${holderMint} and c.owner = ${holderOwner})::integer`,
      })
      .from(holders)
      .where(
        and(
          eq(holders.mint, mint),
          sql`${holders.balance} > 0`,
          // Not holders (docs/trust.md): burn addresses and the market's vault.
          notInArray(holders.owner, [...BURN_ADDRESSES]),
          notTheVault,
        ),
      );
    return rows.map((r) => ({
      ...r,
      chats: Number(r.chats),
      trades: Number(r.trades),
      changes: Number(r.changes),
    }));
  }

  /** Wallets rewards never go to automatically: the token's curve vault. */
  async marketVault(mint: string): Promise<string | null> {
    const [row] = await this.db.select({ vault: markets.vault }).from(markets).where(eq(markets.mint, mint));
    return row?.vault ?? null;
  }

  // ---- overview -----------------------------------------------------------------------------

  /** Signatures of reward NFTs sent but not yet confirmed here (the chain may have them). */
  async sentUnconfirmed(tokenMint?: string): Promise<string[]> {
    const rows = await this.db
      .select({ signature: rewardMints.signature })
      .from(rewardMints)
      .innerJoin(rewards, eq(rewards.id, rewardMints.rewardId))
      .where(
        and(
          eq(rewardMints.status, "pending"),
          isNotNull(rewardMints.signature),
          tokenMint ? eq(rewards.tokenMint, tokenMint) : undefined,
        ),
      );
    return rows.flatMap((r) => (r.signature ? [r.signature] : []));
  }

  /** NFTs minted and their distinct owners: the confirmed rows and the pending ones among
   * `executed` (signatures the chain has, whose confirmation is still to be written). */
  async mintedCounts(
    tokenMint: string | undefined,
    executed: string[],
  ): Promise<{ minted: number; holders: number }> {
    const [row] = await this.db
      .select({
        minted: sql<number>`count(*)::integer`,
        holders: sql<number>`count(distinct ${rewardMints.owner})::integer`,
      })
      .from(rewardMints)
      .innerJoin(rewards, eq(rewards.id, rewardMints.rewardId))
      .where(and(minted(executed), tokenMint ? eq(rewards.tokenMint, tokenMint) : undefined));
    return { minted: Number(row?.minted ?? 0), holders: Number(row?.holders ?? 0) };
  }

  async topCollectors(
    tokenMint: string | undefined,
    limit: number,
    /** As in `mintedCounts`. */
    executed: string[] = [],
  ): Promise<Array<{ owner: string; nftCount: number; username: string | null; tokenMints: string[] }>> {
    const rows = await this.db
      .select({
        owner: rewardMints.owner,
        nftCount: sql<number>`count(*)::integer`,
        /** The creator tokens whose rewards it collected (their market prices its value). */
        tokenMints: sql<string[]>`array_agg(distinct ${rewards.tokenMint})`,
        username: sql<
          string | null
        >`(select u.username from ${wallets} w join ${users} u on u.id = w.user_id where w.public_key = ${rewardMints.owner} limit 1)`,
      })
      .from(rewardMints)
      .innerJoin(rewards, eq(rewards.id, rewardMints.rewardId))
      .where(and(minted(executed), tokenMint ? eq(rewards.tokenMint, tokenMint) : undefined))
      .groupBy(rewardMints.owner)
      // Ties go to whoever reached the count first (the earlier latest NFT), then by address.
      .orderBy(
        sql`count(*) desc`,
        sql`max(coalesce(${rewardMints.confirmedAt}, ${rewardMints.createdAt})) asc`,
        asc(rewardMints.owner),
      )
      .limit(limit);
    return rows.map((r) => ({ ...r, nftCount: Number(r.nftCount) }));
  }

  /** For the Engagement Boost: each current holder of a token that has rewards, whether it
   * holds one of that token's reward NFTs, and its activity since `since` (balance changes
   * plus agent chat messages). */
  async activityByHolder(
    tokenMint: string | undefined,
    since: Date,
  ): Promise<Array<{ collector: boolean; activity: number }>> {
    const rows = await this.db
      .select({
        collector: sql<boolean>`exists (select 1 from ${rewardMints} rm join ${rewards} r on r.id = rm.reward_id where r.token_mint = ${holderMint} and rm.owner = ${holderOwner} and rm.status = 'confirmed')`,
        activity: sql<number>`((select count(*) from ${balanceChanges} c where c.mint = ${holderMint} and c.owner = ${holderOwner} and c.block_time > ${iso(since)}::timestamptz) + (select count(*) from ${agentMessages} m join ${agents} a on a.id = m.agent_id join ${wallets} w on w.user_id = m.user_id where a.mint_address = ${holderMint} and w.public_key = ${holderOwner} and m.is_user and m.created_at > ${iso(since)}::timestamptz))::integer`,
      })
      .from(holders)
      .where(
        and(
          sql`${holders.balance} > 0`,
          notInArray(holders.owner, [...BURN_ADDRESSES]),
          notTheVault,
          tokenMint
            ? eq(holders.mint, tokenMint)
            : sql`${holderMint} in (select distinct token_mint from ${rewards} where status = 'active')`,
        ),
      );
    return rows.map((r) => ({ collector: Boolean(r.collector), activity: Number(r.activity) }));
  }
}

/** A reward NFT that counts as minted: confirmed, or pending with a signature the chain has
 * executed (its confirmation is written after the wave it belongs to). */
function minted(executed: string[]) {
  const confirmed = eq(rewardMints.status, "confirmed");
  if (!executed.length) return confirmed;
  return or(confirmed, and(eq(rewardMints.status, "pending"), inArray(rewardMints.signature, executed)));
}
