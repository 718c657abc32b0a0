import { benchConnection } from "./bench-connection";

/** A JSON POST over a kept-alive connection (bench-connection.ts). Resolves with the status;
 * the body is dropped, except that a refusal's `code` is counted in `refusals` when given. */
export function leanPoster(baseUrl: string, cookie: string, refusals?: Map<string, number>) {
  const { request } = benchConnection(baseUrl);
  return async (path: string, body: unknown): Promise<number> => {
    const answer = await request("POST", path, cookie, body, refusals !== undefined);
    if (refusals && answer.status >= 400) {
      let code = `HTTP ${answer.status}`;
      try {
        code = `${answer.status} ${(JSON.parse(answer.body ?? "") as { code?: string }).code ?? ""}`;
      } catch {}
      refusals.set(code, (refusals.get(code) ?? 0) + 1);
    }
    return answer.status;
  };
}
