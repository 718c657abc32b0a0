import { z } from "zod";
import { AGENT_TIERS } from "../constants";
import { text } from "./text";

const wholeOrDecimal = /^\d+(\.\d+)?$/;

/** What a token's creator sets on an agent (spec section 3: AI agent) plus the notes it
 * answers from. `tokenRequirement` is in whole tokens, as a decimal string. */
export const AgentFieldsSchema = z.object({
  name: text().trim().min(1, "Agent name is required").max(60, "Name too long"),
  specialty: text().trim().min(1, "Specialty is required").max(80, "Specialty too long"),
  description: text({ multiline: true }).trim().max(500, "Description too long").default(""),
  avatar: text().trim().min(1, "Pick an avatar emoji").max(16, "One emoji, please"),
  capabilities: z
    .array(text().trim().min(1).max(80, "Capability too long"))
    .max(12, "At most 12 capabilities")
    .refine(
      (list) => new Set(list.map((c) => c.toLowerCase())).size === list.length,
      "List each capability once",
    )
    .default([]),
  tier: z.enum(AGENT_TIERS),
  tokenRequirement: text()
    .trim()
    .min(1, "Token requirement is required")
    .refine((v) => wholeOrDecimal.test(v), "Must be a number of tokens"),
  responseStyle: text().trim().min(1, "Response style is required").max(80, "Style too long"),
  knowledgeNotes: text({ multiline: true })
    .max(50_000, "Notes too long (50,000 characters at most)")
    .default(""),
  isActive: z.boolean().default(true),
});

/** POST /api/ai-agents */
export const CreateAgentSchema = AgentFieldsSchema.extend({
  tokenMint: text().trim().min(32, "Invalid token mint"),
});
export type CreateAgentRequest = z.input<typeof CreateAgentSchema>;

/** PATCH /api/ai-agents/:id: any subset of the fields. Without the create defaults: zod
 * applies a default even to an omitted optional field, so `{isActive: false}` would wipe the
 * notes, description and capabilities. */
const { description, capabilities, knowledgeNotes, isActive } = AgentFieldsSchema.shape;
export const UpdateAgentSchema = AgentFieldsSchema.extend({
  description: description.unwrap(),
  capabilities: capabilities.unwrap(),
  knowledgeNotes: knowledgeNotes.unwrap(),
  isActive: isActive.unwrap(),
})
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to update");
export type UpdateAgentRequest = z.input<typeof UpdateAgentSchema>;

/** An agent as GET /api/ai-agents lists it, for the session user. */
export const AgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  specialty: z.string(),
  description: z.string(),
  avatar: z.string(),
  capabilities: z.array(z.string()),
  tier: z.enum(AGENT_TIERS),
  tokenRequirement: z.string(),
  tokenSymbol: z.string(),
  tokenMint: z.string(),
  tokenName: z.string(),
  responseStyle: z.string(),
  isActive: z.boolean(),
  isUnlocked: z.boolean(),
  /** What the session user's wallets hold of the agent's token, as `tokenRequirement` is
   * written ("500"); null when signed out. */
  heldAmount: z.string().nullable(),
  /** The session user created this agent's token (can manage it). */
  isOwner: z.boolean(),
});
export type Agent = z.infer<typeof AgentSchema>;

/** An agent as its creator manages it: with its notes. */
export const ManagedAgentSchema = AgentSchema.extend({ knowledgeNotes: z.string() });
export type ManagedAgent = z.infer<typeof ManagedAgentSchema>;

/** POST /api/ai-agents/chat */
export const ChatRequestSchema = z.object({
  agentId: text().trim().min(1, "Pick an agent").max(64),
  message: text({ multiline: true })
    .trim()
    .min(1, "Type a message")
    .max(2000, "Message too long (2,000 characters at most)"),
  /** The same key again answers the stored exchange (a resend after a lost answer stores the
   * question once). */
  idempotencyKey: text().min(8).max(64).optional(),
});
export type ChatRequest = z.input<typeof ChatRequestSchema>;

/** One message of a conversation (spec: chat message). The person's and the agent's
 * messages are separate entries; `engine` says which engine wrote an agent's reply. */
export const ChatMessageSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  message: z.string(),
  isUser: z.boolean(),
  timestamp: z.string(),
  engine: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** The JSON answer of POST /api/ai-agents/chat (without `Accept: text/event-stream`). */
export const ChatResponseSchema = z.object({
  userMessage: ChatMessageSchema,
  reply: ChatMessageSchema,
  engine: z.object({ kind: z.enum(["offline", "provider"]), label: z.string() }),
});
export type ChatResponse = z.infer<typeof ChatResponseSchema>;

/** Server-sent events of a streamed chat answer, in order: one `meta`, any number of
 * `delta`, then `done` (or `error` if the reply broke off). */
export type ChatStreamEvent =
  | { event: "meta"; data: { engine: ChatResponse["engine"]; userMessage: ChatMessage } }
  | { event: "delta"; data: { text: string } }
  | { event: "done"; data: { reply: ChatMessage } }
  | { event: "error"; data: { error: string } };

export const accessDeniedMessage = (requirement: string, symbol: string) =>
  `You need ${requirement} ${symbol} tokens to use this agent.`;
