import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../tests/support/test-app";

// One client cannot hold more than MAX_CONNECTIONS_PER_IP sockets: beyond it a new one is
// closed unanswered, and once one of its sockets closes it may open another.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MAX_CONNECTIONS_PER_IP: "3" });
});
afterAll(async () => {
  await t.close();
});

/** A socket that asks for a page: "answered" (and stays open) or "closed" unanswered. */
function ask(url: string): Promise<{ socket: net.Socket; outcome: "answered" | "closed" }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once("data", () => resolve({ socket, outcome: "answered" }));
    socket.once("close", () => resolve({ socket, outcome: "closed" }));
    socket.once("error", () => undefined);
    socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
  });
}

describe("connections per client", () => {
  it("closes a client's connection beyond its cap, and admits it again once one closes", async () => {
    const held = [await ask(t.url), await ask(t.url), await ask(t.url)];
    expect(held.map((h) => h.outcome)).toEqual(["answered", "answered", "answered"]);
    const extra = await ask(t.url);
    expect(extra.outcome).toBe("closed");

    const first = held[0]?.socket;
    const closed = new Promise((r) => first?.once("close", r));
    first?.destroy();
    await closed;
    // The server sees the close a moment later than the client: ask until it is admitted.
    let again = await ask(t.url);
    for (let i = 0; again.outcome === "closed" && i < 50; i++) again = await ask(t.url);
    expect(again.outcome).toBe("answered");
    for (const h of [...held, again]) h.socket.destroy();
  });
});
