import type { ExploreToken } from "@shared/schemas/market";
import { describe, expect, it } from "vitest";
import {
  decodeCursor,
  type ExploreSort,
  encodeCursor,
  haystackOf,
  matches,
  needleOf,
  pageOf,
  positionOf,
  type RankedToken,
  rank,
} from "./explore.ranking";

// Explore's orders and keyset paging, on hand-made tokens.

function token(
  mint: string,
  o: {
    created: number;
    holders?: number;
    volume?: bigint;
    cap?: bigint | null;
    trust?: number | null;
    name?: string;
    user?: string;
  },
): RankedToken {
  return {
    card: { mint, name: o.name ?? mint, symbol: mint.toUpperCase() } as ExploreToken,
    createdAtMs: o.created,
    holders: o.holders ?? 0,
    volume24h: o.volume ?? 0n,
    marketCap: o.cap === undefined ? null : o.cap,
    trust: o.trust ?? null,
    haystack: haystackOf(o.name ?? mint, mint.toUpperCase(), o.user ?? null),
  };
}

const tokens = [
  token("a", { created: 1, holders: 5, volume: 10n, cap: 300n, trust: 40 }),
  token("b", { created: 2, holders: 9, volume: 0n, cap: null, trust: 0 }),
  token("c", { created: 3, holders: 5, volume: 99n, cap: 300n, trust: 91 }),
  token("d", { created: 4, holders: 0, volume: 10n, cap: 5n, trust: 40 }),
  token("e", { created: 4, holders: 0, volume: 0n }),
];
const mints = (list: RankedToken[]) => list.map((t) => t.card.mint);

describe("rank", () => {
  it("orders by each sort, ties newest first, then by mint", () => {
    expect(mints(rank(tokens, "new"))).toEqual(["d", "e", "c", "b", "a"]);
    expect(mints(rank(tokens, "holders"))).toEqual(["b", "c", "a", "d", "e"]);
    expect(mints(rank(tokens, "trending"))).toEqual(["c", "d", "a", "e", "b"]);
  });

  it("ranks by trust score, a score of 0 before a token not scored yet", () => {
    expect(mints(rank(tokens, "trust"))).toEqual(["c", "d", "a", "b", "e"]);
  });

  it("puts tokens without a market last by market cap, after a market cap of zero", () => {
    const withZero = [...tokens, token("f", { created: 0, cap: 0n })];
    expect(mints(rank(withZero, "marketCap"))).toEqual(["c", "a", "d", "f", "e", "b"]);
  });

  it("does not reorder its input", () => {
    const copy = [...tokens];
    rank(tokens, "holders");
    expect(tokens).toEqual(copy);
  });
});

describe("pageOf", () => {
  const sorts: ExploreSort[] = ["new", "trending", "holders", "marketCap", "trust"];

  it("walks every order in pages of any size, each token once", () => {
    for (const sort of sorts) {
      const ordered = rank(tokens, sort);
      for (const limit of [1, 2, 3, 5, 6]) {
        const seen: string[] = [];
        let after = null;
        for (let i = 0; i < 10; i++) {
          const page = pageOf(ordered, sort, after, limit);
          seen.push(...mints(page.tokens));
          if (!page.nextCursor) break;
          after = decodeCursor(page.nextCursor, sort);
        }
        expect(seen, `${sort}/${limit}`).toEqual(mints(ordered));
      }
    }
  });

  it("has no next cursor on the last page", () => {
    expect(pageOf(rank(tokens, "new"), "new", null, 5).nextCursor).toBeNull();
    expect(pageOf(rank(tokens, "new"), "new", null, 4).nextCursor).not.toBeNull();
  });

  it("resumes after the cursor's position when the list changed meanwhile", () => {
    const ordered = rank(tokens, "holders");
    const first = pageOf(ordered, "holders", null, 2); // b, c
    // "a" gains holders and moves above the cursor; "z" appears at the end.
    const moved = rank(
      [
        ...tokens.filter((t) => t.card.mint !== "a"),
        token("a", { created: 1, holders: 20 }),
        token("z", { created: 0 }),
      ],
      "holders",
    );
    const next = pageOf(moved, "holders", decodeCursor(first.nextCursor as string, "holders"), 10);
    // Nothing already served comes again; what was below the cursor still follows.
    expect(mints(next.tokens)).toEqual(["d", "e", "z"]);
  });

  it("resumes after a token that left the list", () => {
    const ordered = rank(tokens, "new");
    const first = pageOf(ordered, "new", null, 2); // d, e
    const without = ordered.filter((t) => t.card.mint !== "e");
    expect(mints(pageOf(without, "new", decodeCursor(first.nextCursor as string, "new"), 10).tokens)).toEqual(
      ["c", "b", "a"],
    );
  });
});

describe("cursors", () => {
  it("round-trips a position and is opaque", () => {
    const t = token("Mint111", { created: 1_700_000_000_123, cap: 10n ** 25n });
    const p = positionOf(t, "marketCap");
    const cursor = encodeCursor("marketCap", p);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, "marketCap")).toEqual(p);
  });

  it("refuses garbage, tampering and another sort's cursor with a 400", () => {
    const good = encodeCursor("new", positionOf(tokens[0] as RankedToken, "new"));
    const tampered = Buffer.from(JSON.stringify({ s: "new", p: "1e9", c: 1, m: "a" })).toString("base64url");
    for (const bad of ["", "%%%", "bm90IGpzb24", tampered, Buffer.from("null").toString("base64url")]) {
      expect(() => decodeCursor(bad, "new"), bad).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
    expect(() => decodeCursor(good, "holders")).toThrow(/another sort/);
  });
});

describe("search", () => {
  const cafe = token("cafe", { created: 1, name: "Café Sessions", user: "Ana_Lopez" });
  it("matches name, symbol and creator, ignoring case, accents, $ and @", () => {
    for (const q of ["café", "CAFE", "$cafe", "sessions", "@ana_lopez", "ANA", "ｃａｆｅ"]) {
      expect(matches(cafe, needleOf(q)), q).toBe(true);
    }
    expect(matches(cafe, needleOf("tea"))).toBe(false);
    expect(needleOf(undefined)).toBe("");
    expect(needleOf("   ")).toBe("");
  });

  it("spells out letters no decomposition takes apart, on both sides: ß, æ, œ, ø, ł, đ", () => {
    const folded = [
      ["Straße", "strasse"],
      ["STRAẞE", "strasse"],
      ["Æon", "aeon"],
      ["Œuvre", "oeuvre"],
      ["Øresund", "oresund"],
      ["Łódź", "lodz"],
      ["Đakovo", "dakovo"],
    ] as const;
    for (const [name, typed] of folded) {
      const t = token("fold", { created: 1, name });
      expect(matches(t, needleOf(typed)), `${typed} finds ${name}`).toBe(true);
      expect(matches(t, needleOf(name)), `${name} finds itself`).toBe(true);
    }
    expect(needleOf("Straße")).toBe("strasse");
  });
});
