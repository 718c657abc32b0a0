import http from "node:http";
import type { FastifyInstance } from "fastify";

// Solana clients look for PubSub on the RPC port + 1 (solana-test-validator's 8899/8900):
// web3.js's `new Connection("http://localhost:5000/rpc")` subscribes at
// ws://localhost:5001/rpc, and without it cannot confirm anything. This second port takes
// WebSocket upgrades only, at any path, and hands them to the app's PubSub route (GET /rpc),
// so they pass the same hooks, limits and shutdown as on the main port.

export async function listenPubSub(
  app: FastifyInstance,
  options: { port: number; host: string },
): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    response
      .writeHead(426, {
        "content-type": "text/plain; charset=utf-8",
        upgrade: "websocket",
        connection: "close",
      })
      .end("This port serves Solana PubSub over WebSocket; JSON-RPC is on the main port at /rpc.\n");
  });
  // The same bounds as the main port (see the Fastify options in app.ts).
  server.setTimeout(app.server.timeout);
  server.headersTimeout = app.server.headersTimeout;
  server.requestTimeout = app.server.requestTimeout;
  app.connections.attach(server);
  server.on("upgrade", (request: http.IncomingMessage, socket, head) => {
    request.url = "/rpc";
    app.server.emit("upgrade", request, socket, head);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
