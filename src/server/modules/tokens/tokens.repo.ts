import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tokens, transfers } from "../../db/schema/index";

export type TokenRow = typeof tokens.$inferSelect;
export type TransferRow = typeof transfers.$inferSelect;

/** Queries for launches and transfers. */
export class TokensRepo {
  private confirmQueue: Array<{ id: string; done: (at: Date | null, err?: unknown) => void }> = [];
  private confirming = false;

  constructor(private db: Db) {}

  /** Marks a launch confirmed. Confirmations that arrive while one write is under way go
   * together in the next statement (group commit): one UPDATE for many launches. */
  markActive(id: string): Promise<Date> {
    return new Promise((resolve, reject) => {
      this.confirmQueue.push({ id, done: (at, err) => (at ? resolve(at) : reject(err)) });
      void this.flushConfirms();
    });
  }

  private async flushConfirms(): Promise<void> {
    if (this.confirming) return;
    this.confirming = true;
    try {
      while (this.confirmQueue.length) {
        const batch = this.confirmQueue.splice(0);
        const at = new Date();
        try {
          await this.db
            .update(tokens)
            .set({ status: "active", confirmedAt: at, signedTransaction: null })
            .where(
              inArray(
                tokens.id,
                batch.map((b) => b.id),
              ),
            );
          for (const b of batch) b.done(at);
        } catch (err) {
          for (const b of batch) b.done(null, err);
        }
      }
    } finally {
      this.confirming = false;
    }
  }

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
