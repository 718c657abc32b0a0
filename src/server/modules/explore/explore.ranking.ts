import type { ExploreToken } from "@shared/schemas/market";
import { badRequest } from "../../http-errors";
import { sortedPosition } from "../../lib/sorted-position";

// Pure ranking, search and cursor logic of Explore: no I/O, so the orders and the paging
// guarantees are unit-tested on their own (explore.ranking.test.ts).

export type ExploreSort = "new" | "trending" | "holders" | "marketCap" | "trust";

/** A card with what it is ranked and searched by, computed once per snapshot. */
export interface RankedToken {
  card: ExploreToken;
  createdAtMs: number;
  holders: number;
  volume24h: bigint;
  /** null without a market: ranked after every token with one. */
  marketCap: bigint | null;
  /** The trust score; null until computed: ranked after every scored token. */
  trust: number | null;
  /** Name, symbol and creator username, normalised for search. */
  haystack: string;
}

/** The position of a token in an order: primary key, then newest first, then mint. A token's
 * position is total and unique, so a cursor made of it resumes exactly after it. */
export interface Position {
  primary: bigint;
  createdAtMs: number;
  mint: string;
}

export function positionOf(t: RankedToken, sort: ExploreSort): Position {
  return { primary: primaryOf(t, sort), createdAtMs: t.createdAtMs, mint: t.card.mint };
}

function primaryOf(t: RankedToken, sort: ExploreSort): bigint {
  switch (sort) {
    case "new":
      return BigInt(t.createdAtMs);
    case "trending":
      return t.volume24h;
    case "holders":
      return BigInt(t.holders);
    case "marketCap":
      // No market sorts last: below every real market cap (which is >= 0).
      return t.marketCap ?? -1n;
    case "trust":
      return BigInt(t.trust ?? -1);
  }
}

/** Negative when `a` comes first: larger primary first, then newer, then mint ascending. */
export function comparePositions(a: Position, b: Position): number {
  if (a.primary !== b.primary) return a.primary > b.primary ? -1 : 1;
  if (a.createdAtMs !== b.createdAtMs) return b.createdAtMs - a.createdAtMs;
  return a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0;
}

/** The tokens in `sort` order (a new array; the input is not touched). */
export function rank(tokens: readonly RankedToken[], sort: ExploreSort): RankedToken[] {
  const keyed = tokens.map((t) => ({ t, p: positionOf(t, sort) }));
  keyed.sort((a, b) => comparePositions(a.p, b.p));
  return keyed.map((k) => k.t);
}

/** Letters that no Unicode decomposition takes apart, spelt as a reader without them types
 * them: "strasse" finds "Straße", "aeon" "Æon", "oresund" "Øresund", "lodz" "Łódź". */
const FOLDS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ħ: "h",
  ı: "i",
  ŧ: "t",
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLDS).join("")}]`, "gu");

/** Lower case, compatibility-normalised, accents dropped, letters like ß spelt out: "Café"
 * finds "CAFE", "strasse" "Straße". The same on both sides (the haystack and the needle). */
export function normaliseSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(FOLDABLE, (c) => FOLDS[c] ?? c);
}

export function haystackOf(name: string, symbol: string, username: string | null): string {
  return normaliseSearch([name, symbol, username ?? ""].join("\n"));
}

/** The search as typed: "$ABC" and "@maya" find the symbol and the creator too. */
export function needleOf(q: string | undefined): string {
  return normaliseSearch((q ?? "").trim().replace(/^[$@]+/, "")).trim();
}

export function matches(t: RankedToken, needle: string): boolean {
  return needle === "" || t.haystack.includes(needle);
}

// The cursor is opaque to clients: base64url of the last position served and its sort.
interface CursorBody {
  s: ExploreSort;
  p: string;
  c: number;
  m: string;
}

export function encodeCursor(sort: ExploreSort, p: Position): string {
  const body: CursorBody = { s: sort, p: p.primary.toString(), c: p.createdAtMs, m: p.mint };
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

const INVALID = "Invalid cursor: start again from the first page";

/** The position a cursor names; a 400 for anything this server did not make for `sort`. */
export function decodeCursor(cursor: string, sort: ExploreSort): Position {
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<CursorBody>;
  } catch {
    throw badRequest(INVALID, { cursor: INVALID }, "INVALID_CURSOR");
  }
  const ok =
    body !== null &&
    typeof body === "object" &&
    typeof body.p === "string" &&
    /^-?\d{1,30}$/.test(body.p) &&
    typeof body.c === "number" &&
    Number.isSafeInteger(body.c) &&
    typeof body.m === "string" &&
    body.m.length <= 64;
  if (!ok) throw badRequest(INVALID, { cursor: INVALID }, "INVALID_CURSOR");
  if (body.s !== sort) {
    const message = "This cursor belongs to another sort: start again from the first page";
    throw badRequest(message, { cursor: message }, "INVALID_CURSOR");
  }
  return { primary: BigInt(body.p as string), createdAtMs: body.c as number, mint: body.m as string };
}

/** The page after `after` (from the start without it): keyset paging over a ranked list, so
 * while the list is stable no token appears twice or is skipped, and a token that moved
 * meanwhile is found by its new position. */
export function pageOf(
  ordered: readonly RankedToken[],
  sort: ExploreSort,
  after: Position | null,
  limit: number,
): { tokens: RankedToken[]; nextCursor: string | null } {
  // First index strictly after the cursor's position (the order is total).
  const start = after ? sortedPosition(ordered, (t) => comparePositions(positionOf(t, sort), after) <= 0) : 0;
  const tokens = ordered.slice(start, start + limit);
  const last = tokens[tokens.length - 1];
  const more = start + limit < ordered.length;
  return { tokens, nextCursor: more && last ? encodeCursor(sort, positionOf(last, sort)) : null };
}
