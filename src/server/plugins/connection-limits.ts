import type { Server, Socket } from "node:net";

// What one client can hold open. Every socket costs a file descriptor, and a process out of
// descriptors cannot open files either (the ledger's journal, its checkpoints): so a cap per
// client address, and one in total, well below the descriptor limit. The count is shared by
// every port the app listens on (HTTP and PubSub).

export interface ConnectionLimits {
  /** Connections in all; beyond it new ones are closed at once. */
  total: number;
  /** Connections per remote address; 0 for none (behind a proxy every client shares one). */
  perIp: number;
}

export class ConnectionLimiter {
  private readonly open = new Map<string, number>();

  constructor(private readonly limits: ConnectionLimits) {}

  attach(server: Server): void {
    server.maxConnections = this.limits.total;
    if (this.limits.perIp > 0) server.on("connection", (socket: Socket) => this.admit(socket));
  }

  private admit(socket: Socket): void {
    const ip = socket.remoteAddress ?? "unknown";
    const count = this.open.get(ip) ?? 0;
    if (count >= this.limits.perIp) {
      socket.destroy();
      return;
    }
    this.open.set(ip, count + 1);
    socket.once("close", () => {
      const left = (this.open.get(ip) ?? 1) - 1;
      if (left > 0) this.open.set(ip, left);
      else this.open.delete(ip);
    });
  }
}
