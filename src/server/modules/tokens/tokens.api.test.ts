import type { ApiError } from "@shared/schemas/api-error";
import type { Token } from "@shared/schemas/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../../tests/support/http";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type ErrorBody = ApiError;
type Created = { token: Token; mintAddress: string };

let symbolCounter = 0;
const freshSymbol = () => `T${Date.now().toString(36).slice(-4).toUpperCase()}${symbolCounter++}`;

/** A signed-up creator with a funded embedded wallet. */
async function creator(name: string, fund = true) {
  const c = new Client(t.url);
  const reg = await c.post<{ user: { id: string } }>("/api/register", {
    username: name,
    email: `${name}@example.com`,
    password: "secret1",
  });
  const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
  if (fund) await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
  return { c, userId: reg.body.user.id, wallet: gen.body.wallet.publicKey };
}

// Each launch its own symbol and name: a live token's look-alikes are refused.
const form = (over: Record<string, unknown> = {}) => {
  const symbol = freshSymbol();
  return { ...formFor(symbol), ...over };
};
const formFor = (symbol: string) => ({
  name: `Maya Beats ${symbol}`,
  symbol: symbol.toLowerCase(),
  description: "Lo-fi beats and the people who love them",
  totalSupply: "1000000",
  imageUrl: "",
  website: "https://maya.example",
  twitter: "",
  discord: "",
  tagline: "Own a piece of the beat",
});

describe("launch journey", () => {
  it("sign-up -> wallet -> test SOL -> launch -> portfolio -> metadata -> transfer", async () => {
    const maya = await creator("maya");
    const body = form({ name: "Maya Beats" });
    const res = await maya.c.post<Created>("/api/tokens/create", {
      ...body,
      userId: maya.userId,
      creatorWallet: maya.wallet,
    });
    expect(res.status).toBe(201);
    const { token, mintAddress } = res.body;
    expect(token.symbol).toBe(body.symbol.toUpperCase());
    expect(token.totalSupply).toBe("1000000");
    expect(token.isLaunched).toBe(true);
    expect(token.status).toBe("active");
    expect(token.circulatingSupply).toBe("0");
    expect(token.explorerUrl).toBe(`/token/${mintAddress}`);

    // On chain: fixed supply, 9 decimals, no authorities, metadata with the tagline.
    const mint = await t.deps.ledger.getMint(mintAddress);
    expect(mint?.supply).toBe(1_000_000n * 10n ** 9n);
    expect(mint?.decimals).toBe(9);
    expect(mint?.mintAuthority).toBeNull();
    expect(mint?.freezeAuthority).toBeNull();
    expect(mint?.metadata?.name).toBe("Maya Beats");
    expect(mint?.metadata?.uri).toMatch(new RegExp(`/api/tokens/${mintAddress}/metadata\\.json$`));
    expect(mint?.metadata?.additionalMetadata).toEqual([["tagline", "Own a piece of the beat"]]);

    const list = await maya.c.get<Token[]>(`/api/tokens/user/${maya.userId}`);
    expect(list.body.map((x) => x.mintAddress)).toEqual([mintAddress]);

    const meta = await maya.c.get<Record<string, unknown>>(`/api/tokens/${mintAddress}/metadata.json`);
    expect(meta.body).toMatchObject({
      name: "Maya Beats",
      symbol: token.symbol,
      description: body.description,
      external_url: body.website,
    });

    const balances =
      await maya.c.get<Array<{ symbol: string; balance: string; mint: string }>>("/api/user/token-balances");
    expect(balances.body).toEqual([
      { symbol: token.symbol, name: "Maya Beats", balance: "1000000", mint: mintAddress, decimals: 9 },
    ]);

    // Transfer to a fan by username; circulating supply is read back from the chain.
    const fan = await creator("fan_of_maya", false);
    const sent = await maya.c.post<{ signature: string; to: string; amount: string }>(
      `/api/tokens/${mintAddress}/transfer`,
      {
        to: "fan_of_maya",
        amount: "1500.5",
      },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.to).toBe(fan.wallet);
    const fanBalances = await fan.c.get<Array<{ balance: string }>>("/api/user/token-balances");
    expect(fanBalances.body[0]?.balance).toBe("1500.5");
    const after = await maya.c.get<Token[]>(`/api/tokens/user/${maya.userId}`);
    expect(after.body[0]?.circulatingSupply).toBe("1500.5");

    // Read by the recipient: a reader's own transfers are on the page at once.
    const page = await fan.c.get<{
      holders: Array<{ owner: string; amount: string }>;
      chain: { mintAuthority: null };
    }>(`/api/tokens/${mintAddress}`);
    expect(page.body.chain.mintAuthority).toBeNull();
    expect(page.body.holders).toContainEqual(
      expect.objectContaining({ owner: fan.wallet, amount: "1500.5" }),
    );
  });

  it("a retry with the same idempotency key never launches twice", async () => {
    const c = await creator("retry_creator");
    const payload = { ...form(), userId: c.userId, creatorWallet: c.wallet, idempotencyKey: "launch-1" };
    const first = await c.c.post<Created>("/api/tokens/create", payload);
    const second = await c.c.post<Created>("/api/tokens/create", payload);
    expect(first.status).toBe(201);
    expect(second.body.mintAddress).toBe(first.body.mintAddress);
    expect((await c.c.get<Token[]>(`/api/tokens/user/${c.userId}`)).body).toHaveLength(1);
  });

  it("says clearly when there is not enough SOL, and keeps nothing half-made", async () => {
    const broke = await creator("broke_creator", false);
    const res = await broke.c.post<ErrorBody>("/api/tokens/create", {
      ...form(),
      userId: broke.userId,
      creatorWallet: broke.wallet,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Get Test SOL/);
    expect((await broke.c.get<Token[]>(`/api/tokens/user/${broke.userId}`)).body).toEqual([]);
  });

  it("refuses a symbol already live on the platform", async () => {
    const a = await creator("sym_a");
    const b = await creator("sym_b");
    const symbol = freshSymbol();
    expect(
      (
        await a.c.post("/api/tokens/create", {
          ...form({ symbol }),
          userId: a.userId,
          creatorWallet: a.wallet,
        })
      ).status,
    ).toBe(201);
    const dup = await b.c.post<ErrorBody>("/api/tokens/create", {
      ...form({ symbol }),
      userId: b.userId,
      creatorWallet: b.wallet,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.fields?.symbol).toMatch(/already taken/);
    expect(dup.body.code).toBe("SYMBOL_TAKEN");
  });
});

describe("token images", () => {
  const launch = async (who: Awaited<ReturnType<typeof creator>>, over: Record<string, unknown>) => {
    const res = await who.c.post<Created>("/api/tokens/create", {
      ...form(over),
      userId: who.userId,
      creatorWallet: who.wallet,
    });
    expect(res.status).toBe(201);
    return res.body.mintAddress;
  };
  const metadata = async (mint: string) =>
    (await fetch(`${t.url}/api/tokens/${mint}/metadata.json`)).json() as Promise<Record<string, unknown>>;

  // One creator for both cases: wallet generation is rate-limited per address.
  let ines: Awaited<ReturnType<typeof creator>>;
  beforeAll(async () => {
    ines = await creator("ines_img");
  });

  it("a token launched without an image gets its own, named by the metadata", async () => {
    const symbol = `E${freshSymbol().slice(1)}`;
    const mint = await launch(ines, { symbol });
    const meta = await metadata(mint);
    const image = `${new URL(String(meta.image)).pathname}`;
    expect(image).toBe(`/api/tokens/${mint}/image.svg`);
    expect(meta.properties).toEqual({
      category: "image",
      files: [{ uri: meta.image, type: "image/svg+xml" }],
    });

    const res = await fetch(`${t.url}${image}`);
    expect(res.status).toBe(200);
    // Wallets and explorers load both from their own origins; the private API stays closed.
    for (const r of [res, await fetch(`${t.url}/api/tokens/${mint}/metadata.json`)]) {
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
      expect(r.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    }
    const me = await fetch(`${t.url}/api/auth/me`);
    expect(me.headers.get("access-control-allow-origin")).toBeNull();
    expect(me.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    // Every answer carries the site's security headers (helmet's, made once at start).
    expect(me.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(me.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(me.headers.get("x-content-type-options")).toBe("nosniff");
    expect(me.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>\n$/);
    // The symbol's first letter as a person reads it, and the symbol itself.
    expect(svg).toContain(">E</text>");
    expect(svg).toContain(`>$${symbol.toUpperCase()}</text>`);

    expect((await fetch(`${t.url}/api/tokens/${"1".repeat(44)}/image.svg`)).status).toBe(404);
  });

  it("keeps markup out of symbols, and keeps the creator's own image when there is one", async () => {
    const markup = await ines.c.post<ErrorBody>("/api/tokens/create", {
      ...form({ symbol: `<&"${symbolCounter++}` }),
      userId: ines.userId,
      creatorWallet: ines.wallet,
    });
    expect(markup.status).toBe(400);
    expect(markup.body.fields?.symbol).toBe("Symbols use only the letters A-Z and the digits 0-9");

    const own = await launch(ines, { imageUrl: "https://cdn.example/oli.png" });
    const meta = await metadata(own);
    expect(meta.image).toBe("https://cdn.example/oli.png");
    expect(meta.properties).toEqual({ category: "image", files: [{ uri: "https://cdn.example/oli.png" }] });
  });
});

describe("validation (spec section 5, exact messages)", () => {
  let validators = 0; // one fresh user per case; this file's database is its own
  it.each([
    [{ name: "" }, "name", "Token name is required"],
    [{ name: "x".repeat(51) }, "name", "Name too long"],
    [{ symbol: "" }, "symbol", "Symbol is required"],
    [{ symbol: "ABCDEFGHIJK" }, "symbol", "Symbol too long"],
    [{ description: "x".repeat(501) }, "description", "Description too long"],
    [{ totalSupply: "" }, "totalSupply", "Supply is required"],
    [{ totalSupply: "-1" }, "totalSupply", "Must be a positive number"],
    [{ imageUrl: "nope" }, "imageUrl", "Invalid URL"],
    [{ website: "nope" }, "website", "Invalid URL"],
  ])("%o -> %s", async (patch, field, message) => {
    const c = await creator(`validator_${++validators}`, false);
    const res = await c.c.post<ErrorBody>("/api/tokens/create", {
      ...form(patch),
      userId: c.userId,
      creatorWallet: c.wallet,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fields?.[field]).toBe(message);
  });
});

describe("cross-user access is refused", () => {
  it("nobody launches for another user or from another user's wallet", async () => {
    const victim = await creator("victim");
    const thief = await creator("thief");
    const asVictim = await thief.c.post<ErrorBody>("/api/tokens/create", {
      ...form(),
      userId: victim.userId,
      creatorWallet: victim.wallet,
    });
    expect(asVictim.status).toBe(403);
    const withVictimWallet = await thief.c.post<ErrorBody>("/api/tokens/create", {
      ...form(),
      userId: thief.userId,
      creatorWallet: victim.wallet,
    });
    expect(withVictimWallet.status).toBe(403);
    expect(withVictimWallet.body.error).toBe("You can only launch tokens with your own wallets");
    const anon = await new Client(t.url).post("/api/tokens/create", {
      ...form(),
      userId: victim.userId,
      creatorWallet: victim.wallet,
    });
    expect(anon.status).toBe(401);
    expect(await t.deps.ledger.getBalance(victim.wallet)).toBe(2_000_000_000n);
  });

  it("a transfer only moves the caller's own tokens", async () => {
    const owner = await creator("xfer_owner");
    const launched = await owner.c.post<Created>("/api/tokens/create", {
      ...form(),
      userId: owner.userId,
      creatorWallet: owner.wallet,
    });
    const other = await creator("xfer_other");
    const res = await other.c.post<ErrorBody>(`/api/tokens/${launched.body.mintAddress}/transfer`, {
      to: "xfer_other",
      amount: "5",
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Not enough/);
    const tooMuch = await owner.c.post<ErrorBody>(`/api/tokens/${launched.body.mintAddress}/transfer`, {
      to: "xfer_other",
      amount: "1000001",
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe(`Not enough ${launched.body.token.symbol}: you have 1,000,000`);
    // The form's words for too many decimals, on the field and as the message.
    const tooFine = await owner.c.post<ErrorBody>(`/api/tokens/${launched.body.mintAddress}/transfer`, {
      to: "xfer_other",
      amount: "0.0000000001",
    });
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.error).toBe(`${launched.body.token.symbol} has at most 9 decimals`);
    expect(tooFine.body.fields?.amount).toBe(`${launched.body.token.symbol} has at most 9 decimals`);
    const nobody = await owner.c.post<ErrorBody>(`/api/tokens/${launched.body.mintAddress}/transfer`, {
      to: "no_such_user",
      amount: "1",
    });
    expect(nobody.status).toBe(404);
  });
});
