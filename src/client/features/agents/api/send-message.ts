import type { ChatMessage, ChatRequest, ChatResponse, ChatStreamEvent } from "@shared/schemas/agents";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { ApiError, apiErrorOf, serverFetch } from "@/lib/api";

export interface StreamHandlers {
  onMeta?(meta: { engine: ChatResponse["engine"]; userMessage: ChatMessage }): void;
  onDelta(text: string): void;
}

/** POST /api/ai-agents/chat as server-sent events: `meta`, `delta`…, then `done` with the
 * stored reply. Refusals (403 'You need N SYMBOL tokens…', 429, 404) arrive as ordinary JSON
 * errors before any event and throw ApiError, like every other call. */
export async function sendMessage(
  body: ChatRequest,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<ChatMessage> {
  const res = await serverFetch("/api/ai-agents/chat", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok || !res.body) throw apiErrorOf(res.status, res.statusText, await res.text());

  return readChatStream(res.body, handlers);
}

/** Reads the answer's event stream (parsed by eventsource-parser, so chunk boundaries, CRLF
 * line ends and multi-line data follow the SSE spec) until `done` or `error`. */
export async function readChatStream(
  body: ReadableStream<BufferSource>,
  handlers: StreamHandlers,
): Promise<ChatMessage> {
  // A reader loop, not `for await`: Safari cannot iterate a ReadableStream yet.
  const events = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    const { value: message, done } = await events.read();
    if (done) break;
    if (!message.event || !message.data) continue;
    const event = { event: message.event, data: JSON.parse(message.data) } as ChatStreamEvent;
    if (event.event === "meta") handlers.onMeta?.(event.data);
    else if (event.event === "delta") handlers.onDelta(event.data.text);
    else if (event.event === "done") return event.data.reply;
    else if (event.event === "error") throw new ApiError(502, event.data.error);
  }
  throw new ApiError(502, "The agent stopped answering. Please try again.");
}
