import type { ChatMessage, ChatResponse, ChatStreamEvent } from "@shared/schemas/agents";
import { ApiError } from "@/lib/api";

export interface StreamHandlers {
  onMeta?(meta: { engine: ChatResponse["engine"]; userMessage: ChatMessage }): void;
  onDelta(text: string): void;
}

/** POST /api/ai-agents/chat as server-sent events: `meta`, `delta`…, then `done` with the
 * stored reply. Refusals (403 'You need N SYMBOL tokens…', 429, 404) arrive as ordinary JSON
 * errors before any event and throw ApiError, like every other call. */
export async function sendMessage(
  body: { agentId: string; message: string },
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<ChatMessage> {
  const res = await fetch("/api/ai-agents/chat", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok || !res.body) {
    const text = await res.text();
    let parsed: { error?: string; fields?: Record<string, string> } | null = null;
    try {
      parsed = JSON.parse(text) as { error?: string; fields?: Record<string, string> };
    } catch {
      /* not JSON */
    }
    throw new ApiError(
      res.status,
      parsed?.error ?? `${res.status}: ${text || res.statusText}`,
      parsed?.fields,
    );
  }

  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const event = parseEvent(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      if (!event) continue;
      if (event.event === "meta") handlers.onMeta?.(event.data);
      else if (event.event === "delta") handlers.onDelta(event.data.text);
      else if (event.event === "done") return event.data.reply;
      else if (event.event === "error") throw new ApiError(502, event.data.error);
    }
  }
  throw new ApiError(502, "The agent stopped answering. Please try again.");
}

function parseEvent(block: string): ChatStreamEvent | null {
  const name = /^event: (.+)$/m.exec(block)?.[1];
  const data = /^data: (.+)$/m.exec(block)?.[1];
  if (!name || !data) return null;
  return { event: name, data: JSON.parse(data) } as ChatStreamEvent;
}
