import type { TrustChecklist, TrustReport } from "@shared/schemas/trust";
import {
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
  blockhash as toKitBlockhash,
} from "@solana/kit";
import { getCreateAccountInstruction, getTransferSolInstruction } from "@solana-program/system";
import {
  AccountState,
  AuthorityType,
  extension,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeDefaultAccountStateInstruction,
  getInitializeMint2Instruction,
  getInitializeNonTransferableMintInstruction,
  getInitializePermanentDelegateInstruction,
  getInitializeTransferFeeConfigInstruction,
  getInitializeTransferHookInstruction,
  getMintSize,
  getMintToInstruction,
  getSetAuthorityInstruction,
  TOKEN_2022_PROGRAM_ADDRESS,
} from "@solana-program/token-2022";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client } from "../../../../tests/support/http";
import { testWallet } from "../../../../tests/support/keys";
import { launch, type Member, member, signerOf, signPrepared } from "../../../../tests/support/market";
import { signInWithWallet } from "../../../../tests/support/people";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { trustSnapshots } from "../../db/schema/index";
import type { Blockhash } from "../../ledger/ledger";
import { associatedTokenAddress } from "../../ledger/token-2022";
import { TOKEN_PROGRAM_ID } from "../../ledger/token-state";

/** Classic SPL Token: the same instruction layouts as Token-2022's for these, another program. */
const TOKEN_PROGRAM_ADDRESS = address(TOKEN_PROGRAM_ID);
const classic = { programAddress: TOKEN_PROGRAM_ADDRESS };

// The trust score on tokens built to hit each rule, through the real server, PGlite and
// LiteSVM. Expected points are worked out here from docs/trust.md's thresholds.

const SOL = 1_000_000_000n;
const E9 = 10n ** 9n;
const WINDOW_MS = 5 * 60_000;
let clock = Date.parse("2026-11-01T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" }, { now: () => clock });
});
afterAll(async () => t?.close());

const ledger = () => t.deps.ledger;
const anon = () => new Client(t.url);
let n = 0;
const key = () => `trust-${++n}`;

async function trustOf(mint: string): Promise<TrustReport> {
  const res = await anon().get<TrustReport>(`/api/tokens/${mint}/trust`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const factor = (r: TrustReport, k: string) => {
  const f = r.factors.find((x) => x.key === k);
  if (!f) throw new Error(`no factor ${k}`);
  return { value: f.value, points: f.points };
};
const capKeys = (r: TrustReport) => r.caps.map((c) => c.key).sort();
const sum = (r: TrustReport) => r.factors.reduce((s, f) => s + f.points, 0);

/** A message as an outside app composes it with kit. */
function kitMessage(payer: TransactionSigner, lifetime: Blockhash, instructions: Instruction[]) {
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: toKitBlockhash(lifetime.blockhash),
          lastValidBlockHeight: lifetime.lastValidBlockHeight,
        },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
}

/** Sent as an outside app would: kit, signed, through the public /rpc. */
async function sendViaRpc(payer: TransactionSigner, instructions: Instruction[]) {
  const rpc = createSolanaRpc(`${t.url}/rpc`);
  const blockhash = await ledger().getLatestBlockhash();
  const signed = await signTransactionMessageWithSigners(kitMessage(payer, blockhash, instructions));
  return rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" }).send();
}

async function funded(): Promise<KeyPairSigner> {
  const s = await generateKeyPairSigner();
  await ledger().airdrop(s.address, 5n * SOL);
  return s;
}

async function buy(who: Member, mint: string, tokens: bigint) {
  const res = await who.c.post(`/api/market/${mint}/buy`, {
    tokensOut: tokens.toString(),
    maxSolIn: (100n * SOL).toString(),
    idempotencyKey: key(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("trust: mints made by anyone through /rpc", () => {
  it("a Token-2022 mint with live mint and freeze authorities, a permanent delegate and a transfer fee is capped at 30", async () => {
    const payer = await funded();
    const mint = await generateKeyPairSigner();
    const exts = [
      extension("PermanentDelegate", { delegate: payer.address }),
      extension("TransferFeeConfig", {
        transferFeeConfigAuthority: payer.address,
        withdrawWithheldAuthority: payer.address,
        withheldAmount: 0n,
        olderTransferFee: { epoch: 0n, maximumFee: 10n ** 12n, transferFeeBasisPoints: 500 },
        newerTransferFee: { epoch: 0n, maximumFee: 10n ** 12n, transferFeeBasisPoints: 500 },
      }),
    ];
    const space = getMintSize(exts);
    const ata = associatedTokenAddress(payer.address, mint.address);
    await sendViaRpc(payer, [
      getCreateAccountInstruction({
        payer,
        newAccount: mint,
        lamports: await ledger().minimumBalanceForRentExemption(space),
        space,
        programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      }),
      getInitializePermanentDelegateInstruction({ mint: mint.address, delegate: payer.address }),
      getInitializeTransferFeeConfigInstruction({
        mint: mint.address,
        transferFeeConfigAuthority: payer.address,
        withdrawWithheldAuthority: payer.address,
        transferFeeBasisPoints: 500,
        maximumFee: 10n ** 12n,
      }),
      getInitializeMint2Instruction({
        mint: mint.address,
        decimals: 6,
        mintAuthority: payer.address,
        freezeAuthority: payer.address,
      }),
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata,
        owner: payer.address,
        mint: mint.address,
        tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      }),
      getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: payer, amount: 1_000_000n }),
    ]);

    const r = await trustOf(mint.address);
    expect(r).toMatchObject({ mint: mint.address, program: "token-2022", platform: false, version: "2" });
    expect(factor(r, "mint_authority")).toEqual({ value: "Live", points: 0 });
    expect(factor(r, "freeze_authority")).toEqual({ value: "Live", points: 0 });
    expect(factor(r, "permanent_delegate")).toEqual({ value: "Present", points: 0 });
    expect(factor(r, "transfer_fee")).toEqual({ value: "5% (can be changed)", points: 0 });
    expect(factor(r, "transfer_rules")).toEqual({ value: "Plain transfers", points: 4 });
    expect(factor(r, "metadata")).toEqual({ value: "Not in the mint", points: 2 });
    // The creator (the creation's fee payer) holds it all: minted to itself, not taken at launch.
    expect(factor(r, "largest_holder")).toEqual({ value: "100%", points: 0 });
    expect(factor(r, "creator_share")).toEqual({ value: "100%", points: 0 });
    expect(factor(r, "launch_sniping")).toEqual({ value: "0%", points: 10 });
    expect(factor(r, "curve_share")).toEqual({ value: "No market", points: 0 });
    expect(factor(r, "holders")).toEqual({ value: "1", points: 0 });
    expect(capKeys(r)).toEqual(
      [
        "creator_cluster",
        "live_freeze_authority",
        "live_mint_authority",
        "permanent_delegate",
        "whale",
      ].sort(),
    );
    expect(sum(r)).toBe(16);
    expect(r.score).toBe(16);
    expect(r.band).toBe("high_risk");

    // The day's snapshot, once: a second report that day writes no second row.
    await trustOf(mint.address);
    const { db } = t.deps.database;
    const rows = await db.select().from(trustSnapshots).where(eq(trustSnapshots.mint, mint.address));
    expect(rows.map((s) => [s.day, s.score, s.version])).toEqual([[r.computedAt.slice(0, 10), 16, "2"]]);
  });

  it("a classic SPL Token mint, authority revoked, 20% handed out in its first minutes", async () => {
    const payer = await funded();
    const mint = await generateKeyPairSigner();
    const space = getMintSize();
    await sendViaRpc(payer, [
      getCreateAccountInstruction({
        payer,
        newAccount: mint,
        lamports: await ledger().minimumBalanceForRentExemption(space),
        space,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeMint2Instruction(
        { mint: mint.address, decimals: 0, mintAuthority: payer.address, freezeAuthority: null },
        classic,
      ),
    ]);
    const friends = await Promise.all([1, 2, 3, 4].map(() => generateKeyPairSigner()));
    const handout: Instruction[] = [];
    for (const [owner, amount] of [
      [payer.address, 800n],
      ...friends.map((f) => [f.address, 50n] as const),
    ] as const) {
      const ata = associatedTokenAddress(owner, mint.address, TOKEN_PROGRAM_ADDRESS);
      handout.push(
        getCreateAssociatedTokenIdempotentInstruction({
          payer,
          ata,
          owner: address(owner),
          mint: mint.address,
          tokenProgram: TOKEN_PROGRAM_ADDRESS,
        }),
        getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: payer, amount }, classic),
      );
    }
    handout.push(
      getSetAuthorityInstruction(
        { owned: mint.address, owner: payer, authorityType: AuthorityType.MintTokens, newAuthority: null },
        classic,
      ),
    );
    await sendViaRpc(payer, handout);

    const r = await trustOf(mint.address);
    expect(r).toMatchObject({ program: "spl-token", platform: false });
    expect(factor(r, "mint_authority")).toEqual({ value: "Revoked", points: 15 });
    expect(factor(r, "freeze_authority")).toEqual({ value: "None", points: 10 });
    expect(factor(r, "permanent_delegate")).toEqual({ value: "None", points: 8 });
    expect(factor(r, "transfer_fee")).toEqual({ value: "None", points: 4 });
    expect(factor(r, "top10_share")).toEqual({ value: "100%", points: 0 });
    expect(factor(r, "largest_holder")).toEqual({ value: "80%", points: 0 });
    expect(factor(r, "launch_sniping")).toEqual({ value: "20%", points: 0 });
    expect(factor(r, "holders")).toEqual({ value: "5", points: 0 });
    expect(capKeys(r)).toEqual(["creator_cluster", "whale"]);
    expect(r.score).toBe(15 + 10 + 8 + 4 + 4 + 2);
  });

  it("reads frozen-by-default, non-transferable and transfer-hook mints", async () => {
    const payer = await funded();
    const create = async (exts: Parameters<typeof getMintSize>[0], init: (mint: string) => Instruction[]) => {
      const mint = await generateKeyPairSigner();
      const space = getMintSize(exts);
      await sendViaRpc(payer, [
        getCreateAccountInstruction({
          payer,
          newAccount: mint,
          lamports: await ledger().minimumBalanceForRentExemption(space),
          space,
          programAddress: TOKEN_2022_PROGRAM_ADDRESS,
        }),
        ...init(mint.address),
        getInitializeMint2Instruction({
          mint: mint.address,
          decimals: 0,
          mintAuthority: payer.address,
          freezeAuthority: payer.address,
        }),
      ]);
      return trustOf(mint.address);
    };

    const soulbound = await create(
      [extension("DefaultAccountState", { state: AccountState.Frozen }), extension("NonTransferable", {})],
      (mint) => [
        getInitializeDefaultAccountStateInstruction({ mint: address(mint), state: AccountState.Frozen }),
        getInitializeNonTransferableMintInstruction({ mint: address(mint) }),
      ],
    );
    expect(factor(soulbound, "transfer_rules")).toEqual({ value: "Non-transferable", points: 0 });
    expect(factor(soulbound, "freeze_authority")).toEqual({ value: "Live", points: 0 });
    expect(capKeys(soulbound)).toEqual(["live_freeze_authority", "live_mint_authority", "non_transferable"]);
    expect(soulbound.score).toBeLessThanOrEqual(20);

    const hookProgram = await generateKeyPairSigner();
    const hooked = await create(
      [extension("TransferHook", { authority: payer.address, programId: hookProgram.address })],
      (mint) => [
        getInitializeTransferHookInstruction({
          mint: address(mint),
          authority: payer.address,
          programId: hookProgram.address,
        }),
      ],
    );
    expect(factor(hooked, "transfer_rules")).toEqual({ value: "Transfer hook", points: 0 });
    expect(factor(hooked, "permanent_delegate")).toEqual({ value: "None", points: 8 });
    expect(capKeys(hooked)).toEqual(["live_freeze_authority", "live_mint_authority"]);
  });

  it("a mint that does not exist is a 404, a malformed address a 400", async () => {
    const nobody = await generateKeyPairSigner();
    const missing = await anon().get<{ code: string }>(`/api/tokens/${nobody.address}/trust`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("NOT_FOUND");
    const bad = await anon().get<{ code: string; error: string }>("/api/tokens/not-a-mint!/trust");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("Invalid mint address");
  });
});

describe("trust: tokens launched here", () => {
  it("a fair launch: only the creator's disclosed buy in the window, fans after it", async () => {
    const creator = await member(t.url, ledger(), "tr_fair", 5n * SOL);
    const mint = await launch(creator, "FAIR", "1000000", {
      curveShareBps: 10_000,
      creatorBuyLamports: (SOL / 10n).toString(),
    });
    clock += WINDOW_MS + 1;
    const fan = await member(t.url, ledger(), "tr_fair_fan", 5n * SOL);
    await buy(fan, mint, 10_000n * E9);

    const r = await trustOf(mint);
    expect(r).toMatchObject({ program: "token-2022", platform: true });
    expect(factor(r, "mint_authority")).toEqual({ value: "Revoked", points: 15 });
    expect(factor(r, "metadata")).toEqual({ value: "Mutable", points: 0 });
    expect(factor(r, "launch_sniping")).toEqual({ value: "0%", points: 10 });
    expect(factor(r, "largest_holder").value).not.toBe("100%");
    expect(factor(r, "holders")).toEqual({ value: "2", points: 0 });
    expect(factor(r, "curve_share").points).toBe(10);
    expect(r.caps).toEqual([]);

    // The creator's checklist; strangers get none.
    const list = await creator.c.get<TrustChecklist>(`/api/tokens/${mint}/trust/checklist`);
    expect(list.status).toBe(200);
    const lockItem = list.body.items.find((i) => i.action === "lock_metadata");
    expect(lockItem).toMatchObject({ done: false, gain: 4 });
    expect(list.body.items.find((i) => i.action === "edit_profile")).toMatchObject({ done: false, gain: 1 });
    expect((await fan.c.get(`/api/tokens/${mint}/trust/checklist`)).status).toBe(403);
    expect((await anon().get(`/api/tokens/${mint}/trust/checklist`)).status).toBe(401);

    // Locking: only the update authority; on chain; once.
    const refused = await fan.c.post<{ code: string }>(`/api/tokens/${mint}/metadata/lock`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("NOT_UPDATE_AUTHORITY");
    const locked = await creator.c.post<{ locked: boolean; signature: string | null }>(
      `/api/tokens/${mint}/metadata/lock`,
    );
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(locked.body.locked).toBe(true);
    expect(locked.body.signature).toBeTruthy();
    expect((await ledger().getMint(mint))?.metadata?.updateAuthority).toBeNull();
    const again = await creator.c.post<{ locked: boolean; signature: string | null }>(
      `/api/tokens/${mint}/metadata/lock`,
    );
    expect(again.body).toMatchObject({ locked: true, signature: null });

    const after = await trustOf(mint);
    expect(factor(after, "metadata")).toEqual({ value: "Immutable", points: 4 });
    expect(after.score).toBe(r.score + 4);
  });

  it("a sniped launch: five wallets buy in the window, one of them funded by the creator", async () => {
    const creator = await member(t.url, ledger(), "tr_snipe", 5n * SOL);
    const mint = await launch(creator, "SNIPE", "1000000", { curveShareBps: 8_000 });
    const snipers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => member(t.url, ledger(), `tr_sniper${i}`, i === 1 ? 0n : 2n * SOL)),
    );
    const [first] = snipers;
    if (!first) throw new Error("no sniper");
    // The creator pays the first sniper's SOL (a plain system transfer from its wallet).
    const creatorKey = await signerOf(creator);
    const blockhash = await ledger().getLatestBlockhash();
    const fund = await signTransactionMessageWithSigners(
      kitMessage(creatorKey, blockhash, [
        getTransferSolInstruction({
          source: creatorKey,
          destination: address(first.wallet),
          amount: 2n * SOL,
        }),
      ]),
    );
    await ledger().sendTransaction(Buffer.from(getBase64EncodedWireTransaction(fund), "base64"));
    for (const s of snipers) await buy(s, mint, 19_000n * E9);

    const r = await trustOf(mint);
    // 5 x 1.9% = 9.5%: 10 x (20 - 9.5) / (20 - 2) = 5.8.
    expect(factor(r, "launch_sniping")).toEqual({ value: "9.5%", points: 5 });
    // The creator's 20% and its funded sniper's 1.9%.
    expect(factor(r, "creator_share")).toEqual({ value: "21.9%", points: 0 });
    expect(factor(r, "largest_holder")).toEqual({ value: "20%", points: 2 });
    expect(factor(r, "top10_share")).toEqual({ value: "29.5%", points: 12 });
    expect(factor(r, "holders")).toEqual({ value: "6", points: 0 });
    expect(capKeys(r)).toEqual(["creator_cluster"]);
    expect(r.score).toBe(Math.min(60, sum(r)));
  });

  it("a whale: one wallet buys 35% after the window", async () => {
    const creator = await member(t.url, ledger(), "tr_whale", 5n * SOL);
    const mint = await launch(creator, "WHALE", "1000000", { curveShareBps: 10_000 });
    clock += WINDOW_MS + 1;
    const whale = await member(t.url, ledger(), "tr_whale_big", 30n * SOL);
    await buy(whale, mint, 350_000n * E9);
    const r = await trustOf(mint);
    expect(factor(r, "largest_holder")).toEqual({ value: "35%", points: 0 });
    expect(factor(r, "top10_share")).toEqual({ value: "35%", points: 10 });
    expect(factor(r, "curve_share")).toEqual({ value: "65%", points: 10 });
    expect(factor(r, "launch_sniping")).toEqual({ value: "0%", points: 10 });
    expect(capKeys(r)).toEqual(["whale"]);
    expect(r.score).toBe(60);
    expect(r.band).toBe("caution");

    // Explore's card carries the score (told within a second of it moving), and the trust sort
    // ranks by it.
    type Cards = { tokens: Array<{ mint: string; trustScore: number | null; trustBand: string | null }> };
    const cards = await vi.waitFor(
      async () => {
        const explore = await anon().get<Cards>("/api/explore?sort=trust&limit=60");
        expect(explore.status).toBe(200);
        expect(explore.body.tokens.find((c) => c.mint === mint)).toMatchObject({
          trustScore: 60,
          trustBand: "caution",
        });
        return explore.body.tokens;
      },
      { timeout: 10_000, interval: 100 },
    );
    const scores = cards.map((c) => c.trustScore ?? -1);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
  });

  it("a browser wallet locks its token's metadata by signing exactly the prepared bytes", async () => {
    const w = await testWallet();
    await ledger().airdrop(w.address, 2n * SOL);
    const { c, userId } = await signInWithWallet(t.url, w);
    const prepared = await c.post<{ tokenId: string; mintAddress: string; transaction: string }>(
      "/api/tokens/prepare",
      { name: "Wallet Lock", symbol: "WLOCK", totalSupply: "1000", userId, creatorWallet: w.address },
    );
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const mint = prepared.body.mintAddress;
    const launched = await c.post("/api/tokens/submit", {
      tokenId: prepared.body.tokenId,
      transaction: signPrepared(prepared.body.transaction, w.address, w.signBytes),
    });
    expect(launched.status).toBe(201);

    // The embedded path cannot sign for a browser wallet.
    const direct = await c.post<{ code: string }>(`/api/tokens/${mint}/metadata/lock`);
    expect(direct.status).toBe(400);
    expect(direct.body.code).toBe("SIGN_WITH_WALLET");

    const lock = await c.post<{ lockId: string; authority: string; transaction: string }>(
      `/api/tokens/${mint}/metadata/lock/prepare`,
    );
    expect(lock.status).toBe(200);
    expect(lock.body.authority).toBe(w.address);
    const signed = Buffer.from(signPrepared(lock.body.transaction, w.address, w.signBytes), "base64");
    const tampered = Buffer.from(signed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 0xff;
    const refused = await c.post<{ code: string }>(`/api/tokens/${mint}/metadata/lock/submit`, {
      lockId: lock.body.lockId,
      transaction: tampered.toString("base64"),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("TRANSACTION_REJECTED");
    expect((await ledger().getMint(mint))?.metadata?.updateAuthority).toBe(w.address);

    const done = await c.post<{ locked: boolean; signature: string | null }>(
      `/api/tokens/${mint}/metadata/lock/submit`,
      { lockId: lock.body.lockId, transaction: signed.toString("base64") },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.signature).toBeTruthy();
    expect((await ledger().getMint(mint))?.metadata?.updateAuthority).toBeNull();
    expect(factor(await trustOf(mint), "metadata")).toEqual({ value: "Immutable", points: 4 });
    // Nothing left to prepare.
    const again = await c.post<{ code: string }>(`/api/tokens/${mint}/metadata/lock/prepare`);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("ALREADY_PROCESSED");
  });
});
