import { type LanguageModel, streamText } from "ai";
import type { AgentChatRequest } from "../engine";
import { knowledgeFor, retrieve } from "../retrieval/knowledge";

/** The system prompt: persona, style, and only the passages retrieval found relevant, so
 * a model answers from the creator's notes as the offline engine does. */
export function systemPrompt(request: AgentChatRequest): string {
  const { agent, token } = request;
  const hits = retrieve(
    knowledgeFor(request),
    `${request.message} ${request.history.at(-2)?.content ?? ""}`,
    5,
  );
  return [
    `You are ${agent.name}, a ${agent.tier} AI agent for holders of ${token.name} (${token.symbol}), created by ${token.creator}.`,
    `Specialty: ${agent.specialty}. ${agent.description}`,
    `Capabilities: ${agent.capabilities.join("; ")}.`,
    `Response style: ${agent.responseStyle}. Keep answers under 200 words.`,
    `Token facts: total supply ${token.totalSupply} ${token.symbol}, fixed; mint ${token.mint}.`,
    "Answer from the creator's notes below and the token facts. If they do not cover the question, say plainly that the notes do not cover it; do not invent facts about the creator.",
    "Notes:",
    hits.length
      ? hits.map((h) => `- ${h.chunk.text}`).join("\n")
      : "(no passage of the notes matches this question)",
  ].join("\n");
}

/** Starts a streamed answer and waits for its first piece of text, so a provider that is
 * down, slow or refusing fails here (and the caller can fall back) rather than mid-reply.
 * `idleMs` bounds the wait for the first chunk and between chunks. */
export async function streamChatWithModel(
  model: LanguageModel,
  request: AgentChatRequest,
  idleMs: number,
  onLateFailure: (err: unknown) => void,
): Promise<AsyncIterable<string>> {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(new DOMException("timed out", "TimeoutError")), idleMs);
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new DOMException("timed out", "TimeoutError")), idleMs);
  };
  const signal = request.signal ? AbortSignal.any([request.signal, controller.signal]) : controller.signal;

  const result = streamText({
    model,
    system: systemPrompt(request),
    messages: [...request.history, { role: "user" as const, content: request.message }],
    maxRetries: 0,
    abortSignal: signal,
    // Errors arrive as stream parts and are handled below; the SDK's default handler
    // would print the whole error (request and response bodies) to the console.
    onError: () => {},
  });
  const parts = result.fullStream[Symbol.asyncIterator]();

  // Read until the first text (or a failure), then hand back that text plus the rest.
  let first = "";
  try {
    for (;;) {
      const next = await parts.next();
      if (next.done) break;
      const part = next.value;
      if (part.type === "error") throw part.error;
      if (part.type === "abort") throw signal.reason ?? new DOMException("aborted", "AbortError");
      if (part.type === "text-delta" && part.text) {
        first = part.text;
        break;
      }
    }
  } catch (err) {
    clearTimeout(timer);
    throw err;
  }
  touch();

  async function* rest(): AsyncIterable<string> {
    try {
      if (first) yield first;
      for (;;) {
        const next = await parts.next();
        if (next.done) return;
        touch();
        const part = next.value;
        if (part.type === "text-delta" && part.text) yield part.text;
        else if (part.type === "error" || part.type === "abort") {
          onLateFailure(part.type === "error" ? part.error : signal.reason);
          yield "\n\n(The AI provider stopped answering; this reply may be incomplete.)";
          return;
        }
      }
    } finally {
      clearTimeout(timer);
      // The listener went away (closed connection): stop the provider call too.
      controller.abort();
    }
  }
  return rest();
}
