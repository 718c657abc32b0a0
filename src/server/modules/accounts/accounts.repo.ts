import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users, walletChallenges, wallets } from "../../db/schema/index";
import { BoundedCache } from "../../lib/bounded-cache";

export type UserRow = typeof users.$inferSelect;
export type WalletRow = typeof wallets.$inferSelect;

/** Queries for users, their wallets and sign-in challenges. Wallet rows are read on every
 * launch, transfer, balance and gated chat message. A wallet row is never rewritten (nor its
 * owner changed): rows by address are immutable and kept. A user's list is dropped when a
 * wallet is added, here and (by the change bus, `forgetWallets`) on every other API node. */
export class AccountsRepo {
  private walletByKey = new BoundedCache<string, WalletRow>({ max: 100_000 });
  private walletLists = new BoundedCache<string, WalletRow[]>({ max: 10_000 });
  /** Wallets added so far: a list read that overlapped an addition is not kept. */
  private walletInserts = 0;

  constructor(private db: Db) {}

  async insertUser(values: {
    username?: string | null;
    email?: string | null;
    passwordHash?: string | null;
    isDemo?: boolean;
  }) {
    const [row] = await this.db
      .insert(users)
      .values({ id: randomUUID(), ...values })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  }

  async userById(id: string) {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  async userByEmail(email: string) {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row ?? null;
  }

  async userByUsername(username: string) {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .limit(1);
    return row ?? null;
  }

  async walletsOf(userId: string): Promise<WalletRow[]> {
    const hit = this.walletLists.get(userId);
    if (hit) return hit;
    const insertsBefore = this.walletInserts;
    const rows = await this.db
      .select()
      .from(wallets)
      .where(eq(wallets.userId, userId))
      .orderBy(asc(wallets.createdAt));
    if (this.walletInserts === insertsBefore) this.walletLists.set(userId, rows);
    return rows;
  }

  async walletByPublicKey(publicKey: string): Promise<WalletRow | null> {
    const known = this.walletByKey.get(publicKey);
    if (known) return known;
    const [row] = await this.db.select().from(wallets).where(eq(wallets.publicKey, publicKey)).limit(1);
    if (row) this.walletByKey.set(publicKey, row);
    return row ?? null;
  }

  async insertWallet(values: typeof wallets.$inferInsert) {
    this.walletInserts += 1;
    const [row] = await this.db.insert(wallets).values(values).returning();
    this.walletInserts += 1;
    if (!row) throw new Error("insert returned no row");
    this.walletLists.delete(row.userId);
    this.onWalletAdded?.(row.userId);
    return row;
  }

  /** Told of each new wallet (by user id): other nodes forget their lists of that user's. */
  onWalletAdded: ((userId: string) => void) | null = null;

  /** Another node added a wallet for this user (null: for anyone, notices were missed). */
  forgetWallets(userId: string | null): void {
    this.walletInserts += 2;
    if (userId === null) this.walletLists.clear();
    else this.walletLists.delete(userId);
  }

  async insertChallenge(values: typeof walletChallenges.$inferInsert) {
    await this.db.insert(walletChallenges).values(values);
  }

  /** Burns a nonce atomically: of many parallel calls, exactly one gets the row back. */
  async burnChallenge(nonce: string, now: Date) {
    const [row] = await this.db
      .update(walletChallenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(walletChallenges.nonce, nonce),
          isNull(walletChallenges.usedAt),
          gt(walletChallenges.expiresAt, now),
        ),
      )
      .returning();
    return row ?? null;
  }

  async challenge(nonce: string) {
    const [row] = await this.db
      .select()
      .from(walletChallenges)
      .where(eq(walletChallenges.nonce, nonce))
      .limit(1);
    return row ?? null;
  }
}
