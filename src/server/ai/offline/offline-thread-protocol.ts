// Messages between the server and the offline engine's thread (offline-thread.ts).
import type { AiProfile } from "@shared/schemas/ai";
import type { RewardDraft } from "@shared/schemas/rewards";
import type { AgentChatRequest, IdentityRequest, RewardDraftRequest } from "../engine";

export type OfflineRequest =
  | { kind: "identity"; id: number; request: IdentityRequest; label: string }
  | { kind: "chat"; id: number; request: Omit<AgentChatRequest, "signal"> }
  | { kind: "rewards"; id: number; request: RewardDraftRequest }
  /** The server's answer to a `taken` question from the thread. */
  | { kind: "taken"; callId: number; taken: string[] | null };

export type OfflineReply =
  | { kind: "identity"; id: number; profile: AiProfile }
  /** The answer's text: the server streams it. */
  | { kind: "chat"; id: number; text: string }
  | { kind: "rewards"; id: number; drafts: RewardDraft[] }
  | { kind: "failed"; id: number; message: string }
  /** Drafting asks which symbols are taken: only the server's database knows. */
  | { kind: "taken"; id: number; callId: number; symbols: string[] }
  /** Start-up done. */
  | { kind: "ready"; id: 0 };
