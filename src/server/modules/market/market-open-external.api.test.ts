import { getSignatureFromTransaction, getTransactionDecoder } from "@solana/kit";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testWallet } from "../../../../tests/support/keys";
import {
  expectVaultMatchesCurve,
  type MarketView,
  member,
  signPrepared,
  tokensOf,
} from "../../../../tests/support/market";
import { signInWithWallet } from "../../../../tests/support/people";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { markets } from "../../db/schema/market";
import { TOKEN_2022_ATA_SIZE } from "../../ledger/token-2022";

// A creator whose wallet signs in the browser opens a market for a token it launched:
// POST /api/market/:mint/open/prepare, the wallet signs, .../open/submit. The real server,
// PGlite and LiteSVM; the wallet is a keypair signing the prepared bytes as a browser would.

const SOL = 1_000_000_000n;
const E9 = 10n ** 9n;
let t: TestApp;
let rent: bigint;
let ataRent: bigint;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
  rent = await t.deps.ledger.minimumBalanceForRentExemption(0);
  ataRent = await t.deps.ledger.minimumBalanceForRentExemption(TOKEN_2022_ATA_SIZE);
});
afterAll(async () => t?.close());

const ledger = () => t.deps.ledger;

/** A creator signed in with a browser wallet, funded, with a token that wallet launched. */
async function externalCreator(symbol: string, supply: string) {
  const w = await testWallet();
  const { c, userId } = await signInWithWallet(t.url, w);
  await ledger().airdrop(w.address, 5n * SOL);
  const prepared = await c.post<{ tokenId: string; mintAddress: string; transaction: string }>(
    "/api/tokens/prepare",
    { name: `${symbol} Coin`, symbol, totalSupply: supply, userId, creatorWallet: w.address },
  );
  expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
  const launched = await c.post("/api/tokens/submit", {
    tokenId: prepared.body.tokenId,
    transaction: signPrepared(prepared.body.transaction, w.address, w.signBytes),
  });
  expect(launched.status, JSON.stringify(launched.body)).toBe(201);
  const sign = (base64: string) => signPrepared(base64, w.address, w.signBytes);
  return { w, c, mint: prepared.body.mintAddress, sign };
}

interface Prepared {
  mint: string;
  wallet: string;
  curveShareBps: number;
  tokens: string;
  vault: string;
  transaction: string;
}

describe("opening a market from a browser wallet", () => {
  it("prepares the opening, checks the signed bytes, sends it once; the vault equals the curve", async () => {
    const { w, c, mint, sign } = await externalCreator("XOPEN", "1000000");
    // The embedded path says to sign with the wallet.
    const direct = await c.post<{ code: string }>(`/api/market/${mint}/open`, { curveShareBps: 6000 });
    expect(direct.status).toBe(400);
    expect(direct.body.code).toBe("SIGN_WITH_WALLET");

    const prep = await c.post<Prepared>(`/api/market/${mint}/open/prepare`, { curveShareBps: 6000 });
    expect(prep.status, JSON.stringify(prep.body)).toBe(200);
    expect(prep.body).toMatchObject({ mint, wallet: w.address, curveShareBps: 6000 });
    expect(prep.body.tokens).toBe((600_000n * E9).toString());
    // Asked again (a retry) before it expires: the same bytes.
    const again = await c.post<Prepared>(`/api/market/${mint}/open/prepare`, { curveShareBps: 6000 });
    expect(again.body.transaction).toBe(prep.body.transaction);
    expect((await c.get<MarketView>(`/api/market/${mint}`)).body.status).toBe("none");

    // A byte of the message changed after signing: not what was prepared, nothing sent.
    const raw = Buffer.from(sign(prep.body.transaction), "base64");
    raw[raw.length - 3] = (raw[raw.length - 3] ?? 0) ^ 1;
    const tampered = await c.post<{ code: string }>(`/api/market/${mint}/open/submit`, {
      transaction: raw.toString("base64"),
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.code).toBe("TRANSACTION_REJECTED");
    // Unsigned bytes (the wallet never signed) are refused too.
    const unsigned = await c.post<{ code: string }>(`/api/market/${mint}/open/submit`, {
      transaction: prep.body.transaction,
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.code).toBe("TRANSACTION_REJECTED");
    expect(await tokensOf(ledger(), w.address, mint)).toBe(1_000_000n * E9);

    const before = await ledger().getBalance(w.address);
    const signed = sign(prep.body.transaction);
    const opened = await c.post<MarketView>(`/api/market/${mint}/open/submit`, { transaction: signed });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.status).toBe("open");
    expect(opened.body.vault).toBe(prep.body.vault);
    expect(opened.body.realTokenReserves).toBe((600_000n * E9).toString());
    // The wallet paid the vault's rent, its token account's rent and the network fee.
    const after = await ledger().getBalance(w.address);
    expect(after).toBe(before - rent - ataRent - 5_000n);
    expect(await tokensOf(ledger(), w.address, mint)).toBe(400_000n * E9);
    await expectVaultMatchesCurve(c, ledger(), mint, rent);

    // A retry of the submit (a timeout, a double click) answers the market, sends nothing.
    const retry = await c.post<MarketView>(`/api/market/${mint}/open/submit`, { transaction: signed });
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe("open");
    expect(await ledger().getBalance(w.address)).toBe(after);
    expect(await tokensOf(ledger(), w.address, mint)).toBe(400_000n * E9);
    const exists = await c.post<{ code: string }>(`/api/market/${mint}/open/prepare`, {
      curveShareBps: 6000,
    });
    expect(exists.status).toBe(409);
    expect(exists.body.code).toBe("MARKET_EXISTS");

    // Fans trade on it (in the launch window: a small buy); the creator's wallet receives its
    // fee part.
    const fan = await member(t.url, ledger(), "xopen_fan", 10n * SOL);
    const buy = await fan.c.post<{ fee: string }>(`/api/market/${mint}/buy`, {
      solIn: (SOL / 10n).toString(),
      minTokensOut: "0",
      idempotencyKey: "xopen-buy-1",
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    expect(await ledger().getBalance(w.address)).toBe(after + BigInt(buy.body.fee) / 2n);
    await expectVaultMatchesCurve(c, ledger(), mint, rent);
  });

  it("only the creator prepares; a prepare left unsigned past its blockhash cannot be submitted", async () => {
    const { w, c, mint, sign } = await externalCreator("XLATE", "50000");
    const stranger = await member(t.url, ledger(), "xlate_stranger", SOL);
    const notYours = await stranger.c.post<{ code: string }>(`/api/market/${mint}/open/prepare`, {
      curveShareBps: 5000,
    });
    expect(notYours.status).toBe(403);
    const first = await c.post<Prepared>(`/api/market/${mint}/open/prepare`, { curveShareBps: 5000 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Another share while the wallet can still sign (and send) the first: two vaults could
    // land, so it waits for the first to expire.
    const other = await c.post<{ code: string; error: string }>(`/api/market/${mint}/open/prepare`, {
      curveShareBps: 7000,
    });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("IN_PROGRESS");
    expect(other.body.error).toContain("50%");
    const height0 = await ledger().getBlockHeight();
    const expired = vi.spyOn(ledger(), "getBlockHeight").mockResolvedValue(height0 + 151n);
    let prep: { status: number; body: Prepared };
    try {
      // Expired and not on the chain: the first is replaced.
      prep = await c.post<Prepared>(`/api/market/${mint}/open/prepare`, { curveShareBps: 7000 });
    } finally {
      expired.mockRestore();
    }
    expect(prep.status, JSON.stringify(prep.body)).toBe(200);
    expect(prep.body.tokens).toBe((35_000n * E9).toString());
    expect(prep.body.vault).not.toBe(first.body.vault);
    const strangerSubmit = await stranger.c.post(`/api/market/${mint}/open/submit`, {
      transaction: sign(prep.body.transaction),
    });
    expect(strangerSubmit.status).toBe(404);

    const height = await ledger().getBlockHeight();
    const spy = vi.spyOn(ledger(), "getBlockHeight").mockResolvedValue(height + 151n);
    try {
      const late = await c.post<{ code: string }>(`/api/market/${mint}/open/submit`, {
        transaction: sign(prep.body.transaction),
      });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe("QUOTE_EXPIRED");
    } finally {
      spy.mockRestore();
    }
    expect((await c.get<MarketView>(`/api/market/${mint}`)).body.status).toBe("none");
    expect(await tokensOf(ledger(), w.address, mint)).toBe(50_000n * E9);
    // Prepared again, signed in time: it opens.
    const fresh = await c.post<Prepared>(`/api/market/${mint}/open/prepare`, { curveShareBps: 7000 });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    const opened = await c.post<MarketView>(`/api/market/${mint}/open/submit`, {
      transaction: sign(fresh.body.transaction),
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    await expectVaultMatchesCurve(c, ledger(), mint, rent);
  });

  it("an opening the wallet sent itself opens the market, never an orphaned vault", async () => {
    const { w, c, mint, sign } = await externalCreator("XSELF", "1000000");
    const prep = await c.post<Prepared>(`/api/market/${mint}/open/prepare`, { curveShareBps: 8000 });
    expect(prep.status, JSON.stringify(prep.body)).toBe(200);
    // The wallet signs the prepared bytes and sends them through any RPC, not through submit.
    await ledger().sendTransaction(new Uint8Array(Buffer.from(sign(prep.body.transaction), "base64")));
    expect(await tokensOf(ledger(), prep.body.vault, mint)).toBe(800_000n * E9);
    // Asked for another share: the chain shows the first landed, so that market is open.
    const other = await c.post<{ code: string }>(`/api/market/${mint}/open/prepare`, { curveShareBps: 5000 });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("MARKET_EXISTS");
    const s = await expectVaultMatchesCurve(c, ledger(), mint, rent);
    expect(s).toMatchObject({ status: "open", vault: prep.body.vault });
    expect(s.realTokenReserves).toBe((800_000n * E9).toString());
    expect(await tokensOf(ledger(), w.address, mint)).toBe(200_000n * E9);

    // The same after expiry, found by start-up reconciliation.
    const second = await externalCreator("XSELG", "1000000");
    const p2 = await second.c.post<Prepared>(`/api/market/${second.mint}/open/prepare`, {
      curveShareBps: 6000,
    });
    expect(p2.status).toBe(200);
    await ledger().sendTransaction(new Uint8Array(Buffer.from(second.sign(p2.body.transaction), "base64")));
    const height = await ledger().getBlockHeight();
    const expired = vi.spyOn(ledger(), "getBlockHeight").mockResolvedValue(height + 151n);
    try {
      expect((await t.app.services.market.reconcilePending()).opened).toBe(1);
    } finally {
      expired.mockRestore();
    }
    const s2 = await expectVaultMatchesCurve(second.c, ledger(), second.mint, rent);
    expect(s2).toMatchObject({ status: "open", vault: p2.body.vault });
  });

  it("start-up reconciliation sends an opening recorded (signed) but not sent, once", async () => {
    const { w, c, mint, sign } = await externalCreator("XRECO", "1000000");
    const prep = await c.post<Prepared>(`/api/market/${mint}/open/prepare`, { curveShareBps: 8000 });
    expect(prep.status).toBe(200);
    // As if the server died right after recording the signed bytes: the row as submit writes it.
    const signed = new Uint8Array(Buffer.from(sign(prep.body.transaction), "base64"));
    const signature = getSignatureFromTransaction(getTransactionDecoder().decode(signed));
    await t.deps.database.db
      .update(markets)
      .set({ signature, signedTransaction: signed })
      .where(eq(markets.mint, mint));
    const settled = await t.app.services.market.reconcilePending();
    expect(settled.opened).toBe(1);
    const s = await expectVaultMatchesCurve(c, ledger(), mint, rent);
    expect(s.status).toBe("open");
    expect(await tokensOf(ledger(), w.address, mint)).toBe(200_000n * E9);
    expect((await t.app.services.market.reconcilePending()).opened).toBe(0);
  });
});
