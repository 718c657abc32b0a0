import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { recordedSend } from "./recorded-send";

/** A launch. The row (with signed bytes and signature) is written before the transaction is
 * sent, so a retry or a crash never launches twice; start-up reconciles pending rows. */
export const tokens = pgTable(
  "tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    symbol: text("symbol").notNull(),
    // Skeletons (server/lib/lookalike.ts) for the copycat check; NULL until start-up fills
    // them for rows written before they existed.
    symbolSkeleton: text("symbol_skeleton"),
    nameSkeleton: text("name_skeleton"),
    description: text("description").notNull().default(""),
    tagline: text("tagline").notNull().default(""),
    totalSupply: text("total_supply").notNull(),
    decimals: integer("decimals").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    website: text("website").notNull().default(""),
    twitter: text("twitter").notNull().default(""),
    discord: text("discord").notNull().default(""),
    creatorWallet: text("creator_wallet").notNull(),
    mintAddress: text("mint_address").notNull(),
    status: text("status", { enum: ["pending", "active", "failed"] })
      .notNull()
      .default("pending"),
    ...recordedSend(),
    idempotencyKey: text("idempotency_key"),
    /** The market asked for at launch (share of the supply on the curve, and the creator's
     * buy), written with the launch itself so that a crash before the market's own row is
     * written cannot lose it (NULL: no market asked for). */
    launchMarketShareBps: integer("launch_market_share_bps"),
    launchCreatorBuyLamports: bigint("launch_creator_buy_lamports", { mode: "bigint" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("tokens_mint").on(t.mintAddress),
    // Also serves lookups by user alone (its leading column): no separate user index to
    // maintain on every launch.
    uniqueIndex("tokens_user_idem").on(t.userId, t.idempotencyKey),
    // A symbol, and a name, belongs to one live token, and nothing that looks like them may
    // be launched beside it; failed launches free them again.
    uniqueIndex("tokens_symbol_skeleton_live").on(t.symbolSkeleton).where(sql`status <> 'failed'`),
    uniqueIndex("tokens_name_skeleton_live").on(t.nameSkeleton).where(sql`status <> 'failed'`),
  ],
);

/** Token transfers made through the platform (idempotent per key). Like a launch, the row
 * (signed bytes, signature, last valid block height) is written before sending; an external
 * wallet's row first holds the prepared bytes (no signature yet) that its signed copy must
 * match byte for byte. Start-up reconciles pending rows. */
export const transfers = pgTable(
  "transfers",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mintAddress: text("mint_address").notNull(),
    fromWallet: text("from_wallet").notNull(),
    toWallet: text("to_wallet").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    status: text("status", { enum: ["pending", "confirmed", "failed"] })
      .notNull()
      .default("pending"),
    ...recordedSend(),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("transfers_user_idem").on(t.userId, t.idempotencyKey),
    index("transfers_mint").on(t.mintAddress),
  ],
);
