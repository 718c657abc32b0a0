import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

// A local stand-in for an LLM provider that speaks the real wire protocols the AI SDK
// uses: OpenAI Chat Completions (JSON, and SSE when `stream: true`) and Gemini
// generateContent / streamGenerateContent?alt=sse. Tests script each answer.

export type Reply =
  /** A normal answer with this text (JSON text for structured output calls). */
  | { kind: "text"; text: string; chunkDelayMs?: number; stallAfterChunks?: number }
  /** An HTTP error in the provider's error format. */
  | { kind: "status"; status: number; message?: string }
  /** Accept the request and never answer within `ms`. */
  | { kind: "hang"; ms: number };

export interface Recorded {
  protocol: "openai" | "gemini";
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  stream: boolean;
}

export interface FakeLlm {
  /** Base URL for AI_BASE_URL: `${url}/v1` (OpenAI style) or `${url}/v1beta` (Gemini). */
  url: string;
  requests: Recorded[];
  /** Queue answers for the next requests; when the queue is empty `fallback` answers. */
  enqueue(...replies: Reply[]): void;
  fallback: (request: Recorded) => Reply;
  close(): Promise<void>;
}

export async function startFakeLlm(
  fallback: (request: Recorded) => Reply = () => ({ kind: "text", text: "Hello from the fake model." }),
): Promise<FakeLlm> {
  const queue: Reply[] = [];
  const requests: Recorded[] = [];
  const sockets = new Set<Socket>();
  const fake: FakeLlm = {
    url: "",
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    fallback,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const path = req.url ?? "/";
    const protocol = path.includes("/chat/completions")
      ? "openai"
      : /:(stream)?generateContent/i.test(path)
        ? "gemini"
        : null;
    if (!protocol) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const stream = protocol === "openai" ? body.stream === true : /:streamGenerateContent/.test(path);
    const recorded: Recorded = { protocol, path, headers: req.headers, body, stream };
    requests.push(recorded);
    const reply = queue.shift() ?? fake.fallback(recorded);

    if (reply.kind === "hang") {
      const timer = setTimeout(() => res.destroy(), reply.ms);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    if (reply.kind === "status") {
      const message = reply.message ?? `fake error ${reply.status}`;
      const errorBody =
        protocol === "openai"
          ? {
              error: {
                message,
                type: reply.status === 429 ? "rate_limit_exceeded" : "server_error",
                code: null,
              },
            }
          : {
              error: {
                code: reply.status,
                message,
                status: reply.status === 429 ? "RESOURCE_EXHAUSTED" : "INTERNAL",
              },
            };
      res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(errorBody));
      return;
    }
    if (!stream) {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(
          JSON.stringify(
            protocol === "openai" ? openAiCompletion(reply.text) : geminiResponse(reply.text, true),
          ),
        );
      return;
    }
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    const pieces = reply.text.match(/\S+\s*/g) ?? [reply.text];
    for (const [i, piece] of pieces.entries()) {
      if (reply.chunkDelayMs) await new Promise((r) => setTimeout(r, reply.chunkDelayMs));
      if (res.destroyed) return;
      if (reply.stallAfterChunks !== undefined && i >= reply.stallAfterChunks) return; // left open, silent
      const last = i === pieces.length - 1;
      res.write(
        `data: ${JSON.stringify(protocol === "openai" ? openAiChunk(piece, i === 0) : geminiResponse(piece, last))}\n\n`,
      );
    }
    if (protocol === "openai") res.write(`data: ${JSON.stringify(openAiFinish())}\n\ndata: [DONE]\n\n`);
    res.end();
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

const created = () => Math.floor(Date.now() / 1000);

function openAiCompletion(text: string) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: created(),
    model: "fake-model",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: text, refusal: null },
        logprobs: null,
        finish_reason: "stop",
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function openAiChunk(text: string, first: boolean) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: created(),
    model: "fake-model",
    choices: [
      {
        index: 0,
        delta: first ? { role: "assistant", content: text } : { content: text },
        logprobs: null,
        finish_reason: null,
      },
    ],
  };
}

function openAiFinish() {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: created(),
    model: "fake-model",
    choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function geminiResponse(text: string, last: boolean) {
  return {
    candidates: [
      { content: { parts: [{ text }], role: "model" }, index: 0, ...(last ? { finishReason: "STOP" } : {}) },
    ],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
    modelVersion: "fake-gemini",
  };
}
