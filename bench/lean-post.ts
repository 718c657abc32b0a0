import http from "node:http";

/** A JSON POST over a kept-alive connection: the load generator shares this machine's two
 * cores with the server, so it should cost as little as it can (fetch costs several times
 * more CPU per request). Resolves with the status; the body is dropped, except that a
 * refusal's `code` is counted in `refusals` when given. */
export function leanPoster(baseUrl: string, cookie: string, refusals?: Map<string, number>) {
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
          const status = res.statusCode ?? 0;
          if (!refusals || status < 400) {
            res.resume();
            res.on("end", () => resolve(status));
            return;
          }
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            let code = `HTTP ${status}`;
            try {
              code = `${status} ${(JSON.parse(Buffer.concat(chunks).toString()) as { code?: string }).code ?? ""}`;
            } catch {}
            refusals.set(code, (refusals.get(code) ?? 0) + 1);
            resolve(status);
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
}
