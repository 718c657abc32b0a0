import http from "node:http";

/** A JSON POST over a kept-alive connection: the load generator shares this machine's two
 * cores with the server, so it should cost as little as it can (fetch costs several times
 * more CPU per request). Resolves with the status; the body is read and dropped. */
export function leanPoster(baseUrl: string, cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(baseUrl);
  return (path: string, body: unknown) =>
    new Promise<number>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        {
          agent,
          hostname,
          port,
          path,
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(payload),
            origin: baseUrl,
            cookie,
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
}
