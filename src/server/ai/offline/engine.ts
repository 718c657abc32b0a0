import type { AiProfile } from "@shared/schemas/ai";
import type { RewardDraft } from "@shared/schemas/rewards";
import type {
  AgentChatRequest,
  AiEngine,
  ChatReply,
  DraftContext,
  IdentityRequest,
  RewardDraftRequest,
} from "../engine";
import { answerOffline } from "./chat";
import { draftIdentityOffline, OFFLINE_LABEL } from "./identity";
import { draftRewardsOffline, OFFLINE_REWARDS_LABEL } from "./rewards";

/** The built-in engine: no network, no keys. Used when no provider is configured and as the
 * fallback when a provider fails. */
export class OfflineEngine implements AiEngine {
  readonly kind = "offline" as const;
  readonly label = OFFLINE_LABEL;

  draftIdentity(
    request: IdentityRequest,
    context: DraftContext,
    engineLabel = OFFLINE_LABEL,
  ): Promise<AiProfile> {
    return draftIdentityOffline(request, context, { kind: "offline", label: engineLabel });
  }

  async chat(request: AgentChatRequest, engineLabel = "answered offline"): Promise<ChatReply> {
    return { engine: { kind: "offline", label: engineLabel }, chunks: answerOffline(request) };
  }

  async draftRewards(
    request: RewardDraftRequest,
    engineLabel = OFFLINE_REWARDS_LABEL,
  ): Promise<{ drafts: RewardDraft[]; engine: string }> {
    return { drafts: draftRewardsOffline(request), engine: engineLabel };
  }
}
