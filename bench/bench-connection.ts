import { Client } from "undici";

/** An answer: its status and, for a refusal when asked for, its body. */
export interface BenchAnswer {
  status: number;
  body?: string;
}

/** One kept-alive connection that sends one request at a time, on undici's client. The load
 * generator shares this machine's two cores with the server: node's http client spent about
 * 100 us of CPU per request, undici's about 60 (decision 023), CPU the server then has. */
export function benchConnection(baseUrl: string) {
  const client = new Client(baseUrl, { pipelining: 1 });
  const { origin } = new URL(baseUrl);
  const request = async (
    method: "GET" | "POST",
    path: string,
    cookie: string,
    body?: unknown,
    refusalBody = false,
  ): Promise<BenchAnswer> => {
    const headers: Record<string, string> = { origin };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await client.request({
      method,
      path,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (refusalBody && res.statusCode >= 400) return { status: res.statusCode, body: await res.body.text() };
    await res.body.dump();
    return { status: res.statusCode };
  };
  return { request, close: () => client.destroy() };
}
