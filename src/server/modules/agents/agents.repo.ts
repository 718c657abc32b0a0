import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { GroupCommit } from "../../db/group-commit";
import { agentMessages, agents, tokens, users } from "../../db/schema/index";

export type AgentRow = typeof agents.$inferSelect;
export type MessageRow = typeof agentMessages.$inferSelect;

/** An agent with the facts of its token that every answer needs. */
export interface AgentWithToken {
  agent: AgentRow;
  token: {
    id: string;
    userId: string;
    name: string;
    symbol: string;
    decimals: number;
    totalSupply: string;
    mintAddress: string;
    status: string;
  };
  creator: { username: string | null };
}

const tokenColumns = {
  id: tokens.id,
  userId: tokens.userId,
  name: tokens.name,
  symbol: tokens.symbol,
  decimals: tokens.decimals,
  totalSupply: tokens.totalSupply,
  mintAddress: tokens.mintAddress,
  status: tokens.status,
};

export class AgentsRepo {
  constructor(private readonly db: Db) {}

  private joined() {
    return this.db
      .select({ agent: agents, token: tokenColumns, creator: { username: users.username } })
      .from(agents)
      .innerJoin(tokens, eq(tokens.id, agents.tokenId))
      .innerJoin(users, eq(users.id, tokens.userId));
  }

  async byId(id: string): Promise<AgentWithToken | null> {
    const [row] = await this.joined().where(eq(agents.id, id)).limit(1);
    return row ?? null;
  }

  /** Active agents of launched tokens, oldest first (the creator's order). An agent is made
   * for a launched token, and a launch's confirmation is written behind (tokens.repo), so
   * "not failed" is the test here: "active" could miss a token launched a moment ago. */
  async listActive(): Promise<AgentWithToken[]> {
    return this.joined()
      .where(and(eq(agents.isActive, true), ne(tokens.status, "failed")))
      .orderBy(asc(agents.createdAt), asc(agents.id));
  }

  /** Every agent (active or not) of the tokens a user created. */
  async listOfCreator(userId: string): Promise<AgentWithToken[]> {
    return this.joined().where(eq(tokens.userId, userId)).orderBy(asc(agents.createdAt), asc(agents.id));
  }

  async tokenByMint(mint: string) {
    const [row] = await this.db
      .select(tokenColumns)
      .from(tokens)
      .where(eq(tokens.mintAddress, mint))
      .limit(1);
    return row ?? null;
  }

  async insert(values: typeof agents.$inferInsert): Promise<AgentRow> {
    const [row] = await this.db.insert(agents).values(values).returning();
    if (!row) throw new Error("agent insert returned nothing");
    return row;
  }

  async update(id: string, values: Partial<typeof agents.$inferInsert>): Promise<void> {
    await this.db.update(agents).set(values).where(eq(agents.id, id));
  }

  /** The latest `limit` messages of one user's conversation with one agent, oldest first. */
  async conversation(agentId: string, userId: string, limit: number): Promise<MessageRow[]> {
    const rows = await this.db
      .select()
      .from(agentMessages)
      .where(and(eq(agentMessages.agentId, agentId), eq(agentMessages.userId, userId)))
      .orderBy(desc(agentMessages.createdAt), desc(agentMessages.id))
      .limit(limit);
    return rows.reverse();
  }

  /** One of a user's own messages by id (a chat request repeated under its idempotency key). */
  async messageOf(userId: string, id: string): Promise<MessageRow | null> {
    const [row] = await this.db
      .select()
      .from(agentMessages)
      .where(and(eq(agentMessages.id, id), eq(agentMessages.userId, userId)));
    return row ?? null;
  }

  /** Stores messages by group commit: under many concurrent chats the database does one
   * INSERT for the replies that finished while the previous one was written. */
  insertMessages(values: Array<typeof agentMessages.$inferInsert>): Promise<void> {
    return this.messageWrites.push(values);
  }

  private readonly messageWrites = new GroupCommit(
    async (batches: Array<Array<typeof agentMessages.$inferInsert>>) => {
      // A repeated request that raced its first (same ids) is stored once, without failing
      // the other replies written in the same statement.
      await this.db.insert(agentMessages).values(batches.flat()).onConflictDoNothing();
      return batches.map(() => undefined);
    },
  );
}
