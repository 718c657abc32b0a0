/** A tiny cookie-keeping HTTP client for API tests: one per simulated person. */
export class Client {
  /** The session cookie this client sends (tests copy it to play a thief). */
  cookie = "";
  /** `timeoutMs`: give up on an answer after this long (a killed server may leave one hanging). */
  constructor(
    readonly baseUrl: string,
    private timeoutMs?: number,
  ) {}

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.cookie) headers.cookie = this.cookie;
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: this.timeoutMs ? AbortSignal.timeout(this.timeoutMs) : undefined,
    });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(";");
      if (!pair) continue;
      const [name, value] = pair.split("=");
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookie = "";
      else this.cookie = `${name}=${value}`;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  get = <T = unknown>(path: string) => this.request<T>("GET", path);
  post = <T = unknown>(path: string, body: unknown = {}) => this.request<T>("POST", path, body);
  patch = <T = unknown>(path: string, body: unknown = {}) => this.request<T>("PATCH", path, body);
}
