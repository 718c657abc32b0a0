import { and, desc, eq, getTableColumns, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { GroupCommit } from "../../db/group-commit";
import { tokens, transfers } from "../../db/schema/index";

export type TokenRow = typeof tokens.$inferSelect;
export type TransferRow = typeof transfers.$inferSelect;

// What an insert reads back: every column but the signed bytes the caller just wrote.
const { signedTransaction: _written, ...insertedColumns } = getTableColumns(tokens);

export interface TokensRepoOptions {
  /** The database runs statements one at a time in the order they are sent (PGlite on its
   * thread): a write sent before a read is always seen by it. */
  inOrder: boolean;
  /** Reports the failure of a write nobody waits for. */
  warn: (message: string) => void;
}

/** Queries for launches and transfers. Launch rows are written by group commit: at a busy
 * moment one statement inserts (or confirms) the launches of many requests. */
export class TokensRepo {
  private inserts = new GroupCommit(async (rows: Array<typeof tokens.$inferInsert>) => {
    const saved = await this.db.insert(tokens).values(rows).returning(insertedColumns);
    const byId = new Map(saved.map((r) => [r.id, r]));
    return rows.map((values): TokenRow => {
      const row = byId.get(values.id);
      if (!row) throw new Error("insert returned no row");
      return { ...row, signedTransaction: values.signedTransaction ?? null };
    });
  });

  private confirmations = new GroupCommit(async (ids: string[]) => {
    await this.confirm(ids);
    return ids.map(() => undefined);
  });

  constructor(
    private db: Db,
    private options: TokensRepoOptions,
  ) {}

  insert(values: typeof tokens.$inferInsert): Promise<TokenRow> {
    return this.inserts.push(values);
  }

  /** Marks a launch confirmed. Resolves once any read started afterwards sees it: on an
   * in-order database as soon as the statement is sent (its failure is logged; the ledger
   * holds the truth and start-up reconciliation re-derives a lost confirmation from it),
   * otherwise once committed. Saves a database round trip on every launch response. */
  async markActive(id: string): Promise<void> {
    if (!this.options.inOrder) return this.confirmations.push(id);
    this.confirm([id]).catch((err: unknown) =>
      this.options.warn(
        `launch ${id} stays pending until restart: ${err instanceof Error ? err.message : err}`,
      ),
    );
  }

  private async confirm(ids: string[]): Promise<void> {
    await this.db
      .update(tokens)
      .set({ status: "active", confirmedAt: new Date(), signedTransaction: null })
      .where(inArray(tokens.id, ids));
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
