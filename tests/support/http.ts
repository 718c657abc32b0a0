/** A tiny cookie-keeping HTTP client for API tests: one per simulated person. */
export class Client {
  /** The cookies this client holds (session, trusted device), by name. */
  private jar = new Map<string, string>();

  /** The Cookie header this client sends (tests copy it to play a thief). */
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  set cookie(header: string) {
    this.jar.clear();
    for (const pair of header.split(";")) {
      const [name, value] = pair.trim().split("=");
      if (name && value) this.jar.set(name, value);
    }
  }

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
      const [name = "", value] = pair.split("=");
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, value);
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
