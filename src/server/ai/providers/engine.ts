import type { AiProfile } from "@shared/schemas/ai";
import type { RewardDraft } from "@shared/schemas/rewards";
import type { LanguageModel } from "ai";
import type {
  AgentChatRequest,
  AiEngine,
  ChatReply,
  DraftContext,
  IdentityRequest,
  RewardDraftRequest,
} from "../engine";
import type { AiLog } from "../log";
import type { OfflineEngine } from "../offline/engine";
import { streamChatWithModel } from "./chat";
import { classify, FAILURE_WORDS, type Failure, UnusableAnswer } from "./failure";
import { draftIdentityWithModel } from "./identity";
import { draftRewardsWithModel } from "./rewards";

export interface ProviderEngineOptions {
  model: LanguageModel;
  label: string;
  /** Values that must never reach a log or an answer (the API key). */
  secrets: string[];
  timeoutMs: number;
  offline: OfflineEngine;
  log: AiLog;
}

/** An AI SDK model with the offline engine behind it. Identity: one structured-output call,
 * repaired, retried once when the failure is worth it, all within AI_TIMEOUT_MS; then the
 * offline draft, labelled with the reason. Chat: the provider's stream when its first chunk
 * arrives in time, else the offline answer, labelled likewise. */
export class ProviderEngine implements AiEngine {
  readonly kind = "provider" as const;
  readonly label: string;

  constructor(private readonly opts: ProviderEngineOptions) {
    this.label = opts.label;
  }

  async draftIdentity(request: IdentityRequest, context: DraftContext): Promise<AiProfile> {
    const deadline = Date.now() + this.opts.timeoutMs;
    const engine = { kind: "provider" as const, label: `drafted by ${this.label}` };
    let failure: Failure | null = null;
    let hint: string | undefined;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const remaining = deadline - Date.now();
      if (remaining < 50) break;
      try {
        return await draftIdentityWithModel(
          this.opts.model,
          request,
          context,
          engine,
          AbortSignal.timeout(remaining),
          hint,
        );
      } catch (err) {
        failure = classify(err, this.opts.secrets);
        // Our own repair says what was wrong (no request details in it); else the JSON was.
        hint = err instanceof UnusableAnswer ? err.message : "invalid JSON or fields out of range";
        this.opts.log.warn("AI provider identity draft failed", {
          attempt,
          kind: failure.kind,
          ...failure.summary,
        });
        if (!failure.retryable) break;
      }
    }
    const reason = FAILURE_WORDS[failure?.kind ?? "timeout"];
    return this.opts.offline.draftIdentity(request, context, `drafted offline (${reason})`);
  }

  async chat(request: AgentChatRequest): Promise<ChatReply> {
    try {
      const chunks = await streamChatWithModel(this.opts.model, request, this.opts.timeoutMs, (err) => {
        const late = classify(err, this.opts.secrets);
        this.opts.log.warn("AI provider stopped mid-answer", { kind: late.kind, ...late.summary });
      });
      return { engine: { kind: "provider", label: `answered by ${this.label}` }, chunks };
    } catch (err) {
      const failure = classify(err, this.opts.secrets);
      this.opts.log.warn("AI provider chat failed", { kind: failure.kind, ...failure.summary });
      return this.opts.offline.chat(request, `answered offline (${FAILURE_WORDS[failure.kind]})`);
    }
  }

  /** Like identity: one call, retried once when worth it, within AI_TIMEOUT_MS; then the
   * offline drafts, labelled with the reason. */
  async draftRewards(request: RewardDraftRequest): Promise<{ drafts: RewardDraft[]; engine: string }> {
    const deadline = Date.now() + this.opts.timeoutMs;
    let failure: Failure | null = null;
    let hint: string | undefined;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const remaining = deadline - Date.now();
      if (remaining < 50) break;
      try {
        const drafts = await draftRewardsWithModel(
          this.opts.model,
          request,
          AbortSignal.timeout(remaining),
          hint,
        );
        return { drafts, engine: `drafted by ${this.label}` };
      } catch (err) {
        failure = classify(err, this.opts.secrets);
        hint = err instanceof UnusableAnswer ? err.message : "invalid JSON or fields out of range";
        this.opts.log.warn("AI provider reward draft failed", {
          attempt,
          kind: failure.kind,
          ...failure.summary,
        });
        if (!failure.retryable) break;
      }
    }
    const reason = FAILURE_WORDS[failure?.kind ?? "timeout"];
    return this.opts.offline.draftRewards(request, `drafted offline (${reason})`);
  }
}
