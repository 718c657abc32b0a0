import { formatConcentration } from "@shared/holders";
import { priceNanoOf } from "@shared/market/price";
import type { AirdropResult, Analytics, TokenPosts } from "@shared/schemas/analytics";
import type { ExplorePage } from "@shared/schemas/market";
import type { TokenDetails } from "@shared/schemas/token";
import type { TrustReport } from "@shared/schemas/trust";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { launch, type Member, member, tokensOf } from "../../../../tests/support/market";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// /api/analytics/:mint, its CSV, the airdrop and posts against the real server, database,
// indexer and LiteSVM: figures come from real trades and transfers, never written by hand.

const SOL = 1_000_000_000n;
const NOT_OURS = "So11111111111111111111111111111111111111112";
let t: TestApp;
let creator: Member;
let fan: Member;
let friend: Member;
let stranger: Member;
let mint: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
  const ledger = t.deps.ledger;
  creator = await member(t.url, ledger, "an_creator", 5n * SOL);
  fan = await member(t.url, ledger, "an_fan", 5n * SOL);
  friend = await member(t.url, ledger, "an_friend", 1n * SOL);
  stranger = await member(t.url, ledger, "an_stranger", 1n * SOL);
  mint = await launch(creator, "ANLY", "1000000", { curveShareBps: 5000 });
});
afterAll(async () => t?.close());

const analyticsOf = async (c: Client) => {
  const res = await c.get<Analytics>(`/api/analytics/${mint}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** The CSV as (section, key) -> value, read as a spreadsheet would (quotes undone). */
function parseCsv(text: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of text.trim().split("\r\n").slice(1)) {
    const cells: string[] = [];
    let cur = "";
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quoted && ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = !quoted;
      else if (ch === "," && !quoted) {
        cells.push(cur);
        cur = "";
      } else cur += ch;
    }
    cells.push(cur);
    rows.set(`${cells[0]}|${cells[1]}`, cells[2] ?? "");
  }
  return rows;
}

describe("GET /api/analytics/:mint", () => {
  it("answers 400 for a malformed mint and 404 for a mint that is not a platform token", async () => {
    const anon = new Client(t.url);
    const bad = await anon.get<{ fields: Record<string, string> }>("/api/analytics/not-a-mint");
    expect(bad.status).toBe(400);
    expect(bad.body.fields.mint).toBe("Invalid mint address");
    const missing = await anon.get<{ error: string; code: string }>(`/api/analytics/${NOT_OURS}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Token not found");
  });

  it("gives the creator the full view and anyone else the public part", async () => {
    const mine = await analyticsOf(creator.c);
    expect(mine.view).toBe("creator");
    expect(mine.symbol).toBe("ANLY");
    // The creator's wallet holds the half not on the curve; the market vault is not a member.
    expect(mine.overview.holders).toBe(1);
    expect(mine.overview.hasMarket).toBe(true);
    expect(priceNanoOf(mine.overview.priceLamports ?? "0")).toBeGreaterThan(0n);
    // Of the whole supply, as the trust score counts it: the vault's half is nobody's holding.
    expect(mine.overview.top10ShareBps).toBe(5_000);
    expect(mine.topMembers).toEqual([
      expect.objectContaining({ rank: 1, address: creator.wallet, username: "an_creator", isCreator: true }),
    ]);
    expect(mine.topMembers?.[0]?.balance).toBe("500000");
    expect(mine.explore?.map((r) => r.sort)).toEqual(["new", "trending", "holders", "marketCap", "trust"]);
    expect(mine.explore?.find((r) => r.sort === "new")?.rank).toBe(1);
    // Charted from the launch day on (the days before it had no token), to today.
    const launched = (await t.app.services.tokens.getByMint(mint)).createdAt.toISOString();
    expect(mine.series.holders[0]?.day).toBe(launched.slice(0, 10));
    expect(mine.series.market[0]?.day).toBe(launched.slice(0, 10));
    expect(mine.series.holders.at(-1)?.day).toBe(mine.generatedAt.slice(0, 10));
    expect(mine.series.holders.at(-1)?.holders).toBe(1);
    expect(mine.cards.reputation.tokensLaunched).toBe(1);
    // No fan has held the token yet: no record to score, rather than a 0 ("0% retained").
    expect(mine.cards.reputation).toMatchObject({ score: null, holdersRetainedBps: null, tokensAlive: 0 });
    // The transparency card is the trust score, with its factors as the trust indicators.
    const trust = await new Client(t.url).get<{ score: number; factors: unknown[] }>(
      `/api/tokens/${mint}/trust`,
    );
    expect(mine.cards.transparency.score).toBe(trust.body.score);
    expect(mine.trustFactors).toEqual(trust.body.factors);
    expect(mine.trustFactors.length).toBeGreaterThan(0);

    for (const other of [new Client(t.url), stranger.c]) {
      const pub = await analyticsOf(other);
      expect(pub.view).toBe("public");
      expect(pub.topMembers).toBeNull();
      expect(pub.explore).toBeNull();
      expect(pub.overview).toEqual(mine.overview);
      expect(pub.series).toEqual(mine.series);
      expect(JSON.stringify(pub)).not.toContain(creator.wallet);
    }
  });

  it("figures move after a trade and after a transfer", async () => {
    const before = await analyticsOf(creator.c);
    const buy = await fan.c.post(`/api/market/${mint}/buy`, {
      solIn: (SOL / 10n).toString(),
      minTokensOut: "0",
      idempotencyKey: "an-buy-1",
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);

    const traded = await analyticsOf(creator.c);
    expect(traded.overview.holders).toBe(before.overview.holders + 1);
    expect(traded.overview.trades7d).toBe(before.overview.trades7d + 1);
    expect(traded.cards.engagement.last7Days.trades).toBe(before.cards.engagement.last7Days.trades + 1);
    expect(BigInt(traded.overview.volume24hLamports)).toBeGreaterThan(0n);
    expect(priceNanoOf(traded.overview.priceLamports ?? "0")).toBeGreaterThan(
      priceNanoOf(before.overview.priceLamports ?? "0"),
    );
    expect(traded.series.market.at(-1)?.trades).toBe(1);
    expect(traded.overview.newHolders7d).toBe(before.overview.newHolders7d + 1);
    expect(traded.topMembers?.map((m) => m.username)).toEqual(["an_creator", "an_fan"]);

    const sent = await creator.c.post(`/api/tokens/${mint}/transfer`, { to: "an_friend", amount: "1000" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const moved = await analyticsOf(creator.c);
    expect(moved.overview.holders).toBe(traded.overview.holders + 1);
    // The creator's own transfer is no fan's action (docs/analytics.md); its recipient is an
    // active fan, as the buyer is.
    expect(moved.cards.engagement.last7Days.transfers).toBe(traded.cards.engagement.last7Days.transfers);
    expect(moved.cards.engagement.last7Days.activeHolders).toBe(2);
    expect(moved.cards.engagement.fans).toBe(2);
    expect(moved.series.holders.at(-1)?.holders).toBe(3);
    expect(moved.topMembers?.find((m) => m.username === "an_friend")?.balance).toBe("1000");
    expect(moved.cards.engagement.score).toBeGreaterThan(before.cards.engagement.score);
    expect(moved.cards.reputation.tokensAlive).toBe(1);
    // Two fans hold it, and both still do.
    expect(moved.cards.reputation.holdersRetainedBps).toBe(10_000);
    expect(moved.cards.reputation.score).toBe(80);
  });

  it("marks every wallet of the creator's account as the creator's among the top members", async () => {
    const maker = await member(t.url, t.deps.ledger, "an_two_wallets", 2n * SOL);
    const own = await launch(maker, "ANTWO", "1000");
    const second = await maker.c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
    const pocket = second.body.wallet.publicKey;
    const sent = await maker.c.post(`/api/tokens/${own}/transfer`, { to: pocket, amount: "100" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const view = await maker.c.get<Analytics>(`/api/analytics/${own}`);
    expect(view.body.topMembers?.map((m) => [m.address, m.isCreator])).toEqual([
      [maker.wallet, true],
      [pocket, true],
    ]);
  });
});

describe("holders and concentration", () => {
  it("read the same on the token page, on Explore, in analytics and in the trust score", async () => {
    // Creator, fan and friend hold it (the tests above); the curve's vault holds the rest.
    const vault = (await new Client(t.url).get<{ vault: string }>(`/api/market/${mint}`)).body.vault;
    const page = (await fan.c.get<TokenDetails>(`/api/tokens/${mint}`)).body;
    const analytics = await analyticsOf(creator.c);
    const trust = (await new Client(t.url).get<TrustReport>(`/api/tokens/${mint}/trust`)).body;
    const factor = (key: string) => trust.factors.find((f) => f.key === key)?.value;

    // Holders: the vault is not one, on any of them.
    expect(page.holderCount).toBe(3);
    expect(page.holders.map((h) => h.owner)).not.toContain(vault);
    expect(analytics.overview.holders).toBe(page.holderCount);
    expect(factor("holders")).toBe(String(page.holderCount));
    const explore = async () =>
      (await new Client(t.url).get<ExplorePage>("/api/explore?q=ANLY")).body.tokens.find(
        (c) => c.mint === mint,
      );
    let card = await explore();
    for (let i = 0; i < 50 && card?.holders !== page.holderCount; i++) {
      await new Promise((r) => setTimeout(r, 100));
      card = await explore();
    }
    expect(card?.holders).toBe(page.holderCount);

    // Concentration: the ten largest holders' share of the whole supply, one figure and one text.
    expect(formatConcentration(analytics.overview.top10ShareBps)).toBe(factor("top10_share"));
    const held = page.holders.reduce((s, h) => s + BigInt(h.amount.split(".")[0] ?? "0"), 0n);
    expect(analytics.overview.top10ShareBps).toBeLessThan(10_000);
    expect(
      Math.abs(analytics.overview.top10ShareBps - Number((held * 10_000n) / 1_000_000n)),
    ).toBeLessThanOrEqual(1);
    // Each holder's share reads the same on the token page and in the top members.
    const members = new Map((analytics.topMembers ?? []).map((m) => [m.address, m]));
    expect([...members.keys()].sort()).toEqual(page.holders.map((h) => h.owner).sort());
    for (const h of page.holders) expect(members.get(h.owner)?.share, h.owner).toBe(h.share);
  });
});

describe("GET /api/analytics/:mint/report.csv", () => {
  it("is text/csv with a filename, and its rows are the API's figures", async () => {
    const res = await fetch(`${t.url}/api/analytics/${mint}/report.csv`, {
      headers: { cookie: creator.c.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="ANLY-analytics-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(await res.text());
    const api = await analyticsOf(creator.c);
    expect(rows.get("token|view")).toBe("creator");
    for (const [key, value] of Object.entries(api.overview))
      expect(rows.get(`overview|${key}`), key).toBe(value === null ? "" : String(value));
    expect(rows.get("engagement|score")).toBe(String(api.cards.engagement.score));
    expect(rows.get("reputation|score")).toBe(String(api.cards.reputation.score));
    for (const d of api.series.holders) expect(rows.get(`holders_by_day|${d.day}`)).toBe(String(d.holders));
    for (const d of api.series.market)
      expect(rows.get(`volume_lamports_by_day|${d.day}`)).toBe(d.volumeLamports);
    for (const b of api.series.distribution)
      expect(rows.get(`distribution|${b.label}`)).toBe(String(b.holders));
    for (const m of api.topMembers ?? []) expect(rows.get(`top_members|${m.address}`)).toBe(m.balance);

    const pub = parseCsv(await (await fetch(`${t.url}/api/analytics/${mint}/report.csv`)).text());
    expect(pub.get("token|view")).toBe("public");
    expect([...pub.keys()].some((k) => k.startsWith("top_members|"))).toBe(false);
  });
});

describe("POST /api/tokens/:mint/airdrop", () => {
  it("sends each chosen member their amount in one step, and a retry pays nobody twice", async () => {
    const body = {
      recipients: [
        { address: fan.wallet, amount: "25" },
        { address: friend.wallet, amount: "10.5" },
      ],
      idempotencyKey: "airdrop-key-0001",
    };
    const fanBefore = await tokensOf(t.deps.ledger, fan.wallet, mint);
    const friendBefore = await tokensOf(t.deps.ledger, friend.wallet, mint);
    const first = await creator.c.post<AirdropResult>(`/api/tokens/${mint}/airdrop`, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.results.map((r) => [r.address, r.amount, r.status])).toEqual([
      [fan.wallet, "25", "sent"],
      [friend.wallet, "10.5", "sent"],
    ]);
    // The same request again, recipients in another order: the same transfers, no new ones.
    const retry = await creator.c.post<AirdropResult>(`/api/tokens/${mint}/airdrop`, {
      ...body,
      recipients: [...body.recipients].reverse(),
    });
    expect(retry.status).toBe(200);
    expect(retry.body.results.map((r) => r.signature).sort()).toEqual(
      first.body.results.map((r) => r.signature).sort(),
    );
    expect(await tokensOf(t.deps.ledger, fan.wallet, mint)).toBe(fanBefore + 25n * 10n ** 9n);
    expect(await tokensOf(t.deps.ledger, friend.wallet, mint)).toBe(friendBefore + 10_500_000_000n);
  });

  it("reports a recipient that cannot be paid on its own row and pays the others", async () => {
    const res = await creator.c.post<AirdropResult>(`/api/tokens/${mint}/airdrop`, {
      recipients: [
        { address: creator.wallet, amount: "1" },
        { address: stranger.wallet, amount: "2" },
      ],
      idempotencyKey: "airdrop-key-0002",
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({
      status: "failed",
      error: "That is your own wallet: choose another recipient",
    });
    expect(res.body.results[1]).toMatchObject({ status: "sent", amount: "2" });
  });

  it("is the creator's alone, and refuses bad input with 400s", async () => {
    const body = {
      recipients: [{ address: friend.wallet, amount: "1" }],
      idempotencyKey: "airdrop-key-0003",
    };
    expect((await new Client(t.url).post(`/api/tokens/${mint}/airdrop`, body)).status).toBe(401);
    expect((await fan.c.post(`/api/tokens/${mint}/airdrop`, body)).status).toBe(403);
    expect((await creator.c.post(`/api/tokens/${NOT_OURS}/airdrop`, body)).status).toBe(404);
    const empty = await creator.c.post<{ fields: Record<string, string> }>(`/api/tokens/${mint}/airdrop`, {
      ...body,
      recipients: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.recipients).toBe("Choose at least one member");
    const twice = await creator.c.post<{ error: string }>(`/api/tokens/${mint}/airdrop`, {
      ...body,
      recipients: [body.recipients[0], body.recipients[0]],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe("Each member can be chosen once");
    const noAmount = await creator.c.post(`/api/tokens/${mint}/airdrop`, {
      ...body,
      recipients: [{ address: friend.wallet, amount: "0" }],
    });
    expect(noAmount.status).toBe(400);
    // Finer than the token: refused as a whole, before anyone is paid (it was a 200 with a failed row).
    const tooFine = await creator.c.post<{ error: string; fields: Record<string, string> }>(
      `/api/tokens/${mint}/airdrop`,
      { ...body, recipients: [{ address: friend.wallet, amount: "0.0000000001" }] },
    );
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.error).toMatch(/has at most 9 decimals$/);
    // Named by the row, as the schema names a row's other mistakes.
    expect(Object.keys(tooFine.body.fields)).toEqual(["recipients.0.amount"]);
  });
});

describe("token posts", () => {
  it("the creator posts; holders and the creator read them, others do not", async () => {
    const posted = await creator.c.post<{ id: string; body: string }>(`/api/tokens/${mint}/posts`, {
      body: "  New track drops Friday for holders  ",
    });
    expect(posted.status).toBe(201);
    expect(posted.body.body).toBe("New track drops Friday for holders");
    // A field that happens to be named `body` is named as a field, not as a broken body.
    const blank = await creator.c.post<{ error: string; fields: Record<string, string> }>(
      `/api/tokens/${mint}/posts`,
      { body: "  " },
    );
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe(blank.body.fields.body);
    expect(blank.body.error).not.toBe("Request body must be a JSON object");

    for (const reader of [creator.c, fan.c]) {
      const res = await reader.get<TokenPosts>(`/api/tokens/${mint}/posts`);
      expect(res.status).toBe(200);
      expect(res.body.visible).toBe(true);
      expect(res.body.posts[0]).toMatchObject({
        body: "New track drops Friday for holders",
        author: "an_creator",
      });
    }
    const outsider = await member(t.url, t.deps.ledger, "an_outsider", 0n);
    for (const reader of [new Client(t.url), outsider.c])
      expect((await reader.get<TokenPosts>(`/api/tokens/${mint}/posts`)).body).toEqual({
        visible: false,
        posts: [],
      });
  });

  it("a fan who just bought reads them in the trade's wake, without waiting for the indexer", async () => {
    const newcomer = await member(t.url, t.deps.ledger, "an_newcomer", 1n * SOL);
    expect((await newcomer.c.get<TokenPosts>(`/api/tokens/${mint}/posts`)).body.visible).toBe(false);
    const buy = await newcomer.c.post(`/api/market/${mint}/buy`, {
      solIn: (SOL / 100n).toString(),
      minTokensOut: "0",
      idempotencyKey: "an-newcomer-buy",
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    expect((await newcomer.c.get<TokenPosts>(`/api/tokens/${mint}/posts`)).body.visible).toBe(true);
  });

  it("answers the same idempotency key with the post it made, and posts once", async () => {
    const body = { body: "Rehearsal moved to Thursday", idempotencyKey: "post-once-1" };
    const first = await creator.c.post<{ id: string }>(`/api/tokens/${mint}/posts`, body);
    const again = await creator.c.post<{ id: string }>(`/api/tokens/${mint}/posts`, body);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    const listed = (await creator.c.get<TokenPosts>(`/api/tokens/${mint}/posts`)).body.posts;
    expect(listed.filter((p) => p.body === body.body)).toHaveLength(1);
    // Another key is another post, even with the same words.
    const other = await creator.c.post<{ id: string }>(`/api/tokens/${mint}/posts`, {
      ...body,
      idempotencyKey: "post-once-2",
    });
    expect(other.body.id).not.toBe(first.body.id);
  });

  it("refuses posts from anyone but the creator, and empty or oversized posts", async () => {
    expect((await new Client(t.url).post(`/api/tokens/${mint}/posts`, { body: "hi" })).status).toBe(401);
    const notMine = await fan.c.post<{ error: string }>(`/api/tokens/${mint}/posts`, { body: "hi" });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error).toBe("Only the token's creator can post updates");
    const empty = await creator.c.post<{ fields: Record<string, string> }>(`/api/tokens/${mint}/posts`, {
      body: "   ",
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.body).toBe("Write something to post");
    expect((await creator.c.post(`/api/tokens/${mint}/posts`, { body: "x".repeat(1001) })).status).toBe(400);
    expect((await creator.c.get(`/api/tokens/${NOT_OURS}/posts`)).status).toBe(404);
  });
});

describe("community engagement", () => {
  // Last in the file: another launch by the same creator would change the first token's
  // reputation figures above.
  it("counts fans only: a fresh launch with a creator buy and no fans scores 0, and says why", async () => {
    const solo = await launch(creator, "SOLO", "1000000", {
      curveShareBps: 5000,
      creatorBuyLamports: (SOL / 10n).toString(),
    });
    const read = async () => {
      const res = await creator.c.get<Analytics>(`/api/analytics/${solo}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const fresh = await read();
    // The creator is a holder and the creator buy a trade, as the overview counts them...
    expect(fresh.overview.holders).toBe(1);
    expect(fresh.overview.trades7d).toBe(1);
    // ...but neither is a fan's engagement, as the Reputation score leaves the launch wallet out.
    expect(fresh.cards.engagement).toMatchObject({
      score: 0,
      fans: 0,
      last7Days: { activeHolders: 0, agentChats: 0, transfers: 0, trades: 0, rewardsClaimed: 0 },
    });
    expect(fresh.cards.engagement.why).toBe(
      "No fan holds the token yet (the creator's launch wallet does not count), so participation gives 0 of 60 points; 0 actions by fans this week (agent chats, transfers, trades, reward NFTs received) give 0 of 40 points.",
    );

    // One fan who received tokens this week: full participation, no fan action yet.
    const sent = await creator.c.post(`/api/tokens/${solo}/transfer`, { to: "an_friend", amount: "10" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const one = await read();
    expect(one.cards.engagement).toMatchObject({
      score: 60,
      fans: 1,
      last7Days: { activeHolders: 1, transfers: 0 },
    });
    expect(one.cards.engagement.why).toBe(
      "1 of 1 fan holding it moved tokens this week: 60 of 60 points; 0 actions by fans this week (agent chats, transfers, trades, reward NFTs received) give 0 of 40 points. The creator's launch wallet does not count.",
    );
    // Launched minutes ago: there was no figure 7 days ago to have risen from.
    expect(one.cards.engagement.trend).toEqual({ previous: null, change: null, basis: "7 days ago" });
  });
});
