import { boolean, index, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { tokens } from "./tokens";

/** Token-gated AI agents. Each belongs to one token; its creator manages it. The requirement
 * is stored in base units as numeric: a u64 supply with 9 decimals can exceed bigint. */
export const agents = pgTable(
  "agents",
  {
    id: text("id").primaryKey(),
    tokenId: text("token_id")
      .notNull()
      .references(() => tokens.id, { onDelete: "cascade" }),
    mintAddress: text("mint_address").notNull(),
    name: text("name").notNull(),
    specialty: text("specialty").notNull(),
    description: text("description").notNull().default(""),
    avatar: text("avatar").notNull(),
    capabilities: text("capabilities").array().notNull().default([]),
    tier: text("tier", { enum: ["basic", "premium", "elite"] }).notNull(),
    requirementUnits: numeric("requirement_units", { precision: 39, scale: 0 }).notNull(),
    responseStyle: text("response_style").notNull(),
    knowledgeNotes: text("knowledge_notes").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("agents_mint").on(t.mintAddress), index("agents_token").on(t.tokenId)],
);

/** One row per message in a user's conversation with an agent (the question and the reply
 * are separate rows, like the spec's chat message with isUser). */
export const agentMessages = pgTable(
  "agent_messages",
  {
    id: text("id").primaryKey(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isUser: boolean("is_user").notNull(),
    content: text("content").notNull(),
    /** Which engine answered (assistant rows), e.g. "answered offline". */
    engine: text("engine"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("agent_messages_conversation").on(t.agentId, t.userId, t.createdAt)],
);
