import { sql } from "drizzle-orm";
import { bigint, bigserial, index, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// The chain indexer's tables: what happened to every platform mint's balances, whoever sent the
// transaction. Token amounts are numeric(20,0): an SPL u64 does not fit PostgreSQL's bigint.
const amount = (name: string) => numeric(name, { precision: 20, scale: 0, mode: "bigint" });
const signedAmount = (name: string) => numeric(name, { precision: 21, scale: 0, mode: "bigint" });

/** One owner's balance change of one mint in one transaction (idempotent by the key). */
export const balanceChanges = pgTable(
  "balance_changes",
  {
    signature: text("signature").notNull(),
    mint: text("mint").notNull(),
    owner: text("owner").notNull(),
    delta: signedAmount("delta").notNull(),
    balanceAfter: amount("balance_after").notNull(),
    slot: bigint("slot", { mode: "bigint" }).notNull(),
    blockTime: timestamp("block_time", { withTimezone: true }).notNull(),
    /** Ingestion order, which is chain order for each mint (the indexer writes a mint's
     * transactions oldest first): transactions in one slot share a slot and a block time. */
    seq: bigserial("seq", { mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.signature, t.mint, t.owner] }),
    index("balance_changes_mint_time").on(t.mint, t.blockTime),
    index("balance_changes_owner_time").on(t.owner, t.blockTime),
    index("balance_changes_mint_seq").on(t.mint, t.seq),
    index("balance_changes_owner_seq").on(t.owner, t.seq),
  ],
);

/** Each mint's holders now: balance, when they first held it and when they last went to zero. */
export const holders = pgTable(
  "holders",
  {
    mint: text("mint").notNull(),
    owner: text("owner").notNull(),
    balance: amount("balance").notNull(),
    firstHeldAt: timestamp("first_held_at", { withTimezone: true }),
    lastZeroAt: timestamp("last_zero_at", { withTimezone: true }),
    lastSlot: bigint("last_slot", { mode: "bigint" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mint, t.owner] }),
    index("holders_mint_balance").on(t.mint, t.balance),
    // Explore's snapshot reads only the rows changed since its last look.
    index("holders_updated_at").on(t.updatedAt),
  ],
);

/** Where the indexer has got to for each mint (newest signature it ingested). */
export const indexerCursors = pgTable("indexer_cursors", {
  mint: text("mint").primaryKey(),
  lastSignature: text("last_signature"),
  lastSlot: bigint("last_slot", { mode: "bigint" }).notNull().default(sql`0`),
  /** Set once the mint's history from its first transaction has been ingested. */
  backfilledAt: timestamp("backfilled_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
