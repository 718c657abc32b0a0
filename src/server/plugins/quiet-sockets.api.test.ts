import net from "node:net";
import { describe, expect, it } from "vitest";
import { startTestApp } from "../../../tests/support/test-app";

// Closing the app ends sockets on which no request is being answered (silent, or stopped
// mid-headers), so a shutdown never waits out their 60 s connectionTimeout; a request in
// flight is still answered.

function connect(url: string, first?: string) {
  const { hostname, port } = new URL(url);
  return new Promise<{ socket: net.Socket; closed: Promise<void>; received: () => string }>((resolve) => {
    let received = "";
    const socket = net.connect(Number(port), hostname, () => {
      if (first) socket.write(first);
      resolve({
        socket,
        closed: new Promise((r) => socket.once("close", () => r())),
        received: () => received,
      });
    });
    socket.on("data", (d) => (received += String(d)));
    socket.once("error", () => undefined);
  });
}

describe("closing with quiet sockets open", () => {
  it("ends silent and half-sent sockets at once and still answers the request in flight", async () => {
    const t = await startTestApp();
    const silent = await connect(t.url);
    const halfSent = await connect(t.url, "GET /api/health HTTP/1.1\r\nHost: x\r\n");
    // The close begins while the server is answering this request.
    const arrived = new Promise((r) => t.app.server.once("request", r));
    const inFlight = await connect(t.url, "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    await arrived;
    // Without the fix this close waits for connectionTimeout (60 s) and the test times out.
    await t.close();
    await Promise.all([silent.closed, halfSent.closed]);
    expect(silent.received() + halfSent.received()).toBe("");
    // Answered, then ended by the server rather than kept alive for keepAliveTimeout (10 s).
    await inFlight.closed;
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 200 /);
  });
});
