import { EXPLORE_SORTS, type ExplorePage } from "@shared/schemas/market";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpWithWallet } from "../../../../tests/support/people";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// GET /api/explore against the real server, database and ledger: launched tokens, searched and
// paged. Markets and holders come from the market and the indexer; until those land here every
// token has none, so the orders by trending, holders and market cap are their ties (newest
// first), and their ranking by real figures is unit-tested in explore.ranking.test.ts.

interface ErrorBody {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

let t: TestApp;
/** Launched mints, oldest first. */
const launched: Array<{ mint: string; symbol: string; name: string; creator: string }> = [];

async function member(username: string) {
  const who = await signUpWithWallet(t.url, username);
  await who.c.post("/api/wallet/airdrop", { address: who.wallet, amount: 2 });
  return who;
}

async function launch(
  who: Awaited<ReturnType<typeof member>>,
  creator: string,
  name: string,
  symbol: string,
) {
  const res = await who.c.post<{ mintAddress: string }>("/api/tokens/create", {
    name,
    symbol,
    totalSupply: "1000000",
    userId: who.userId,
    creatorWallet: who.wallet,
  });
  expect(res.status).toBe(201);
  launched.push({ mint: res.body.mintAddress, symbol, name, creator });
  return res.body.mintAddress;
}

async function explore(query = "") {
  const res = await fetch(`${t.url}/api/explore${query}`);
  return { status: res.status, body: (await res.json()) as ExplorePage & ErrorBody };
}

/** Every page of a listing, following the cursors. */
async function walk(query: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const cursorPart: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const res = await explore(`?${query}&limit=${limit}${cursorPart}`);
    expect(res.status).toBe(200);
    expect(res.body.tokens.length).toBeLessThanOrEqual(limit);
    seen.push(...res.body.tokens.map((tk) => tk.mint));
    cursor = res.body.nextCursor;
    pages++;
  } while (cursor && pages < 20);
  return seen;
}

beforeAll(async () => {
  t = await startTestApp();
  const ana = await member("explore_ana");
  const ben = await member("explore_ben");
  await launch(ana, "explore_ana", "Café Sessions", "CAFE");
  await launch(ben, "explore_ben", "Night Owls", "OWLS");
  await launch(ana, "explore_ana", "River Songs", "RIVR");
  await launch(ben, "explore_ben", "Deep Focus", "DPFX");
  await launch(ana, "explore_ana", "Sunny Mornings", "SUNY");
});
afterAll(async () => t?.close());

describe("GET /api/explore", () => {
  it("lists every launched token newest first, each card complete", async () => {
    const res = await explore();
    expect(res.status).toBe(200);
    expect(res.body.tokens.map((tk) => tk.mint)).toEqual(launched.map((l) => l.mint).reverse());
    expect(res.body.nextCursor).toBeNull();
    const card = res.body.tokens.find((tk) => tk.symbol === "OWLS");
    expect(card).toMatchObject({
      name: "Night Owls",
      imageUrl: `/api/tokens/${card?.mint}/image.svg`,
      decimals: 9,
      supply: (1_000_000n * 10n ** 9n).toString(),
      creator: { username: "explore_ben", isDemo: false },
      marketStatus: "none",
      priceLamports: null,
      change24hBps: null,
      volume24hLamports: "0",
      marketCapLamports: null,
      progress: null,
      sparkline: [],
    });
    expect(card?.creator.wallet).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    // The default image the card names is served.
    expect((await fetch(`${t.url}${card?.imageUrl}`)).status).toBe(200);
  });

  it("searches name, symbol and creator, case- and accent-insensitively", async () => {
    const symbols = async (q: string) =>
      (await explore(`?q=${encodeURIComponent(q)}`)).body.tokens.map((tk) => tk.symbol);
    expect(await symbols("owls")).toEqual(["OWLS"]);
    expect(await symbols("$rivr")).toEqual(["RIVR"]);
    expect(await symbols("cafe")).toEqual(["CAFE"]);
    expect(await symbols("CAFÉ")).toEqual(["CAFE"]);
    expect(await symbols("  deep focus ")).toEqual(["DPFX"]);
    expect(await symbols("@explore_BEN")).toEqual(["DPFX", "OWLS"]);
    expect(await symbols("explore_ana")).toEqual(["SUNY", "RIVR", "CAFE"]);
    const none = await explore("?q=nothing-like-this");
    expect(none.body).toEqual({ tokens: [], nextCursor: null });
  });

  it("pages every sort with a cursor: each token once, none skipped", async () => {
    for (const sort of EXPLORE_SORTS) {
      const full = (await explore(`?sort=${sort}&limit=60`)).body.tokens.map((tk) => tk.mint);
      expect(full).toHaveLength(launched.length);
      for (const limit of [1, 2, 3]) {
        const paged = await walk(`sort=${sort}`, limit);
        expect(paged, `${sort} by ${limit}`).toEqual(full);
      }
    }
    // Paging a search too.
    expect(await walk("q=explore_ana", 2)).toHaveLength(3);
  });

  it("ranks tokens without markets, holders or trades by their ties: newest first", async () => {
    const newest = launched.map((l) => l.mint).reverse();
    for (const sort of ["trending", "holders", "marketCap"]) {
      expect(
        (await explore(`?sort=${sort}`)).body.tokens.map((tk) => tk.mint),
        sort,
      ).toEqual(newest);
    }
  });

  it("shows a token launched after a page was read, on the next read", async () => {
    const before = await explore("?limit=2");
    const cara = await member("explore_cara");
    const mint = await launch(cara, "explore_cara", "Late Bloomers", "LATE");
    const after = await explore("?limit=2");
    expect(after.body.tokens[0]?.mint).toBe(mint);
    // The cursor of the older first page still continues after its own last card.
    const next = await explore(`?limit=2&cursor=${encodeURIComponent(before.body.nextCursor ?? "")}`);
    expect(next.body.tokens.map((tk) => tk.mint)).toEqual(
      launched
        .slice(0, -1)
        .map((l) => l.mint)
        .reverse()
        .slice(2, 4),
    );
  });

  it.each([
    ["?sort=hot", "sort", "sort must be new, trending, holders, marketCap or trust"],
    ["?limit=0", "limit", undefined],
    ["?limit=61", "limit", undefined],
    ["?limit=ten", "limit", undefined],
    [`?q=${"x".repeat(101)}`, "q", "Search is too long"],
    ["?cursor=not-a-cursor", "cursor", "Invalid cursor: start again from the first page"],
    [`?cursor=${"a".repeat(201)}`, "cursor", "Invalid cursor"],
  ])("refuses %s with a 400 naming the field", async (query, field, message) => {
    const res = await explore(query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBeTruthy();
    expect(res.body.fields?.[field]).toBeTruthy();
    if (message) expect(res.body.fields?.[field]).toBe(message);
  });

  it("refuses a cursor of another sort", async () => {
    const first = await explore("?sort=new&limit=1");
    const res = await explore(`?sort=holders&cursor=${encodeURIComponent(first.body.nextCursor ?? "")}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_CURSOR");
    expect(res.body.fields?.cursor).toBe(
      "This cursor belongs to another sort: start again from the first page",
    );
  });
});
