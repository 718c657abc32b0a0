import http from "node:http";
import net from "node:net";
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, spawnServer } from "../support/server-process";

// F-1: one client holding every file descriptor while a checkpoint rotates the journal must
// not disable the ledger. The real server runs under a low `ulimit -n`; idle sockets fill
// its descriptor table through a checkpoint; once they close the ledger writes again on its
// own, with no restart.

const FD_LIMIT = 256;
let server: ServerProcess | null = null;
const held: net.Socket[] = [];
afterAll(async () => {
  for (const s of held) s.destroy();
  await server?.stop();
});

/** One kept-alive socket for every health poll: new connections are refused at the limit. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function request(port: number, method: string, urlPath: string, body?: unknown) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: urlPath,
        agent,
        headers: { "content-type": "application/json" },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += String(d)));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Opens a socket and asks for a page: true once answered (the socket stays held), false when
 * the server closes it unanswered (it accepted only to drop it: no descriptor left). */
function probe(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    held.push(socket);
    socket.once("data", () => resolve(true));
    socket.once("close", () => resolve(false));
    socket.once("error", () => undefined);
    socket.write("GET /api/no-such-page HTTP/1.1\r\nHost: x\r\n\r\n");
  });
}

function openIdle(port: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => resolve());
    socket.once("error", () => resolve());
    held.push(socket);
  });
}

type Health = { ledger: { ok: boolean; checkpoint?: { ok: boolean; error?: string } } };

async function until<T>(what: string, attempt: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    const value = await attempt().catch((err: unknown) => {
      last = err;
      return null;
    });
    if (value !== null) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what} (last error: ${String(last)})\n${server?.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const airdrop = (port: number, address: string) =>
  request(port, "POST", "/rpc", {
    jsonrpc: "2.0",
    id: 1,
    method: "requestAirdrop",
    params: [address, 1_000_000_000],
  });

describe("file descriptors exhausted during a checkpoint", () => {
  it("the ledger writes again within seconds once the sockets close, with no restart", {
    timeout: 180_000,
  }, async () => {
    const port = await freePort();
    server = await spawnServer({
      port,
      fdLimit: FD_LIMIT,
      env: {
        RATE_LIMITS: "off",
        CHECKPOINT_INTERVAL_MS: "1000",
        RPC_PUBSUB_PORT: "off",
        // This test is about surviving exhaustion: no per-client bound stops it early.
        MAX_CONNECTIONS_PER_IP: "0",
      },
    });

    // Fill the descriptor table: idle sockets in batches until a probe is dropped unanswered.
    let atLimit = false;
    for (let batch = 0; batch < 2 * (FD_LIMIT / 16) && !atLimit; batch++) {
      // The kept-alive socket is used between batches, so it stays open (keep-alive timeout).
      expect((await request(port, "GET", "/api/health")).status).toBe(200);
      await Promise.all(Array.from({ length: 16 }, () => openIdle(port)));
      atLimit = !(await probe(port));
    }
    expect(atLimit, "the server never ran out of descriptors").toBe(true);

    // A write (over the one kept-alive socket), so the next checkpoint has something to save
    // (it skips a clean state).
    const wallet = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
    expect((await airdrop(port, wallet)).body).toMatchObject({ result: expect.any(String) });

    // A checkpoint is attempted while no descriptor is free: it fails (old code: the journal
    // also stops for good).
    const during = await until(
      "a checkpoint attempt",
      async () => {
        const h = await request(port, "GET", "/api/health");
        const { ledger } = h.body as Health;
        return ledger.ok === false || ledger.checkpoint?.ok === false ? (h.body as Health) : null;
      },
      30_000,
    );

    for (const s of held.splice(0)) s.destroy();

    // Writes work again within seconds, and health comes back to 200 by itself.
    const again = await until(
      "an airdrop to be written",
      async () => {
        const res = await airdrop(port, wallet);
        return typeof (res.body as { result?: unknown }).result === "string" ? res : null;
      },
      // Seconds, with room for a busy machine: the back-off tops out at 5 s.
      20_000,
    );
    expect(again.status).toBe(200);
    const healthy = await until(
      "health to recover",
      async () => {
        const h = await request(port, "GET", "/api/health");
        return h.status === 200 && (h.body as Health).ledger.checkpoint?.ok === true ? h : null;
      },
      30_000,
    );
    expect(healthy.body).toMatchObject({ status: "ok", ledger: { ok: true, journal: { ok: true } } });
    // Said in health and at error level while it lasted.
    expect(JSON.stringify(during)).toMatch(/EMFILE: too many open files/);
    expect(JSON.stringify(during)).not.toContain(os.tmpdir()); // no server paths in public health
    expect(server.output()).toMatch(/"level":50.*ledger checkpoint failed \(EMFILE/);
    expect(server.proc.exitCode).toBeNull();
  });
});
