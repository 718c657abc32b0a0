import { createConnection, createServer, type Server, type Socket } from "node:net";

// A TCP proxy in front of a server (Redis), to cut one node's link in a test while the server
// and every other client keep going: `cut` closes the port and every connection through it
// (as a dead proxy or a closed firewall port would: connects are refused), `freeze` keeps the
// connections open but passes nothing either way (a silent network: no error, no answer),
// `restore` serves again on the same port.

export interface TcpProxy {
  /** The target's URL with the proxy's host and port in place of its own. */
  url: string;
  cut(): Promise<void>;
  freeze(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let frozen = false;
  let server: Server | null = null;

  const accept = (client: Socket) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    if (frozen) return;
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 6379) });
    sockets.add(upstream);
    upstream.on("close", () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on("error", () => upstream.destroy());
    client.on("close", () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer(accept);
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        server = s;
        resolve((s.address() as { port: number }).port);
      });
    });
  const port = await listen(0);
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  const cut = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  return {
    url: url.toString(),
    cut,
    freeze() {
      frozen = true;
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    async restore() {
      await cut();
      frozen = false;
      await listen(port);
    },
    close: cut,
  };
}
