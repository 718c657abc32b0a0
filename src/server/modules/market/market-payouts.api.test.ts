import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectVaultMatchesCurve,
  launch,
  type MarketView,
  type Member,
  member,
  signerOf,
} from "../../../../tests/support/market";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";
import { buildSolTransferTransaction } from "../../ledger/system";
import { PayoutsRepo } from "./market-payouts.repo";
import { treasurySigner } from "./market-vault";

// Owed creator fees paid out: the creator's wallet is emptied, trades pay the creator's part
// to the treasury as owed, and the payout job (the leader's) pays the owed sum from the
// treasury in one transaction once the wallet can receive it. Real server, PGlite, LiteSVM.

const SOL = 1_000_000_000n;
const WINDOW_MS = 5 * 60_000;
let clock = Date.parse("2026-11-01T12:00:00Z");
let t: TestApp;
let rent: bigint;
let treasury: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" }, { now: () => clock });
  rent = await t.deps.ledger.minimumBalanceForRentExemption(0);
  treasury = await t.app.services.market.treasury();
});
afterAll(async () => t?.close());

const ledger = () => t.deps.ledger;
const payouts = () => t.app.services.feePayouts;
let n = 0;

/** A market past its launch window whose creator then empties their wallet (0 lamports: the
 * account no longer exists, so a fee part of a few lamports could not be paid to it). */
async function emptiedCreator(symbol: string) {
  const creator = await member(t.url, ledger(), `po_${symbol.toLowerCase()}`, 5n * SOL);
  const mint = await launch(creator, symbol, "1000000", { curveShareBps: 8000 });
  clock += WINDOW_MS + 1;
  const sink = await member(t.url, ledger(), `po_${symbol.toLowerCase()}_sink`, 0n);
  const drain = await buildSolTransferTransaction({
    from: await signerOf(creator),
    to: sink.wallet,
    lamports: (await ledger().getBalance(creator.wallet)) - 5_000n,
    blockhash: await ledger().getLatestBlockhash(),
  });
  await ledger().sendTransaction(drain.wire);
  expect(await ledger().getBalance(creator.wallet)).toBe(0n);
  const fan = await member(t.url, ledger(), `po_${symbol.toLowerCase()}_fan`, 10n * SOL);
  return { creator, mint, fan };
}

/** A buy of `lamports` (fee included); returns the creator's part of its fee. */
async function buy(fan: Member, mint: string, lamports: bigint): Promise<bigint> {
  const res = await fan.c.post<{ fee: string }>(`/api/market/${mint}/buy`, {
    solIn: lamports.toString(),
    minTokensOut: "0",
    idempotencyKey: `po-${++n}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return BigInt(res.body.fee) / 2n;
}

interface Fees {
  markets: Array<{
    mint: string;
    feesCreatorLamports: string;
    feesCreatorOwedLamports: string;
    feesCreatorPaidLamports: string;
  }>;
  totalCreatorOwedLamports: string;
  totalCreatorPaidLamports: string;
}

describe("owed creator fees paid out", () => {
  it("waits while the wallet cannot receive, pays the exact owed sum once it is funded, then nothing", async () => {
    const { creator, mint, fan } = await emptiedCreator("PAYO");
    // Small buys: each creator part is far below the rent minimum, and so is their sum.
    let owed = 0n;
    for (let i = 0; i < 3; i++) owed += await buy(fan, mint, SOL / 100n);
    expect(owed).toBeGreaterThan(0n);
    expect(owed).toBeLessThan(rent);
    await payouts().idle();
    // The wallet (0 lamports) plus the owed sum is below the rent minimum: nothing is sent.
    expect((await payouts().run()).paid).toBe(0);
    expect(await ledger().getBalance(creator.wallet)).toBe(0n);
    let fees = (await creator.c.get<Fees>("/api/market/fees")).body;
    expect(fees.markets[0]).toMatchObject({
      feesCreatorLamports: owed.toString(),
      feesCreatorOwedLamports: owed.toString(),
      feesCreatorPaidLamports: "0",
    });

    // The creator funds the wallet (test SOL): the next run pays the owed sum in one
    // transaction, paid by the treasury (its network fee included).
    await ledger().airdrop(creator.wallet, SOL);
    const [treasuryBefore, creatorBefore] = await Promise.all([
      ledger().getBalance(treasury),
      ledger().getBalance(creator.wallet),
    ]);
    const paid = await payouts().run();
    expect(paid).toMatchObject({ paid: 1, lamports: owed });
    expect(await ledger().getBalance(creator.wallet)).toBe(creatorBefore + owed);
    expect(await ledger().getBalance(treasury)).toBe(treasuryBefore - owed - 5_000n);
    fees = (await creator.c.get<Fees>("/api/market/fees")).body;
    expect(fees.markets[0]).toMatchObject({
      feesCreatorLamports: owed.toString(),
      feesCreatorOwedLamports: "0",
      feesCreatorPaidLamports: owed.toString(),
    });
    expect(fees.totalCreatorOwedLamports).toBe("0");
    const state = (await creator.c.get<MarketView>(`/api/market/${mint}`)).body;
    expect(state.feesCreatorOwedLamports).toBe("0");

    // A second run pays nothing; later trades pay the creator's wallet directly.
    expect(await payouts().run()).toMatchObject({ paid: 0, lamports: 0n });
    expect(await ledger().getBalance(creator.wallet)).toBe(creatorBefore + owed);
    const direct = await buy(fan, mint, SOL / 100n);
    await payouts().idle();
    expect(await ledger().getBalance(creator.wallet)).toBe(creatorBefore + owed + direct);
    expect(await ledger().getBalance(treasury)).toBeGreaterThan(treasuryBefore - owed - 5_000n);
    await expectVaultMatchesCurve(fan.c, ledger(), mint, rent);
    const after = (await creator.c.get<Fees>("/api/market/fees")).body.markets[0];
    expect(after?.feesCreatorOwedLamports).toBe("0");
    expect(after?.feesCreatorPaidLamports).toBe((owed + direct).toString());
  });

  it("pays right after the trade whose owed part makes the sum enough to open the wallet", async () => {
    const { creator, mint, fan } = await emptiedCreator("PAYT");
    // Each buy's creator part is a quarter of the rent minimum or so: owed until the sum,
    // paid to a wallet of 0 lamports, leaves it rent-exempt.
    const step = ((rent / 4n) * 2n * 10_000n) / 250n;
    let owed = 0n;
    while (owed < rent) {
      owed += await buy(fan, mint, step);
      // The trade wakes the job: it pays as soon as the sum is enough, not before.
      await payouts().idle();
      const balance = await ledger().getBalance(creator.wallet);
      expect(balance).toBe(owed >= rent ? owed : 0n);
    }
    const state = (await creator.c.get<MarketView>(`/api/market/${mint}`)).body;
    expect(state.feesCreatorOwedLamports).toBe("0");
    expect(state.feesCreatorLamports).toBe(owed.toString());
  });

  it("settles at start a payout recorded but never sent (a kill -9 between record and send)", async () => {
    const { creator, mint, fan } = await emptiedCreator("PAYK");
    let owed = 0n;
    for (let i = 0; i < 2; i++) owed += await buy(fan, mint, SOL / 100n);
    await payouts().idle();
    await ledger().airdrop(creator.wallet, SOL);
    // What the job writes before sending, written here, and then the process "dies": the
    // job is stopped and started again as at start-up.
    await payouts().stop();
    const repo = new PayoutsRepo(t.deps.database.db);
    const [wallet] = (await repo.owedWallets()).filter((w) => w.wallet === creator.wallet);
    expect(wallet?.lamports).toBe(owed);
    const signer = treasurySigner(undefined, t.dataDir);
    if (!signer || !wallet) throw new Error("no treasury key or no owed wallet");
    const blockhash = await ledger().getLatestBlockhash();
    const built = await buildSolTransferTransaction({
      from: signer,
      to: creator.wallet,
      lamports: owed,
      blockhash,
      memo: "creator fees crash-test",
    });
    const recorded = await repo.record(
      {
        id: "crash-test",
        creatorWallet: creator.wallet,
        lamports: owed,
        signature: built.signature,
        signedTransaction: built.wire,
        lastValidBlockHeight: blockhash.lastValidBlockHeight,
      },
      wallet.tradeIds,
    );
    expect(recorded).toBe(true);
    // Its parts are taken: a second payout of the same fees cannot be recorded.
    expect(
      await repo.record(
        { id: "crash-test-2", creatorWallet: creator.wallet, lamports: owed },
        wallet.tradeIds,
      ),
    ).toBe(false);
    const [treasuryBefore, creatorBefore] = await Promise.all([
      ledger().getBalance(treasury),
      ledger().getBalance(creator.wallet),
    ]);
    payouts().start();
    await payouts().idle();
    expect(await ledger().getBalance(creator.wallet)).toBe(creatorBefore + owed);
    expect(await ledger().getBalance(treasury)).toBe(treasuryBefore - owed - 5_000n);
    expect(await repo.pending()).toEqual([]);
    expect((await creator.c.get<MarketView>(`/api/market/${mint}`)).body.feesCreatorOwedLamports).toBe("0");
    // Settled once: again, nothing more moves.
    await payouts().stop();
    payouts().start();
    await payouts().idle();
    expect(await payouts().run()).toMatchObject({ settled: 0, paid: 0 });
    expect(await ledger().getBalance(creator.wallet)).toBe(creatorBefore + owed);
  });
});
