import { sql } from "drizzle-orm";
import { boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, users } from "./accounts";
import { recordedSend } from "./recorded-send";

// NFT rewards (docs/rewards.md): each reward is a Token-2022 collection (TokenGroup, maxSize =
// its supply) whose update authority is a platform key sealed like a curve's vault; each NFT
// earned is a member mint. Like launches and trades, every chain write is recorded (signed
// bytes, signature, last valid block height) before it is sent and reconciled at start.
const amount = (name: string) => numeric(name, { precision: 20, scale: 0, mode: "bigint" });

export const rewards = pgTable(
  "rewards",
  {
    id: text("id").primaryKey(),
    tokenMint: text("token_mint").notNull(),
    creatorUserId: text("creator_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    rarity: text("rarity").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    totalSupply: integer("total_supply").notNull(),
    soulbound: boolean("soulbound").notNull().default(false),
    unlockType: text("unlock_type", { enum: ["holding_amount", "holding_duration", "engagement"] }).notNull(),
    /** holding_*: base units of the token; engagement: the percentile (1-100). */
    unlockAmount: amount("unlock_amount").notNull(),
    unlockDays: integer("unlock_days"),
    isActive: boolean("is_active").notNull().default(true),
    /** Minted to every fan who qualifies without waiting for a claim (the automatic minter). */
    autoMint: boolean("auto_mint").notNull().default(true),
    /** The collection's mint and its update authority (signs every member). */
    collectionMint: text("collection_mint").notNull(),
    authority: text("authority").notNull(),
    authorityEncryptedSeed: bytea("authority_encrypted_seed").notNull(),
    authorityWrappedKey: bytea("authority_wrapped_key").notNull(),
    authorityKeyId: text("authority_key_id").notNull(),
    authorityKeyVersion: integer("authority_key_version").notNull(),
    status: text("status", { enum: ["pending", "active", "failed"] })
      .notNull()
      .default("pending"),
    ...recordedSend(),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("rewards_token").on(t.tokenMint, t.createdAt),
    uniqueIndex("rewards_collection").on(t.collectionMint),
    uniqueIndex("rewards_creator_idem").on(t.creatorUserId, t.idempotencyKey),
  ],
);

/** One NFT of a reward to one wallet. At most one live row per (reward, owner): a retry or a
 * second claim finds it, across kill -9 (the row is written before the mint is sent). */
export const rewardMints = pgTable(
  "reward_mints",
  {
    id: text("id").primaryKey(),
    rewardId: text("reward_id")
      .notNull()
      .references(() => rewards.id, { onDelete: "cascade" }),
    owner: text("owner").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    nftMint: text("nft_mint").notNull(),
    source: text("source", { enum: ["claim", "auto"] }).notNull(),
    status: text("status", { enum: ["pending", "confirmed", "failed"] })
      .notNull()
      .default("pending"),
    /** The member number the chain gave it (group size at its mint). */
    memberNumber: integer("member_number"),
    ...recordedSend(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reward_mints_one_per_owner").on(t.rewardId, t.owner).where(sql`status <> 'failed'`),
    uniqueIndex("reward_mints_nft").on(t.nftMint),
    index("reward_mints_owner").on(t.owner),
    index("reward_mints_status").on(t.status),
  ],
);

/** A creator's update to holders, shown on the token page (analytics' Engage Community). */
export const tokenPosts = pgTable(
  "token_posts",
  {
    id: text("id").primaryKey(),
    tokenMint: text("token_mint").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("token_posts_token").on(t.tokenMint, t.createdAt)],
);

/** The trust score once per mint per day, for the transparency card's trend. */
export const trustSnapshots = pgTable(
  "trust_snapshots",
  {
    mint: text("mint").notNull(),
    day: text("day").notNull(),
    score: integer("score").notNull(),
    version: text("version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("trust_snapshots_mint_day").on(t.mint, t.day)],
);
