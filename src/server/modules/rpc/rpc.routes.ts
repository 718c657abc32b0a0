import websocket from "@fastify/websocket";
import type { FastifyPluginAsync } from "fastify";
import type { Ledger } from "../../ledger/ledger";
import type { LimitsStore } from "../../limits/limits-store";
import { openToAnyOrigin } from "../../plugins/security";
import {
  answer,
  errorResponse,
  INVALID_REQUEST,
  PARSE_ERROR,
  RpcError,
  type RpcResponse,
  toJson,
} from "./rpc.protocol";
import type { RpcCaller, RpcService } from "./rpc.service";
import { SubscriptionSession } from "./rpc.subscriptions";

// POST /rpc: Solana JSON-RPC 2.0 over the ledger, single requests and batches, so standard
// clients (@solana/kit, @solana/web3.js, spl-token) can read our chain and submit to it.
// The body is parsed here rather than by Fastify, so malformed JSON gets JSON-RPC's -32700
// instead of an HTTP 400, and no zod schema applies.

const MAX_BATCH = 100;

/** `ledger` is where PubSub learns of commits; `service` answers the methods. */
export function rpcRoutes(
  service: RpcService,
  ledger: Ledger,
  options: { limits: LimitsStore; airdropsPerMinute?: number },
): FastifyPluginAsync {
  // Airdrops per client IP in a sliding minute (across API nodes when the store is shared).
  const airdropsPerMinute = options.airdropsPerMinute ?? 10;

  const handleOne = (item: unknown, caller: RpcCaller) =>
    answer(item, (method, params) => service.call(method, params, caller));

  return async (app) => {
    // Scoped to this plugin: take JSON bodies as text and parse them ourselves.
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );

    // PubSub (signature, account and slot subscriptions) on the same path, where the ledger
    // announces its commits: the embedded one does; a remote cluster has its own.
    const { onCommit } = ledger;
    if (onCommit) {
      await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
      app.get("/rpc", { websocket: true }, (socket) => {
        const session = new SubscriptionSession({ onCommit: onCommit.bind(ledger) }, service, (message) =>
          socket.send(toJson(message)),
        );
        socket.on("message", (data: Buffer) => void session.receive(data.toString("utf8")));
        socket.on("close", () => session.close());
      });
    }

    // Like a public Solana RPC node, open to browser apps on any origin (no cookies are read
    // here): the Solana Explorer's "custom RPC URL", a dapp in development. The preflight
    // allows whatever headers the client asks for (web3.js adds solana-client) and a page on
    // the public internet reaching this local server (Private Network Access).
    app.addHook("onSend", async (_request, reply) => {
      openToAnyOrigin(reply);
    });
    app.options("/rpc", async (request, reply) => {
      const headers = request.headers["access-control-request-headers"];
      if (headers) reply.header("access-control-allow-headers", headers);
      if (request.headers["access-control-request-private-network"] === "true")
        reply.header("access-control-allow-private-network", "true");
      return reply
        .header("access-control-allow-methods", "POST, OPTIONS")
        .header("access-control-max-age", "86400")
        .code(204)
        .send();
    });

    app.post("/rpc", { config: { openToAnyOrigin: true } }, async (request, reply) => {
      reply.type("application/json; charset=utf-8");
      let body: unknown;
      try {
        body = JSON.parse(typeof request.body === "string" ? request.body : "");
      } catch {
        return reply.send(toJson(errorResponse(null, new RpcError(PARSE_ERROR, "Parse error"))));
      }
      const caller: RpcCaller = {
        allowAirdrop: () => options.limits.log("airdrop", request.ip, 60_000, airdropsPerMinute, true),
      };
      if (!Array.isArray(body)) {
        const response = await handleOne(body, caller);
        // Like devnet's faucet: a refused airdrop is also an HTTP 429, which clients recognise.
        if (response?.error?.code === 429) reply.code(429);
        return response ? reply.send(toJson(response)) : reply.code(204).send();
      }
      if (body.length === 0 || body.length > MAX_BATCH) {
        return reply.send(toJson(errorResponse(null, new RpcError(INVALID_REQUEST, "Invalid request"))));
      }
      // In order, so a batch that sends then reads sees its own transaction.
      const responses: RpcResponse[] = [];
      for (const item of body) {
        const response = await handleOne(item, caller);
        if (response) responses.push(response);
      }
      return responses.length > 0 ? reply.send(toJson(responses)) : reply.code(204).send();
    });
  };
}
