import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import {
  AgentSchema,
  ChatMessageSchema,
  ChatRequestSchema,
  ChatResponseSchema,
  CreateAgentSchema,
  ManagedAgentSchema,
  UpdateAgentSchema,
} from "@shared/schemas/agents";
import { IdParamsSchema } from "@shared/schemas/params";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { perIp, perUser } from "../../plugins/rate-limits";
import type { AgentsService, ChatSession } from "./agents.service";

/** Token-gated agents (spec /ai-agents). Chat answers as server-sent events when the client
 * sends `Accept: text/event-stream` (see `ChatStreamEvent`), else as one JSON object. */
export function agentsRoutes(agents: AgentsService, chatPerMinute: number): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get("/api/ai-agents", { schema: { response: { 200: z.array(AgentSchema) } } }, async (request) =>
      agents.list(await request.userId()),
    );

    app.get(
      "/api/ai-agents/mine",
      { schema: { response: { 200: z.array(ManagedAgentSchema) } } },
      async (request) => agents.listMine(await request.requireUserId()),
    );

    app.post(
      "/api/ai-agents",
      { schema: { body: CreateAgentSchema, response: { 201: ManagedAgentSchema } } },
      async (request, reply) => {
        const userId = await request.requireUserId();
        return reply.status(201).send(await agents.create(userId, request.body));
      },
    );

    app.patch(
      "/api/ai-agents/:id",
      { schema: { params: IdParamsSchema, body: UpdateAgentSchema, response: { 200: ManagedAgentSchema } } },
      async (request) => agents.update(await request.requireUserId(), request.params.id, request.body),
    );

    app.get(
      "/api/ai-agents/:id/messages",
      { schema: { params: IdParamsSchema, response: { 200: z.array(ChatMessageSchema) } } },
      async (request) => agents.history(await request.requireUserId(), request.params.id),
    );

    app.post(
      "/api/ai-agents/chat",
      {
        schema: { body: ChatRequestSchema },
        config: perIp("agent-chat", { max: chatPerMinute * 4, timeWindow: "1 minute" }),
        preHandler: perUser(
          app,
          "agent-chat",
          { max: chatPerMinute, timeWindow: "1 minute" },
          "Too many messages in a row. Please wait a minute.",
        ),
      },
      async (request, reply) => {
        const userId = await request.requireUserId();
        const aborted = abortWhenClientLeaves(reply.raw);
        const session = await agents.startChat(
          userId,
          request.body.agentId,
          request.body.message,
          aborted,
          request.body.idempotencyKey,
        );
        if (wantsStream(request)) {
          return reply
            .header("content-type", "text/event-stream; charset=utf-8")
            .header("cache-control", "no-cache, no-transform")
            .header("x-accel-buffering", "no")
            .send(Readable.from(sse(session, request)));
        }
        for await (const _chunk of session.chunks) {
          // Drained: the reply is stored when the stream ends.
        }
        return ChatResponseSchema.parse({
          userMessage: session.userMessage,
          reply: await session.saved(),
          engine: session.engine,
        });
      },
    );
  };
}

function wantsStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? "").includes("text/event-stream");
}

/** Aborts a provider call when the connection closes before the answer is complete. */
function abortWhenClientLeaves(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** The SSE body. Deltas that are ready together (the offline engine produces its whole
 * answer at once) go out in one write; a provider's slower chunks go out as they come. */
async function* sse(session: ChatSession, request: FastifyRequest): AsyncIterable<string> {
  yield event("meta", { engine: session.engine, userMessage: session.userMessage });
  const chunks = session.chunks[Symbol.asyncIterator]();
  try {
    let buffer = "";
    let tick = nextMacrotask();
    let pending = chunks.next();
    for (;;) {
      const first = await Promise.race([pending, tick]);
      let next: IteratorResult<string>;
      if (first === TICK) {
        if (buffer) yield buffer;
        buffer = "";
        next = await pending;
        tick = nextMacrotask();
      } else {
        next = first;
      }
      if (next.done) break;
      buffer += event("delta", { text: next.value });
      pending = chunks.next();
    }
    yield `${buffer}${event("done", { reply: await session.saved() })}`;
  } catch (err) {
    request.log.error({ err }, "agent reply failed mid-stream");
    yield event("error", { error: "The agent stopped answering. Please try again." });
  } finally {
    // The listener left early: end the reply so what was said is stored.
    await chunks.return?.();
  }
}

const TICK = Symbol("tick");
const nextMacrotask = () => new Promise<typeof TICK>((resolve) => setImmediate(() => resolve(TICK)));
