import type { AiProfile } from "@shared/schemas/ai";
import type { RewardDraft } from "@shared/schemas/rewards";
import { FallbackWorker } from "../../lib/fallback-worker";
import type {
  AgentChatRequest,
  ChatReply,
  DraftContext,
  IdentityRequest,
  RewardDraftRequest,
} from "../engine";
import { composeAnswer, streamAnswer } from "./chat";
import { OfflineEngine } from "./engine";
import { OFFLINE_LABEL } from "./identity";
import type { OfflineReply, OfflineRequest } from "./offline-thread-protocol";
import { OFFLINE_REWARDS_LABEL } from "./rewards";

type Question = Extract<OfflineReply, { kind: "taken" }>;

/** The offline engine on its own thread (offline-thread.ts): the same answers as
 * OfflineEngine, off the server's event loop (docs/decisions/022-offline-engine-thread.md).
 * Should the thread stop, the in-process engine answers what it had in hand and everything
 * after: drafting never fails because of where it runs. */
export class OfflineThreadEngine extends OfflineEngine {
  /** Each drafting request's context, while the thread may ask it which symbols are taken. */
  private readonly contexts = new Map<number, DraftContext>();
  private thread!: FallbackWorker<OfflineRequest, OfflineReply>;

  private constructor() {
    super();
  }

  static async start(): Promise<OfflineThreadEngine> {
    const engine = new OfflineThreadEngine();
    engine.thread = await FallbackWorker.start<OfflineRequest, OfflineReply>(
      new URL("./offline-thread.ts", import.meta.url),
      "offline engine",
      (message) => {
        if (message.kind !== "taken") return false;
        engine.answerTaken(message);
        return true;
      },
    );
    return engine;
  }

  override async draftIdentity(
    request: IdentityRequest,
    context: DraftContext,
    engineLabel = OFFLINE_LABEL,
  ): Promise<AiProfile> {
    let asked = 0;
    try {
      return await this.thread.call(
        (id) => {
          asked = id;
          this.contexts.set(id, context);
          return { kind: "identity", id, request, label: engineLabel };
        },
        (reply) => answerOf(reply, "identity").profile,
        () => super.draftIdentity(request, context, engineLabel),
      );
    } finally {
      this.contexts.delete(asked);
    }
  }

  override async chat(request: AgentChatRequest, engineLabel = "answered offline"): Promise<ChatReply> {
    const { signal: _signal, ...plain } = request;
    const text = await this.thread.call(
      (id) => ({ kind: "chat", id, request: plain }),
      (reply) => answerOf(reply, "chat").text,
      async () => composeAnswer(request),
    );
    return { engine: { kind: "offline", label: engineLabel }, chunks: streamAnswer(text) };
  }

  override async draftRewards(
    request: RewardDraftRequest,
    engineLabel = OFFLINE_REWARDS_LABEL,
  ): Promise<{ drafts: RewardDraft[]; engine: string }> {
    const drafts = await this.thread.call(
      (id) => ({ kind: "rewards", id, request }),
      (reply) => answerOf(reply, "rewards").drafts,
      async () => (await super.draftRewards(request, engineLabel)).drafts,
    );
    return { drafts, engine: engineLabel };
  }

  close(): Promise<void> {
    return this.thread.close();
  }

  /** The thread's drafting asks which symbols are taken: the request's own context answers. */
  private answerTaken(question: Question): void {
    const answer = (taken: string[] | null) =>
      this.thread.send({ kind: "taken", callId: question.callId, taken });
    const context = this.contexts.get(question.id);
    if (!context) answer(null);
    else
      context.takenSymbols(question.symbols).then(
        (taken) => answer([...taken]),
        () => answer(null),
      );
  }
}

/** The thread's answer of `kind`, or its failure as an error. */
function answerOf<K extends "identity" | "chat" | "rewards">(
  reply: OfflineReply,
  kind: K,
): Extract<OfflineReply, { kind: K }> {
  if (reply.kind === kind) return reply as Extract<OfflineReply, { kind: K }>;
  throw new Error(reply.kind === "failed" ? reply.message : `unexpected ${reply.kind} reply`);
}
