import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

// Shutdown must not wait on a client that is not being answered. Node's closeIdleConnections
// (forceCloseConnections: "idle") ends kept-alive sockets idle at that moment, but not one that
// connected and said nothing (a browser's preconnect) or stopped mid-headers, nor one whose
// answer ends after it: close() then waited for their connectionTimeout or keepAliveTimeout,
// and main's 10 s guard exited with code 1 before the ledger's checkpoint and the database's
// close.

/** On close, ends every socket with no request being answered, and each other one as soon as
 * its answers are sent; requests in flight finish. */
export function closeQuietSocketsOnClose(app: FastifyInstance): void {
  const sockets = new Set<Socket>();
  const answering = new WeakMap<Socket, number>();
  let closing = false;
  app.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  app.server.on("request", (request, response) => {
    const socket: Socket = request.socket;
    answering.set(socket, (answering.get(socket) ?? 0) + 1);
    response.once("close", () => {
      const left = (answering.get(socket) ?? 1) - 1;
      answering.set(socket, left);
      if (closing && left === 0) socket.end();
    });
  });
  // preClose runs just before the server stops listening; sockets upgraded to WebSockets
  // have no request in flight and end here too.
  app.addHook("preClose", (done) => {
    closing = true;
    for (const socket of sockets) if (!answering.get(socket)) socket.destroy();
    done();
  });
}
