import net from "node:net";

// A minimal Redis client (RESP2 over one TCP connection, commands pipelined in order): the
// limits need EVAL, DEL and QUIT only, and no Redis package is installed here.

const CONNECT_TIMEOUT_MS = 2_000;

type Reply = string | number | null | Reply[];

interface Pending {
  resolve: (reply: Reply) => void;
  reject: (err: Error) => void;
}

/** A reply Redis sent as an error (`-ERR ...`). */
export class RedisReplyError extends Error {}

export class RedisClient {
  private socket: net.Socket | null = null;
  private connecting: Promise<net.Socket> | null = null;
  private pending: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private closed = false;

  constructor(private url: URL) {}

  static fromUrl(url: string): RedisClient {
    const parsed = new URL(url);
    if (parsed.protocol !== "redis:") throw new Error("REDIS_URL must start with redis://");
    return new RedisClient(parsed);
  }

  /** Sends one command; rejects on a Redis error reply or a lost connection. */
  async command(...args: Array<string | number>): Promise<Reply> {
    if (this.closed) throw new Error("Redis client closed");
    const socket = await this.connection();
    return new Promise<Reply>((resolve, reject) => {
      this.pending.push({ resolve, reject });
      socket.write(encode(args));
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const socket = this.socket;
    if (!socket) return;
    await new Promise<void>((resolve) => {
      socket.once("close", () => resolve());
      socket.end();
    });
  }

  /** The open connection, or a new one (after a drop: the next command reconnects). */
  private connection(): Promise<net.Socket> {
    if (this.socket) return Promise.resolve(this.socket);
    if (this.connecting) return this.connecting;
    this.connecting = new Promise<net.Socket>((resolve, reject) => {
      const socket = net.createConnection({
        host: this.url.hostname || "127.0.0.1",
        port: Number(this.url.port || 6379),
      });
      socket.setNoDelay(true);
      // An address that never answers must not hold requests for the OS's minutes.
      socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new Error("Redis did not answer")));
      socket.once("error", reject);
      socket.once("connect", () => {
        socket.setTimeout(0);
        socket.off("error", reject);
        socket.on("error", () => undefined); // "close" follows and fails what is pending
        socket.on("data", (chunk: Buffer) => this.receive(chunk));
        socket.on("close", () => this.dropped(socket));
        // Written first on the connection: every later command runs after them.
        for (const handshake of this.handshake()) {
          this.pending.push({ resolve: () => undefined, reject: () => socket.destroy() });
          socket.write(encode(handshake));
        }
        this.socket = socket;
        resolve(socket);
      });
    }).finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private handshake(): Array<Array<string>> {
    const commands: string[][] = [];
    const password = decodeURIComponent(this.url.password);
    const user = decodeURIComponent(this.url.username);
    if (password) commands.push(user ? ["AUTH", user, password] : ["AUTH", password]);
    const db = this.url.pathname.replace(/^\//, "");
    if (db) commands.push(["SELECT", db]);
    return commands;
  }

  private dropped(socket: net.Socket): void {
    if (this.socket === socket) this.socket = null;
    this.buffer = Buffer.alloc(0);
    const lost = this.pending;
    this.pending = [];
    for (const p of lost) p.reject(new Error("Redis connection lost"));
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const parsed = parse(this.buffer, 0);
      if (!parsed) return;
      this.buffer = this.buffer.subarray(parsed.end);
      const waiter = this.pending.shift();
      if (!waiter) continue;
      if (parsed.value instanceof RedisReplyError) waiter.reject(parsed.value);
      else waiter.resolve(parsed.value);
    }
  }
}

function encode(args: Array<string | number>): string {
  let out = `*${args.length}\r\n`;
  for (const arg of args) {
    const text = String(arg);
    out += `$${Buffer.byteLength(text)}\r\n${text}\r\n`;
  }
  return out;
}

/** One reply from `offset`, or null when the buffer does not hold all of it yet. */
function parse(buf: Buffer, offset: number): { value: Reply | RedisReplyError; end: number } | null {
  const lineEnd = buf.indexOf("\r\n", offset);
  if (lineEnd < 0) return null;
  const kind = String.fromCharCode(buf[offset] ?? 0);
  const line = buf.toString("utf8", offset + 1, lineEnd);
  const next = lineEnd + 2;
  switch (kind) {
    case "+":
      return { value: line, end: next };
    case "-":
      return { value: new RedisReplyError(line), end: next };
    case ":":
      return { value: Number(line), end: next };
    case "$": {
      const length = Number(line);
      if (length < 0) return { value: null, end: next };
      if (buf.length < next + length + 2) return null;
      return { value: buf.toString("utf8", next, next + length), end: next + length + 2 };
    }
    case "*": {
      const count = Number(line);
      if (count < 0) return { value: null, end: next };
      const items: Reply[] = [];
      let failed: RedisReplyError | null = null;
      let at = next;
      for (let i = 0; i < count; i++) {
        const item = parse(buf, at);
        if (!item) return null;
        if (item.value instanceof RedisReplyError) failed ??= item.value;
        else items.push(item.value);
        at = item.end;
      }
      return { value: failed ?? items, end: at };
    }
    default:
      throw new Error(`Unexpected Redis reply type ${JSON.stringify(kind)}`);
  }
}
