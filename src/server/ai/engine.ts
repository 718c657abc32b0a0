import type { AgentTier } from "@shared/constants";
import type { AiProfile, GenerateIdentitySchema } from "@shared/schemas/ai";
import type { RewardDraft } from "@shared/schemas/rewards";
import type { z } from "zod";

/** A validated identity request, defaults applied. */
export type IdentityRequest = z.output<typeof GenerateIdentitySchema>;

/** What identity drafting needs from the platform. */
export interface DraftContext {
  /** Which of these symbols (or look-alikes of them) a token already uses. */
  takenSymbols(symbols: string[]): Promise<Set<string>>;
}

/** Which engine produced an answer, honestly: shown to people next to it. */
export interface EngineInfo {
  kind: "offline" | "provider";
  label: string;
}

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

/** Everything an agent may answer from: its persona, its token's facts, its notes. */
export interface AgentChatRequest {
  agent: {
    name: string;
    specialty: string;
    description: string;
    capabilities: string[];
    tier: AgentTier;
    responseStyle: string;
    knowledgeNotes: string;
  };
  token: { name: string; symbol: string; mint: string; totalSupply: string; creator: string };
  /** Earlier turns of this user's conversation with the agent, oldest first. */
  history: ChatTurn[];
  message: string;
  signal?: AbortSignal;
}

/** A reply being produced: the engine is known before the first chunk is sent. */
export interface ChatReply {
  engine: EngineInfo;
  chunks: AsyncIterable<string>;
}

/** What reward drafting knows of a token and its community (the creator's own wallets and
 * the market's vault left out). Amounts are whole tokens as decimal strings. */
export interface RewardDraftRequest {
  /** `supply`: whole tokens, as launched. */
  token: { name: string; symbol: string; description: string; ageDays: number; supply: string };
  fans: {
    count: number;
    /** Balance of the holder at the top quartile's edge, and of the median holder. */
    topQuartileBalance: string;
    medianBalance: string;
    /** Days the longest-standing fan has held without touching 0. */
    longestHeldDays: number;
  };
  /** The creator's hint, if any. */
  prompt?: string;
}

/** The AI layer's one interface (offline engine or an AI SDK provider behind it). */
export interface AiEngine {
  readonly kind: "offline" | "provider";
  /** Shown to people, e.g. "drafted offline" or "openai gpt-4o-mini". */
  readonly label: string;
  draftIdentity(request: IdentityRequest, context: DraftContext): Promise<AiProfile>;
  chat(request: AgentChatRequest): Promise<ChatReply>;
  /** Reward ideas the creator edits before saving (Create with AI on /nft-rewards). */
  draftRewards(request: RewardDraftRequest): Promise<{ drafts: RewardDraft[]; engine: string }>;
}
