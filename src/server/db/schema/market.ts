import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bytea, users } from "./accounts";
import { recordedSend } from "./recorded-send";

// The primary market: one bonding curve per token, its vault key sealed like an embedded
// wallet's, and every trade recorded (signed bytes and signature) before it is sent.
const amount = (name: string) => numeric(name, { precision: 20, scale: 0, mode: "bigint" });

/** A token's curve. Reserves change only when a trade confirms, under the curve's one writer. */
export const markets = pgTable("markets", {
  mint: text("mint").primaryKey(),
  /** pending: the opening transaction is recorded but not yet confirmed. */
  status: text("status", { enum: ["pending", "open", "completed", "failed"] }).notNull(),
  creatorUserId: text("creator_user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Receives the creator's part of every fee. */
  creatorWallet: text("creator_wallet").notNull(),
  vault: text("vault").notNull(),
  vaultEncryptedSeed: bytea("vault_encrypted_seed").notNull(),
  vaultWrappedKey: bytea("vault_wrapped_key").notNull(),
  vaultKeyId: text("vault_key_id").notNull(),
  vaultKeyVersion: integer("vault_key_version").notNull(),
  /** Lamports the vault keeps for rent, on top of the curve's real SOL. */
  vaultRentLamports: bigint("vault_rent_lamports", { mode: "bigint" }).notNull(),
  curveShareBps: integer("curve_share_bps").notNull(),
  virtualSol: bigint("virtual_sol", { mode: "bigint" }).notNull(),
  virtualToken: amount("virtual_token").notNull(),
  realSol: bigint("real_sol", { mode: "bigint" }).notNull(),
  realToken: amount("real_token").notNull(),
  initialRealToken: amount("initial_real_token").notNull(),
  /** The creator's disclosed buy at launch, in tokens (0 when none). */
  creatorBuyTokens: amount("creator_buy_tokens").notNull().default(sql`0`),
  /** The creator's buy asked for at launch, in lamports (0 when none): done once the market opens. */
  creatorBuyLamports: bigint("creator_buy_lamports", { mode: "bigint" }).notNull().default(sql`0`),
  /** Creator fees the chain could not pay to the creator's wallet (it held less than the rent
   * minimum, so a small transfer to it would fail): paid to the treasury and owed here. */
  feesCreatorOwedLamports: bigint("fees_creator_owed_lamports", { mode: "bigint" }).notNull().default(sql`0`),
  feesCreatorLamports: bigint("fees_creator_lamports", { mode: "bigint" }).notNull().default(sql`0`),
  feesPlatformLamports: bigint("fees_platform_lamports", { mode: "bigint" }).notNull().default(sql`0`),
  ...recordedSend(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  openedAt: timestamp("opened_at", { withTimezone: true }),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});

/** A trade on a curve. Written (with signed bytes and the curve's state after it) before
 * sending; confirmed trades are the price history. */
export const marketTrades = pgTable(
  "market_trades",
  {
    id: text("id").primaryKey(),
    mint: text("mint").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    trader: text("trader").notNull(),
    side: text("side", { enum: ["buy", "sell"] }).notNull(),
    /** SOL that entered (buy) or left (sell) the curve, fee excluded. */
    curveSol: bigint("curve_sol", { mode: "bigint" }).notNull(),
    fee: bigint("fee", { mode: "bigint" }).notNull(),
    creatorFee: bigint("creator_fee", { mode: "bigint" }).notNull(),
    platformFee: bigint("platform_fee", { mode: "bigint" }).notNull(),
    feeBps: integer("fee_bps").notNull(),
    tokens: amount("tokens").notNull(),
    virtualSolAfter: bigint("virtual_sol_after", { mode: "bigint" }).notNull(),
    virtualTokenAfter: amount("virtual_token_after").notNull(),
    realSolAfter: bigint("real_sol_after", { mode: "bigint" }).notNull(),
    realTokenAfter: amount("real_token_after").notNull(),
    /** Bought in the launch window (shown on the token page with the buyer). */
    inLaunchWindow: boolean("in_launch_window").notNull().default(false),
    /** The creator's own disclosed buy at launch. */
    creatorBuy: boolean("creator_buy").notNull().default(false),
    /** The creator's part went to the treasury (the creator's wallet could not receive it) and is owed. */
    creatorFeeOwed: boolean("creator_fee_owed").notNull().default(false),
    /** The payout (creator_fee_payouts) that pays this owed part; null while unpaid. */
    creatorFeePayoutId: text("creator_fee_payout_id"),
    status: text("status", { enum: ["pending", "confirmed", "failed"] })
      .notNull()
      .default("pending"),
    ...recordedSend(),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("market_trades_user_idem").on(t.userId, t.idempotencyKey),
    uniqueIndex("market_trades_signature").on(t.signature),
    index("market_trades_mint_confirmed").on(t.mint, t.confirmedAt).where(sql`status = 'confirmed'`),
    // Explore's snapshot reads only the trades confirmed since its last look, across mints.
    index("market_trades_confirmed_at").on(t.confirmedAt).where(sql`status = 'confirmed'`),
    index("market_trades_pending").on(t.status).where(sql`status = 'pending'`),
    // The payout job reads only the owed parts not yet in a payout.
    index("market_trades_owed_unpaid")
      .on(t.mint)
      .where(sql`creator_fee_owed and creator_fee_payout_id is null and status = 'confirmed'`),
    index("market_trades_payout").on(t.creatorFeePayoutId).where(sql`creator_fee_payout_id is not null`),
  ],
);

/** Owed creator fees paid from the treasury to a creator's wallet once it can receive them:
 * ONE transaction per wallet, recorded (signed bytes and signature) before it is sent; the
 * trades it pays point at it (market_trades.creator_fee_payout_id). */
export const creatorFeePayouts = pgTable(
  "creator_fee_payouts",
  {
    id: text("id").primaryKey(),
    creatorWallet: text("creator_wallet").notNull(),
    lamports: bigint("lamports", { mode: "bigint" }).notNull(),
    status: text("status", { enum: ["pending", "confirmed", "failed"] })
      .notNull()
      .default("pending"),
    ...recordedSend(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [index("creator_fee_payouts_pending").on(t.status).where(sql`status = 'pending'`)],
);
