import type { Worker } from "node:worker_threads";
import type { AiProfile } from "@shared/schemas/ai";
import type { RewardDraft } from "@shared/schemas/rewards";
import { perTurn } from "../../lib/per-turn";
import { spawnTypeScriptWorker } from "../../lib/ts-worker";
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

type Ask = Exclude<OfflineRequest, { kind: "taken" }>;
type Pending = {
  context?: DraftContext;
  settle: (reply: OfflineReply) => void;
  /** The same answer from the in-process engine, should the thread stop. */
  local: () => void;
};

/** The offline engine on its own thread (offline-thread.ts): the same answers as
 * OfflineEngine, off the server's event loop (docs/decisions/022-offline-engine-thread.md).
 * Should the thread stop, the in-process engine answers what it had in hand and everything
 * after: drafting never fails because of where it runs. */
export class OfflineThreadEngine extends OfflineEngine {
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped = false;
  private readonly post = perTurn<OfflineRequest>((batch) => this.worker.postMessage(batch));
  private readonly started: Promise<void>;

  private constructor(private worker: Worker) {
    super();
    let ready = () => {};
    let failed = (_err: Error) => {};
    this.started = new Promise((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    worker.on("message", (replies: OfflineReply[]) => {
      for (const reply of replies) {
        if (reply.kind === "ready") ready();
        else if (reply.kind === "taken") this.answerTaken(reply);
        else {
          const p = this.pending.get(reply.id);
          this.pending.delete(reply.id);
          p?.settle(reply);
        }
      }
    });
    const stop = (err?: unknown) => {
      this.stopped = true;
      failed(err instanceof Error ? err : new Error("the offline engine's thread stopped"));
      for (const p of this.pending.values()) p.local();
      this.pending.clear();
    };
    worker.on("error", stop);
    worker.on("exit", stop);
  }

  static async start(): Promise<OfflineThreadEngine> {
    const worker = spawnTypeScriptWorker(new URL("./offline-thread.ts", import.meta.url), null);
    const engine = new OfflineThreadEngine(worker);
    await engine.started;
    // The thread never keeps the process alive on its own.
    worker.unref();
    return engine;
  }

  override draftIdentity(
    request: IdentityRequest,
    context: DraftContext,
    engineLabel = OFFLINE_LABEL,
  ): Promise<AiProfile> {
    const local = () => super.draftIdentity(request, context, engineLabel);
    if (this.stopped) return local();
    return this.ask<AiProfile>(
      { kind: "identity", id: 0, request, label: engineLabel },
      (reply) => (reply.kind === "identity" ? reply.profile : null),
      local,
      context,
    );
  }

  override async chat(request: AgentChatRequest, engineLabel = "answered offline"): Promise<ChatReply> {
    if (this.stopped) return super.chat(request, engineLabel);
    const { signal: _signal, ...plain } = request;
    const text = await this.ask<string>(
      { kind: "chat", id: 0, request: plain },
      (reply) => (reply.kind === "chat" ? reply.text : null),
      async () => composeAnswer(request),
    );
    return { engine: { kind: "offline", label: engineLabel }, chunks: streamAnswer(text) };
  }

  override async draftRewards(
    request: RewardDraftRequest,
    engineLabel = OFFLINE_REWARDS_LABEL,
  ): Promise<{ drafts: RewardDraft[]; engine: string }> {
    if (this.stopped) return super.draftRewards(request, engineLabel);
    const drafts = await this.ask<RewardDraft[]>(
      { kind: "rewards", id: 0, request },
      (reply) => (reply.kind === "rewards" ? reply.drafts : null),
      async () => (await super.draftRewards(request, engineLabel)).drafts,
    );
    return { drafts, engine: engineLabel };
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.worker.terminate();
  }

  private ask<T>(
    req: Ask,
    from: (reply: OfflineReply) => T | null,
    local: () => Promise<T>,
    context?: DraftContext,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, {
        context,
        settle: (reply) => {
          const value = from(reply);
          if (value !== null) resolve(value);
          else reject(new Error(reply.kind === "failed" ? reply.message : `unexpected ${reply.kind} reply`));
        },
        local: () => void local().then(resolve, reject),
      });
      this.post({ ...req, id });
    });
  }

  /** The thread's drafting asks which symbols are taken: the request's own context answers. */
  private answerTaken(question: Extract<OfflineReply, { kind: "taken" }>): void {
    const context = this.pending.get(question.id)?.context;
    const answer = (taken: string[] | null) => {
      if (!this.stopped) this.post({ kind: "taken", callId: question.callId, taken });
    };
    if (!context) {
      answer(null);
      return;
    }
    context.takenSymbols(question.symbols).then(
      (taken) => answer([...taken]),
      () => answer(null),
    );
  }
}
