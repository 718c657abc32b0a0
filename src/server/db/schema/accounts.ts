import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => new Uint8Array(v),
});

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username"),
    email: text("email"),
    passwordHash: text("password_hash"),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_lower").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_unique").on(t.email),
  ],
);

/** Server-side sessions; only a SHA-256 of the cookie value is stored. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/** Sign-in-with-Solana messages we issued; a nonce is burnt at first use. */
export const walletChallenges = pgTable("wallet_challenges", {
  nonce: text("nonce").primaryKey(),
  address: text("address").notNull(),
  message: text("message").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** Wallets a user controls. Embedded ones carry the seed, encrypted (envelope: a per-wallet
 * data key wrapped by the master key `keyId`). External ones carry only the address. */
export const wallets = pgTable(
  "wallets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    kind: text("kind", { enum: ["embedded", "external"] }).notNull(),
    encryptedSeed: bytea("encrypted_seed"),
    wrappedKey: bytea("wrapped_key"),
    keyId: text("key_id"),
    keyVersion: integer("key_version"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("wallets_public_key").on(t.publicKey), index("wallets_user").on(t.userId)],
);
