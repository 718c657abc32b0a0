import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tokens, transfers } from "../../db/schema/index";

export type TokenRow = typeof tokens.$inferSelect;
export type TransferRow = typeof transfers.$inferSelect;

/** Queries for launches and transfers. */
export class TokensRepo {
  constructor(private db: Db) {}

  async insert(values: typeof tokens.$inferInsert): Promise<TokenRow> {
    const [row] = await this.db.insert(tokens).values(values).returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  }

  async update(id: string, values: Partial<typeof tokens.$inferInsert>): Promise<TokenRow | null> {
    const [row] = await this.db.update(tokens).set(values).where(eq(tokens.id, id)).returning();
    return row ?? null;
  }

  async deleteById(id: string): Promise<void> {
    await this.db.delete(tokens).where(eq(tokens.id, id));
  }

  async byId(id: string) {
    const [row] = await this.db.select().from(tokens).where(eq(tokens.id, id)).limit(1);
    return row ?? null;
  }

  async byMint(mint: string) {
    const [row] = await this.db.select().from(tokens).where(eq(tokens.mintAddress, mint)).limit(1);
    return row ?? null;
  }

  byMints(mints: string[]) {
    if (!mints.length) return Promise.resolve([] as TokenRow[]);
    return this.db.select().from(tokens).where(inArray(tokens.mintAddress, mints));
  }

  async byIdempotencyKey(userId: string, key: string) {
    const [row] = await this.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.userId, userId), eq(tokens.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  }

  /** The user's launches, newest first; failed attempts are not portfolio items. */
  ofUser(userId: string) {
    return this.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.userId, userId), ne(tokens.status, "failed")))
      .orderBy(desc(tokens.createdAt));
  }

  pending() {
    return this.db.select().from(tokens).where(eq(tokens.status, "pending"));
  }

  async insertTransfer(values: typeof transfers.$inferInsert): Promise<TransferRow> {
    const [row] = await this.db.insert(transfers).values(values).returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  }

  async updateTransfer(id: string, values: Partial<typeof transfers.$inferInsert>) {
    await this.db.update(transfers).set(values).where(eq(transfers.id, id));
  }

  async transferByKey(userId: string, key: string) {
    const [row] = await this.db
      .select()
      .from(transfers)
      .where(and(eq(transfers.userId, userId), eq(transfers.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  }
}
