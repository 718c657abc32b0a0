import { ERROR_CODES } from "@shared/schemas/api-error";
import { getTransactionDecoder, getTransactionEncoder, type SignatureBytes } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testWallet } from "../support/keys";
import {
  appRoutes,
  linkExternalWallet,
  type Person,
  person,
  type RawResponse,
  rawRequest,
  sessionCookie,
  uniqueWord,
  type World,
  world,
} from "../support/routes";
import { startTestApp, type TestApp } from "../support/test-app";

// Who may do what: every registered route x (anonymous, another user, the owner of the
// resource) with the status each must get, from ONE table. A route the app registers without
// a row here fails the test, so no route ships without its authorization decided.
// A fourth actor is derived, not tabulated: the owner's own browser on another site's page
// (cross-site, owner's cookie) must be refused (403) on every state-changing /api route,
// also when the page spells the path /%61pi/... (the router decodes it to the same route).

type Actor = "anonymous" | "other" | "owner";
const ACTORS: Actor[] = ["anonymous", "other", "owner"];

interface Ctx {
  w: World;
  /** Third user who receives transfers (the "other" actor must never hold the owner's token). */
  bystander: Person;
  /** Secret word in the owner's notes and chat: other actors must never see it. */
  secret: string;
  external: Awaited<ReturnType<typeof testWallet>>;
}
interface Req {
  path?: string;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Row {
  /** The request this actor sends (fresh each time: unique names, new challenges). */
  request?: (ctx: Ctx, actor: Actor) => Req | Promise<Req>;
  expect: Record<Actor, number>;
  /** Private to the owner: the others' answers must not contain the secret or the owner's wallet. */
  private?: boolean;
}

const all = (status: number) => ({ anonymous: status, other: status, owner: status });
const ownerOnly = (otherStatus: number, ownerStatus: number) => ({
  anonymous: 401,
  other: otherStatus,
  owner: ownerStatus,
});
/** Each signed-in user acts on their own account (no one else's to reach). */
const signedIn = (status: number) => ({ anonymous: 401, other: status, owner: status });

const unique = () => uniqueWord().toLowerCase();

async function signedChallenge(ctx: Ctx, actor: Actor, wallet?: Awaited<ReturnType<typeof testWallet>>) {
  const w = wallet ?? (await testWallet());
  const challenge = await send(ctx, actor, "POST", "/api/auth/wallet/challenge", {
    walletAddress: w.address,
  });
  const { message } = JSON.parse(challenge.text) as { message: string };
  return { walletAddress: w.address, message, signature: w.signMessage(message) };
}

/** What a browser wallet does with a prepared transaction: adds its signature over the message. */
function signPrepared(base64: string, wallet: Ctx["external"]): string {
  const tx = getTransactionDecoder().decode(Buffer.from(base64, "base64"));
  const signatures = {
    ...tx.signatures,
    [wallet.address]: wallet.signBytes(new Uint8Array(tx.messageBytes)) as SignatureBytes,
  };
  return Buffer.from(getTransactionEncoder().encode({ ...tx, signatures })).toString("base64");
}

const tokenForm = (ctx: Ctx, creatorWallet: string) => ({
  name: `Matrix ${uniqueWord()}`,
  symbol: `M${uniqueWord()}`,
  totalSupply: "1000",
  userId: ctx.w.owner.id,
  creatorWallet,
});

/** A token launched by the owner's external wallet (its metadata's update authority), once. */
let externalMintAddress: Promise<string> | null = null;
function externalMint(ctx: Ctx): Promise<string> {
  externalMintAddress ??= (async () => {
    const prepared = await ctx.w.owner.c.post<{ tokenId: string; mintAddress: string; transaction: string }>(
      "/api/tokens/prepare",
      tokenForm(ctx, ctx.external.address),
    );
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const submitted = await ctx.w.owner.c.post("/api/tokens/submit", {
      tokenId: prepared.body.tokenId,
      transaction: signPrepared(prepared.body.transaction, ctx.external),
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    return prepared.body.mintAddress;
  })();
  return externalMintAddress;
}

/** A small market buy (1 token): far inside the launch window's per-wallet cap. */
const marketBuy = () => ({ tokensOut: "1000000000", maxSolIn: "1000000000", idempotencyKey: unique() });

const agentFields = {
  name: "Matrix Agent",
  specialty: "Answers",
  avatar: "🤖",
  tier: "basic",
  tokenRequirement: "1",
  responseStyle: "Short",
};

const rewardForm = (ctx: Ctx) => ({
  tokenMint: ctx.w.mint,
  title: "Matrix Badge",
  rarity: "rare",
  totalSupply: 10,
  unlockCondition: { type: "holding_amount", value: "1" },
});

/** One reward of the owner's token, created once by the owner (the routes under :id read it). */
let reward: Promise<string> | null = null;
function rewardOf(ctx: Ctx): Promise<string> {
  reward ??= ctx.w.owner.c.post<{ id: string }>("/api/nft-rewards/create", rewardForm(ctx)).then((res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  });
  return reward;
}

/** THE table. Keys are exactly the routes the app registers ("METHOD /url"). */
const MATRIX: Record<string, Row> = {
  "GET /api/health": { expect: all(200) },
  "GET /api/site": { expect: all(200) },
  "GET /api/ledger": { expect: all(200) },

  // Accounts: open doors, each acting on the credentials it brings.
  "POST /api/register": {
    request: () => {
      const u = `m_${unique()}`;
      return { body: { username: u, email: `${u}@example.com`, password: "secret1" } };
    },
    expect: all(201),
  },
  "POST /api/auth/email": {
    request: (ctx) => ({ body: { email: ctx.bystander.email, password: ctx.bystander.password } }),
    expect: all(200),
  },
  "POST /api/auth/wallet/challenge": {
    request: async () => ({ body: { walletAddress: (await testWallet()).address } }),
    expect: all(200),
  },
  "POST /api/auth/wallet": {
    request: async (ctx, actor) => ({ body: await signedChallenge(ctx, actor) }),
    expect: all(200),
  },
  "POST /api/auth/logout": { expect: all(200) },
  "GET /api/auth/me": { expect: all(200), private: true },

  // Wallets.
  "POST /api/wallet/generate": { expect: all(201) },
  "POST /api/wallet/link": {
    request: async (ctx, actor) => ({ body: await signedChallenge(ctx, actor) }),
    expect: signedIn(200),
  },
  "GET /api/wallets": { expect: signedIn(200), private: true },
  "POST /api/wallet/airdrop": {
    request: (ctx) => ({ body: { address: ctx.w.owner.wallet, amount: 2 } }),
    expect: ownerOnly(403, 200),
  },

  // Launches: only for yourself, only from your own wallets.
  "POST /api/tokens/create": {
    request: (ctx) => ({ body: tokenForm(ctx, ctx.w.owner.wallet) }),
    expect: ownerOnly(403, 201),
  },
  "POST /api/tokens/prepare": {
    request: (ctx) => ({ body: tokenForm(ctx, ctx.external.address) }),
    expect: ownerOnly(403, 200),
  },
  "POST /api/tokens/submit": {
    // The owner's launch, prepared and signed by the owner's wallet: only the owner may send it.
    request: async (ctx) => {
      const prepared = await ctx.w.owner.c.post<{ tokenId: string; transaction: string }>(
        "/api/tokens/prepare",
        tokenForm(ctx, ctx.external.address),
      );
      expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
      return {
        body: {
          tokenId: prepared.body.tokenId,
          transaction: signPrepared(prepared.body.transaction, ctx.external),
        },
      };
    },
    expect: ownerOnly(404, 201),
  },
  "GET /api/tokens/user/:id": {
    request: (ctx) => ({ path: `/api/tokens/user/${ctx.w.owner.id}` }),
    expect: all(200),
  },
  "GET /api/tokens/:mint": { request: (ctx) => ({ path: `/api/tokens/${ctx.w.mint}` }), expect: all(200) },
  "GET /api/tokens/:mint/metadata.json": {
    request: (ctx) => ({ path: `/api/tokens/${ctx.w.mint}/metadata.json` }),
    expect: all(200),
  },
  "GET /api/tokens/:mint/image.svg": {
    request: (ctx) => ({ path: `/api/tokens/${ctx.w.mint}/image.svg` }),
    expect: all(200),
  },
  // The trust score is public, like a scanner's; the checklist and the lock are the creator's.
  "GET /api/tokens/:mint/trust": {
    request: (ctx) => ({ path: `/api/tokens/${ctx.w.mint}/trust` }),
    expect: all(200),
  },
  "GET /api/tokens/:mint/trust/checklist": {
    request: (ctx) => ({ path: `/api/tokens/${ctx.w.mint}/trust/checklist` }),
    expect: ownerOnly(403, 200),
  },
  "POST /api/tokens/:mint/metadata/lock": {
    request: (ctx) => ({ path: `/api/tokens/${ctx.w.mint}/metadata/lock` }),
    expect: ownerOnly(403, 200),
  },
  "POST /api/tokens/:mint/metadata/lock/prepare": {
    request: async (ctx) => ({ path: `/api/tokens/${await externalMint(ctx)}/metadata/lock/prepare` }),
    expect: ownerOnly(403, 200),
  },
  "POST /api/tokens/:mint/metadata/lock/submit": {
    // The owner's lock, prepared and signed by the owner's wallet: nobody else may submit it.
    request: async (ctx) => {
      const mint = await externalMint(ctx);
      const prepared = await ctx.w.owner.c.post<{ lockId: string; transaction: string }>(
        `/api/tokens/${mint}/metadata/lock/prepare`,
      );
      // Once locked (the owner's row), later requests have nothing to prepare.
      const body =
        prepared.status === 200
          ? {
              lockId: prepared.body.lockId,
              transaction: signPrepared(prepared.body.transaction, ctx.external),
            }
          : { lockId: "none", transaction: "AA==" };
      return { path: `/api/tokens/${mint}/metadata/lock/submit`, body };
    },
    // Nothing is kept per lock: another user is refused as not holding the update authority.
    expect: ownerOnly(403, 200),
  },

  // Explore and a market's history are public facts, the same for everyone.
  "GET /api/explore": { expect: all(200) },
  "GET /api/market/:mint/trades": {
    request: (ctx) => ({ path: `/api/market/${ctx.w.mint}/trades` }),
    expect: all(200),
  },
  "GET /api/market/:mint/live": {
    request: (ctx) => ({ path: `/api/market/${ctx.w.mint}/live` }),
    expect: all(200),
  },
  "GET /api/market/:mint/candles": {
    request: (ctx) => ({ path: `/api/market/${ctx.w.mint}/candles?interval=1h` }),
    expect: all(200),
  },
  "GET /api/market/:mint/launch-buyers": {
    request: (ctx) => ({ path: `/api/market/${ctx.w.mint}/launch-buyers` }),
    expect: all(200),
  },

  // Transfers move only the caller's own tokens (the other user holds none of this one).
  "POST /api/tokens/:mint/transfer": {
    request: (ctx) => ({
      path: `/api/tokens/${ctx.w.mint}/transfer`,
      body: { to: ctx.bystander.username, amount: "1" },
    }),
    expect: ownerOnly(400, 200),
  },
  "POST /api/tokens/:mint/transfer/prepare": {
    request: (ctx) => ({
      path: `/api/tokens/${ctx.w.mint}/transfer/prepare`,
      body: { to: ctx.bystander.username, amount: "1", idempotencyKey: unique() },
    }),
    expect: ownerOnly(400, 200),
  },
  "POST /api/tokens/:mint/transfer/submit": {
    // The owner's transfer, prepared and signed by the owner's wallet: nobody else may submit it.
    request: async (ctx) => {
      const prepared = await ctx.w.owner.c.post<{ transferId: string; transaction: string }>(
        `/api/tokens/${ctx.w.mint}/transfer/prepare`,
        { to: ctx.bystander.username, amount: "1", idempotencyKey: unique() },
      );
      expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
      return {
        path: `/api/tokens/${ctx.w.mint}/transfer/submit`,
        body: {
          transferId: prepared.body.transferId,
          transaction: signPrepared(prepared.body.transaction, ctx.external),
        },
      };
    },
    expect: ownerOnly(404, 200),
  },
  // Analytics: everyone reads the public part; only the creator gets members and ranks
  // (the others' answers must not name the owner's wallet). Engage Community is the creator's.
  "GET /api/analytics/:mint": {
    request: (ctx) => ({ path: `/api/analytics/${ctx.w.mint}` }),
    expect: all(200),
    private: true,
  },
  "GET /api/analytics/:mint/report.csv": {
    request: (ctx) => ({ path: `/api/analytics/${ctx.w.mint}/report.csv` }),
    expect: all(200),
    private: true,
  },
  "POST /api/tokens/:mint/airdrop": {
    request: (ctx) => ({
      path: `/api/tokens/${ctx.w.mint}/airdrop`,
      body: {
        recipients: [{ address: ctx.bystander.wallet, amount: "1" }],
        idempotencyKey: `airdrop-${unique()}`,
      },
    }),
    expect: ownerOnly(403, 200),
  },
  "POST /api/tokens/:mint/posts": {
    request: (ctx) => ({ path: `/api/tokens/${ctx.w.mint}/posts`, body: { body: "An update for holders" } }),
    expect: ownerOnly(403, 201),
  },
  "GET /api/tokens/:mint/posts": {
    request: (ctx) => ({ path: `/api/tokens/${ctx.w.mint}/posts` }),
    expect: all(200),
    private: true,
  },
  "GET /api/portfolio/holdings": { expect: signedIn(200), private: true },
  "GET /api/user/token-balances": { expect: signedIn(200), private: true },

  // The market: reads are public; each signed-in user trades with their own wallets; only the
  // token's creator opens its market (already open here: 409 for the owner).
  "GET /api/market/fees": { expect: signedIn(200), private: true },
  "GET /api/market/:mint": { request: (ctx) => ({ path: `/api/market/${ctx.w.mint}` }), expect: all(200) },
  "GET /api/market/:mint/quote": {
    request: (ctx) => ({ path: `/api/market/${ctx.w.mint}/quote?side=buy&solIn=1000000` }),
    expect: all(200),
  },
  "POST /api/market/:mint/open": {
    request: (ctx) => ({ path: `/api/market/${ctx.w.mint}/open`, body: { curveShareBps: 5000 } }),
    expect: ownerOnly(403, 409),
  },
  // Opening from the creator's browser wallet, on the token that wallet launched (no market
  // yet): only its creator prepares; the owner's prepared opening, signed, nobody else submits.
  "POST /api/market/:mint/open/prepare": {
    request: async (ctx) => ({
      path: `/api/market/${await externalMint(ctx)}/open/prepare`,
      body: { curveShareBps: 5000 },
    }),
    expect: ownerOnly(403, 200),
  },
  "POST /api/market/:mint/open/submit": {
    request: async (ctx) => {
      const mint = await externalMint(ctx);
      const prepared = await ctx.w.owner.c.post<{ transaction: string }>(`/api/market/${mint}/open/prepare`, {
        curveShareBps: 5000,
      });
      // Once the owner's submit opened it, a prepare is refused (409): the cross-site rows
      // that come after are refused before reading the body.
      const transaction =
        prepared.status === 200 ? signPrepared(prepared.body.transaction, ctx.external) : "AA==";
      return { path: `/api/market/${mint}/open/submit`, body: { transaction } };
    },
    expect: ownerOnly(404, 200),
  },
  "POST /api/market/:mint/buy": {
    request: (ctx) => ({ path: `/api/market/${ctx.w.mint}/buy`, body: marketBuy() }),
    expect: signedIn(200),
  },
  "POST /api/market/:mint/sell": {
    request: (ctx) => ({
      path: `/api/market/${ctx.w.mint}/sell`,
      body: { tokensIn: "1000000", minSolOut: "0", idempotencyKey: unique() },
    }),
    expect: signedIn(200),
  },
  // Only the owner has a browser wallet linked: the other user is told to link one.
  "POST /api/market/:mint/buy/prepare": {
    request: (ctx) => ({ path: `/api/market/${ctx.w.mint}/buy/prepare`, body: marketBuy() }),
    expect: ownerOnly(400, 200),
  },
  "POST /api/market/:mint/sell/prepare": {
    request: (ctx) => ({
      path: `/api/market/${ctx.w.mint}/sell/prepare`,
      body: { tokensIn: "1000000000", minSolOut: "0", idempotencyKey: unique() },
    }),
    expect: ownerOnly(400, 200),
  },
  "POST /api/market/:mint/submit": {
    // The owner's trade, prepared and signed by the owner's wallet: nobody else may submit it.
    request: async (ctx) => {
      const prepared = await ctx.w.owner.c.post<{ tradeId: string; transaction: string }>(
        `/api/market/${ctx.w.mint}/buy/prepare`,
        marketBuy(),
      );
      expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
      return {
        path: `/api/market/${ctx.w.mint}/submit`,
        body: {
          tradeId: prepared.body.tradeId,
          transaction: signPrepared(prepared.body.transaction, ctx.external),
        },
      };
    },
    expect: ownerOnly(404, 200),
  },

  // AI drafting is open (the wizard drafts before the account exists).
  "POST /api/ai/generate-identity": {
    request: () => ({ body: { userInput: "A painter of highland landscapes" } }),
    expect: all(200),
  },

  // Agents: listed for all, managed by the token's creator, chat gated by holding the token.
  "GET /api/ai-agents": { expect: all(200), private: true },
  "GET /api/ai-agents/mine": { expect: signedIn(200), private: true },
  "POST /api/ai-agents": {
    request: (ctx) => ({ body: { tokenMint: ctx.w.mint, ...agentFields } }),
    expect: ownerOnly(403, 201),
  },
  "PATCH /api/ai-agents/:id": {
    request: (ctx) => ({ path: `/api/ai-agents/${ctx.w.agentId}`, body: { specialty: "Patched" } }),
    expect: ownerOnly(403, 200),
  },
  "GET /api/ai-agents/:id/messages": {
    // Everyone signed in reads only their own conversation.
    request: (ctx) => ({ path: `/api/ai-agents/${ctx.w.agentId}/messages` }),
    expect: signedIn(200),
    private: true,
  },
  "POST /api/ai-agents/chat": {
    request: (ctx) => ({ body: { agentId: ctx.w.agentId, message: "What do you know?" } }),
    expect: ownerOnly(403, 200),
    private: true,
  },

  // NFT rewards: read by everyone, created and switched by the token's creator, claimed by
  // whoever meets the condition (the owner, creator of the token, holds it; the other none).
  "GET /api/nft-rewards/stats": {
    request: (ctx) => ({ path: `/api/nft-rewards/stats?tokenMint=${ctx.w.mint}` }),
    expect: all(200),
  },
  "GET /api/nft-rewards/active": {
    request: (ctx) => ({ path: `/api/nft-rewards/active?tokenMint=${ctx.w.mint}` }),
    expect: all(200),
  },
  "GET /api/nft-rewards/user": { expect: signedIn(200), private: true },
  // Each signed-in user lists the rewards they created (switched off ones too).
  "GET /api/nft-rewards/mine": { expect: signedIn(200), private: true },
  "POST /api/nft-rewards/create": {
    request: (ctx) => ({ body: rewardForm(ctx) }),
    expect: ownerOnly(403, 201),
  },
  "GET /api/nft-rewards/:id": {
    request: async (ctx) => ({ path: `/api/nft-rewards/${await rewardOf(ctx)}` }),
    expect: all(200),
  },
  "PATCH /api/nft-rewards/:id": {
    request: async (ctx) => ({ path: `/api/nft-rewards/${await rewardOf(ctx)}`, body: { isActive: true } }),
    expect: ownerOnly(403, 200),
  },
  // Claims are for fans who qualify: the other user holds none of the token, and the token's
  // creator is refused too (rewards go to fans). A fan's claim succeeds in rewards.api.test.ts.
  "POST /api/nft-rewards/:id/claim": {
    request: async (ctx) => ({ path: `/api/nft-rewards/${await rewardOf(ctx)}/claim`, body: {} }),
    expect: ownerOnly(403, 403),
  },
  "GET /api/nft-rewards/:id/metadata.json": {
    request: async (ctx) => ({ path: `/api/nft-rewards/${await rewardOf(ctx)}/metadata.json` }),
    expect: all(200),
  },
  "GET /api/nft-rewards/:id/image": {
    request: async (ctx) => ({ path: `/api/nft-rewards/${await rewardOf(ctx)}/image` }),
    expect: all(200),
  },
  // Create with AI: drafts for the token's creator only.
  "POST /api/nft-rewards/draft": {
    request: (ctx) => ({ body: { tokenMint: ctx.w.mint } }),
    expect: ownerOnly(403, 200),
  },

  // The Solana JSON-RPC: public like any RPC node; no cookie is read there.
  "POST /rpc": {
    request: () => ({ body: { jsonrpc: "2.0", id: 1, method: "getHealth" } }),
    expect: all(200),
  },
  "OPTIONS /rpc": { expect: all(204) },
  // The PubSub endpoint (a websocket); a plain GET is not an upgrade.
  "GET /rpc": { expect: all(404) },
};

let t: TestApp;
let ctx: Ctx;

async function send(
  c: Ctx,
  actor: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const h: Record<string, string> = { ...headers };
  if (body !== undefined) h["content-type"] = "application/json";
  if (actor === "other") h.cookie = await sessionCookie(t, c.w.other.id);
  if (actor === "owner" || actor.startsWith("cross-site")) h.cookie = await sessionCookie(t, c.w.owner.id);
  if (actor.startsWith("cross-site"))
    Object.assign(h, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
  return rawRequest(t.url, {
    method,
    path,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
  const w = await world(t);
  const bystander = await person(t, "bystander1");
  const external = await linkExternalWallet(t, w.owner);
  // The owner's external wallet holds some of the token (for transfers it signs itself).
  const moved = await w.owner.c.post(`/api/tokens/${w.mint}/transfer`, {
    to: external.address,
    amount: "100",
  });
  expect(moved.status).toBe(200);
  // A market on the owner's token (the other user buys from it in the buy row, which runs
  // after the transfer rows and before the sell row: routes run in registration order).
  const opened = await w.owner.c.post(`/api/market/${w.mint}/open`, { curveShareBps: 5000 });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const secret = "SECRET-NOTES-OF-THE-OWNER";
  // The owner's conversation, which nobody else may read.
  const chat = await w.owner.c.post("/api/ai-agents/chat", {
    agentId: w.agentId,
    message: `Remember ${secret}`,
  });
  expect(chat.status).toBe(200);
  ctx = { w, bystander, secret, external };
});
afterAll(async () => t?.close());

const isSafe = (method: string) => ["GET", "HEAD", "OPTIONS"].includes(method);

describe("authorization matrix", () => {
  it("has exactly one row for every route the app registers", () => {
    const registered = appRoutes(t)
      .map((r) => r.key)
      .sort();
    const missing = registered.filter((k) => !(k in MATRIX));
    const stale = Object.keys(MATRIX).filter((k) => !registered.includes(k));
    expect(missing, "routes without a row in MATRIX (decide who may call them)").toEqual([]);
    expect(stale, "rows for routes the app no longer registers").toEqual([]);
  });

  it("answers every route x actor with the status in the table", { timeout: 120_000 }, async () => {
    const mismatches: string[] = [];
    for (const route of appRoutes(t)) {
      const row = MATRIX[route.key];
      if (!row) continue;
      const actors: (Actor | "cross-site" | "cross-site, /%61pi/")[] = [...ACTORS, "cross-site"];
      if (route.url.startsWith("/api/")) actors.push("cross-site, /%61pi/");
      for (const actor of actors) {
        const req =
          (await row.request?.(ctx, actor.startsWith("cross-site") ? "owner" : (actor as Actor))) ?? {};
        const plainPath = req.path ?? route.url;
        // The router decodes %61 to "a": the same route, which must be guarded the same way.
        const path = actor === "cross-site, /%61pi/" ? plainPath.replace(/^\/api\//, "/%61pi/") : plainPath;
        const body = req.body ?? (isSafe(route.method) ? undefined : {});
        const res = await send(ctx, actor, route.method, path, body, req.headers);
        const expected = actor.startsWith("cross-site")
          ? !isSafe(route.method) && route.url.startsWith("/api/")
            ? 403
            : row.expect.owner
          : row.expect[actor as Actor];
        const where = `${route.key} as ${actor}: ${res.status} ${res.text.slice(0, 160)}`;
        if (res.status !== expected) mismatches.push(`expected ${expected}, got ${where}`);
        if (res.status >= 400 && route.url !== "/rpc") {
          const b = safeJson(res);
          if (typeof b?.error !== "string" || !ERROR_CODES.includes(b.code as never))
            mismatches.push(`error without {error, code}: ${where}`);
        }
        if (row.private && (actor === "anonymous" || actor === "other")) {
          for (const secret of [ctx.secret, ctx.w.owner.wallet, ctx.w.owner.id])
            if (res.text.includes(secret))
              mismatches.push(`leaks the owner's ${secret.slice(0, 12)}…: ${where}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("shows the owner their private data (so the leak checks above could fail)", async () => {
    for (const path of ["/api/wallets", "/api/auth/me", "/api/portfolio/holdings"]) {
      const res = await send(ctx, "owner", "GET", path);
      expect(res.text, path).toContain(path === "/api/portfolio/holdings" ? ctx.w.mint : ctx.w.owner.wallet);
    }
    const mine = await send(ctx, "owner", "GET", "/api/ai-agents/mine");
    expect(mine.text).toContain(ctx.secret);
    const history = await send(ctx, "owner", "GET", `/api/ai-agents/${ctx.w.agentId}/messages`);
    expect(history.text).toContain(ctx.secret);
  });
});

function safeJson(res: RawResponse): { error?: unknown; code?: unknown } | null {
  try {
    return JSON.parse(res.text);
  } catch {
    return null;
  }
}
