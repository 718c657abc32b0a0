import { badRequest } from "../../http-errors";

// Launch-window buyers in one order everywhere (the market state's top buyers, the paged list):
// most tokens first, then by address, so a page boundary between equal holdings is still exact.

export interface WindowBuy {
  trader: string;
  tokens: bigint;
}

/** How many of the largest launch buyers the market's state lists (GET /api/market/:mint). */
export const TOP_LAUNCH_BUYERS = 10;

export function byTokensThenAddress(a: WindowBuy, b: WindowBuy): number {
  if (a.tokens !== b.tokens) return a.tokens > b.tokens ? -1 : 1;
  return a.trader < b.trader ? -1 : a.trader > b.trader ? 1 : 0;
}

// The cursor: base64url of "<tokens>.<address>" of the last buyer served.
const encodeCursor = (b: WindowBuy) => Buffer.from(`${b.tokens}.${b.trader}`).toString("base64url");

function decodeCursor(cursor: string): WindowBuy {
  const match = /^(\d{1,40})\.([1-9A-HJ-NP-Za-km-z]{32,44})$/.exec(
    Buffer.from(cursor, "base64url").toString("utf8"),
  );
  if (!match?.[1] || !match[2]) {
    const message = "Invalid cursor: start again from the largest buyers";
    throw badRequest(message, { cursor: message }, "INVALID_CURSOR");
  }
  return { tokens: BigInt(match[1]), trader: match[2] };
}

/** The buyers (sorted by `byTokensThenAddress`) after `cursor`, at most `limit`, and the
 * cursor of the next page (null on the last). */
export function pageOf(
  sorted: WindowBuy[],
  query: { cursor?: string; limit: number },
): { page: WindowBuy[]; nextCursor: string | null } {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const found = after ? sorted.findIndex((b) => byTokensThenAddress(b, after) > 0) : 0;
  const from = found < 0 ? sorted.length : found;
  const page = sorted.slice(from, from + query.limit);
  const last = page.at(-1);
  return { page, nextCursor: from + query.limit < sorted.length && last ? encodeCursor(last) : null };
}
