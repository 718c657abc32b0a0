import type { ApiError } from "@shared/schemas/api-error";
import type { Token } from "@shared/schemas/token";
import { getTransactionDecoder, getTransactionEncoder, type SignatureBytes } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testWallet } from "../../../../tests/support/keys";
import { signInWithWallet, signUpWithWallet } from "../../../../tests/support/people";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// Copycats (F-3) and squatters (F-2): a look-alike of a live token's name or symbol is
// refused, and a prepared launch nobody submits frees its symbol once its blockhash expires.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
});
afterAll(async () => t?.close());

type Created = { token: Token; mintAddress: string };
type Prepared = { tokenId: string; mintAddress: string; transaction: string };

let counter = 0;
/** Letters no skeleton folds together (no I/L, O, R+N, V+W): each tag stands apart. */
const TAG_LETTERS = "ABCDEFGHJKMPQTUXYZ";
/** A fresh symbol and name nobody else uses in this file. */
const fresh = () => {
  const n = counter++;
  const tag = `${TAG_LETTERS[n % TAG_LETTERS.length]}${TAG_LETTERS[Math.floor(n / TAG_LETTERS.length)]}`;
  return { symbol: `Z${tag}`, name: `Fresh ${tag} Collective` };
};

async function embeddedCreator(username: string) {
  const { c, userId, wallet } = await signUpWithWallet(t.url, username);
  await t.deps.ledger.airdrop(wallet, 20_000_000_000n);
  const launch = (over: Record<string, string>) =>
    c.post<Created & ApiError>("/api/tokens/create", {
      description: "",
      totalSupply: "1000",
      userId,
      creatorWallet: wallet,
      ...fresh(),
      ...over,
    });
  return { c, launch };
}

async function externalCreator() {
  const w = await testWallet();
  const { c, userId } = await signInWithWallet(t.url, w);
  await t.deps.ledger.airdrop(w.address, 2_000_000_000n);
  const prepare = (over: Record<string, string>) =>
    c.post<Prepared & ApiError>("/api/tokens/prepare", {
      description: "",
      totalSupply: "1000",
      userId,
      creatorWallet: w.address,
      ...fresh(),
      ...over,
    });
  /** What a browser wallet does with `solana:signTransaction`. */
  const sign = (base64: string) => {
    const tx = getTransactionDecoder().decode(Buffer.from(base64, "base64"));
    const signatures = {
      ...tx.signatures,
      [w.address]: w.signBytes(new Uint8Array(tx.messageBytes)) as SignatureBytes,
    };
    return Buffer.from(getTransactionEncoder().encode({ ...tx, signatures })).toString("base64");
  };
  return { c, prepare, sign };
}

/** The chain moves past every blockhash handed out so far (150 slots, about a minute),
 * without waiting for it. */
async function afterBlockhashesExpire<T>(run: () => Promise<T>): Promise<T> {
  const height = await t.deps.ledger.getBlockHeight();
  const spy = vi.spyOn(t.deps.ledger, "getBlockHeight").mockResolvedValue(height + 151n);
  try {
    return await run();
  } finally {
    spy.mockRestore();
  }
}

describe("look-alike symbols and names beside a live HGJVX", () => {
  let owner: Awaited<ReturnType<typeof embeddedCreator>>;
  let copycat: Awaited<ReturnType<typeof embeddedCreator>>;
  beforeAll(async () => {
    owner = await embeddedCreator("hedge");
    copycat = await embeddedCreator("copycat");
    const live = await owner.launch({ name: "Hedge Journal", symbol: "HGJVX" });
    expect(live.status).toBe(201);
    const book = await owner.launch({ name: "Book Club", symbol: "BOOK" });
    expect(book.status).toBe(201);
  });

  it.each([
    ["zero-width space", "HG\u200BJVX"],
    ["zero-width joiner", "HG\u200DJVX"],
    ["Greek capital Eta", "\u0397GJVX"],
    ["Cyrillic capital En", "\u041DGJVX"],
    ["right-to-left override", "\u202EHGJVX"],
    ["combining acute accent", "H\u0301GJVX"],
  ])("a symbol with a %s is refused: A-Z and 0-9 only", async (_label, symbol) => {
    const res = await copycat.launch({ symbol });
    expect(res.status).toBe(400);
    expect(res.body.fields?.symbol).toBe("Symbols use only the letters A-Z and the digits 0-9");
  });

  it.each([
    ["fullwidth", "\uFF28\uFF27\uFF2A\uFF36\uFF38"],
    ["mathematical bold", "\u{1D407}\u{1D406}\u{1D409}\u{1D415}\u{1D417}"],
  ])("a %s symbol is HGJVX once normalised: taken", async (_label, symbol) => {
    const res = await copycat.launch({ symbol });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("SYMBOL_TAKEN");
    expect(res.body.error).toContain("HGJVX is already taken");
  });

  it("a symbol with digits drawn like the letters of a live one is a look-alike, named", async () => {
    const res = await copycat.launch({ symbol: "B00K" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("LOOKALIKE_TOKEN");
    expect(res.body.error).toContain("$BOOK");
    expect(res.body.error).toContain("Book Club");
  });

  it('"ß" x10 is 20 letters once upper-cased: too long', async () => {
    const res = await copycat.launch({ symbol: "ß".repeat(10) });
    expect(res.status).toBe(400);
    expect(res.body.fields?.symbol).toBe("Symbol too long");
  });

  it.each([
    ["zero-width space", "Hedge\u200B Journal"],
    ["zero-width joiner", "Hedge\u200DJournal"],
    ["right-to-left override", "\u202ElanruoJ egdeH"],
  ])("a name with a %s is refused", async (_label, name) => {
    const res = await copycat.launch({ name });
    expect(res.status).toBe(400);
    expect(res.body.fields?.name).toBe("Names cannot contain invisible or text-direction characters");
  });

  it.each([
    ["Greek capital Eta", "\u0397edge Journal"],
    ["Cyrillic capital En", "\u041Dedge Journal"],
    ["fullwidth", "\uFF28\uFF45\uFF44\uFF47\uFF45 Journal"],
    ["mathematical bold", "\u{1D407}edge Journal"],
    ["combining acute accent", "He\u0301dge Journal"],
    ["zero for o", "Hedge J0urnal"],
    ["the same name", "Hedge Journal"],
  ])("a name with a %s is a copycat of Hedge Journal, named", async (_label, name) => {
    const res = await copycat.launch({ name });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("LOOKALIKE_TOKEN");
    expect(res.body.error).toContain("“Hedge Journal” ($HGJVX)");
    expect(res.body.fields?.name).toBeDefined();
  });

  it("stores what it checked: NFKC name, and the supply without leading zeros", async () => {
    const res = await copycat.launch({
      name: "\uFF2Eova \u{1D401}eats",
      symbol: "NOVA",
      totalSupply: "00018000000000",
    });
    expect(res.status).toBe(201);
    expect(res.body.token.name).toBe("Nova Beats");
    expect(res.body.token.totalSupply).toBe("18000000000");
    const page = await copycat.c.get<{ token: Token }>(`/api/tokens/${res.body.mintAddress}`);
    expect(page.body.token.totalSupply).toBe("18000000000");
  });
});

describe("a prepared launch nobody submits", () => {
  it("holds its symbol only until its blockhash expires; a later submit is PREPARE_EXPIRED", async () => {
    const squatter = await externalCreator();
    const other = await embeddedCreator("patient");
    const prepared = await squatter.prepare({ symbol: "SQUAT", name: "Squat House" });
    expect(prepared.status).toBe(200);

    // While the prepared transaction could still be sent, the symbol is taken.
    const early = await other.launch({ symbol: "SQUAT" });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("SYMBOL_TAKEN");

    const launched = await afterBlockhashesExpire(() =>
      other.launch({ symbol: "SQUAT", name: "Squat House" }),
    );
    expect(launched.status).toBe(201);
    expect(launched.body.token.symbol).toBe("SQUAT");

    const late = await squatter.c.post<ApiError>("/api/tokens/submit", {
      tokenId: prepared.body.tokenId,
      transaction: squatter.sign(prepared.body.transaction),
    });
    expect(late.status).toBe(410);
    expect(late.body.code).toBe("PREPARE_EXPIRED");
    expect(await t.deps.ledger.getMint(prepared.body.mintAddress)).toBeNull();
  });

  it("a submit after expiry is refused even when nobody wanted the symbol", async () => {
    const squatter = await externalCreator();
    const prepared = await squatter.prepare({});
    const late = await afterBlockhashesExpire(() =>
      squatter.c.post<ApiError>("/api/tokens/submit", {
        tokenId: prepared.body.tokenId,
        transaction: squatter.sign(prepared.body.transaction),
      }),
    );
    expect(late.status).toBe(410);
    expect(late.body.code).toBe("PREPARE_EXPIRED");
  });

  it("start-up reconciliation expires stale prepares, and keeps one the wallet sent itself", async () => {
    const squatter = await externalCreator();
    const stale = await squatter.prepare({ symbol: "STALE" });
    const sentDirectly = await squatter.prepare({ symbol: "DIRECT" });
    // The wallet sends its signed transaction to the chain itself, never calling submit.
    await t.deps.ledger.sendTransaction(
      new Uint8Array(Buffer.from(squatter.sign(sentDirectly.body.transaction), "base64")),
    );

    const settled = await afterBlockhashesExpire(() => t.app.services.launches.reconcilePending());
    expect(settled.failed).toBeGreaterThanOrEqual(1);
    expect(settled.confirmed).toBeGreaterThanOrEqual(1);

    const late = await squatter.c.post<ApiError>("/api/tokens/submit", {
      tokenId: stale.body.tokenId,
      transaction: squatter.sign(stale.body.transaction),
    });
    expect(late.body.code).toBe("PREPARE_EXPIRED");
    const page = await squatter.c.get<{ token: Token }>(`/api/tokens/${sentDirectly.body.mintAddress}`);
    expect(page.body.token.status).toBe("active");
    const free = await (await embeddedCreator("later")).launch({ symbol: "STALE" });
    expect(free.status).toBe(201);
  });

  it("25 prepares hold 25 symbols only for a blockhash's lifetime", async () => {
    const squatter = await externalCreator();
    const symbols = Array.from({ length: 25 }, (_, i) => `SQ${String.fromCharCode(65 + i)}`);
    for (const symbol of symbols) expect((await squatter.prepare({ symbol })).status).toBe(200);
    const taker = await embeddedCreator("taker");
    await afterBlockhashesExpire(async () => {
      for (const symbol of symbols) expect((await taker.launch({ symbol })).status).toBe(201);
    });
  });
});
