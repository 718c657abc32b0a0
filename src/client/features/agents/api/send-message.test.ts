import type { ChatMessage } from "@shared/schemas/agents";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import { readChatStream } from "./send-message";

const reply = { id: "m2", role: "agent", content: "Hello there" } as unknown as ChatMessage;

/** The bytes of an event stream, cut into the given chunks as a network might deliver them. */
function streamOf(...chunks: string[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(body: ReadableStream<Uint8Array<ArrayBuffer>>) {
  const deltas: string[] = [];
  const metas: unknown[] = [];
  const result = await readChatStream(body, {
    onMeta: (meta) => metas.push(meta),
    onDelta: (text) => deltas.push(text),
  });
  return { result, deltas, metas };
}

describe("readChatStream", () => {
  it("reads meta, deltas and done split anywhere across chunks", async () => {
    const wire =
      `event: meta\ndata: ${JSON.stringify({ engine: "offline", userMessage: { id: "m1" } })}\n\n` +
      `: keep-alive\n\n` +
      `event: delta\ndata: {"text":"Hel"}\n\n` +
      `event: delta\ndata: {"text":"lo"}\n\n` +
      `event: done\ndata: ${JSON.stringify({ reply })}\n\n`;
    const cuts = [3, 17, 40, 41, 90, wire.length - 2];
    const chunks = cuts.map((end, i) => wire.slice(i === 0 ? 0 : cuts[i - 1], end));
    chunks.push(wire.slice(cuts.at(-1)));
    const { result, deltas, metas } = await read(streamOf(...chunks));
    expect(deltas).toEqual(["Hel", "lo"]);
    expect(metas).toEqual([{ engine: "offline", userMessage: { id: "m1" } }]);
    expect(result).toEqual(reply);
  });

  it("follows the SSE spec: CRLF line ends, 'data:' without a space, data over several lines", async () => {
    const wire =
      `event: delta\r\ndata:{"text":"one"}\r\n\r\n` +
      `event: delta\r\ndata: {"text":\r\ndata: "two"}\r\n\r\n` +
      `event: done\r\ndata: ${JSON.stringify({ reply })}\r\n\r\n`;
    const { result, deltas } = await read(streamOf(wire));
    expect(deltas).toEqual(["one", "two"]);
    expect(result).toEqual(reply);
  });

  it("turns an error event into an ApiError with the server's words", async () => {
    const body = streamOf(
      `event: delta\ndata: {"text":"Hi"}\n\nevent: error\ndata: {"error":"The agent broke off."}\n\n`,
    );
    await expect(read(body)).rejects.toEqual(new ApiError(502, "The agent broke off."));
  });

  it("says so when the stream ends without done", async () => {
    await expect(read(streamOf(`event: delta\ndata: {"text":"Hi"}\n\n`))).rejects.toThrow(
      "The agent stopped answering. Please try again.",
    );
  });
});
