import { randomUUID } from "node:crypto";
import { formatAmount, groupDigits } from "@shared/amounts";
import {
  BPS,
  type BuyQuote,
  type CurveState,
  feeBpsAt,
  invariant,
  MARKET,
  type QuoteRefusal,
  quoteBuyTokens,
  quoteBuyWithSol,
  quoteSell,
  type SellQuote,
  sellableTokens,
  splitFee,
} from "@shared/market/curve";
import type { BuyRequest, PreparedTrade, SellRequest, TradeResult } from "@shared/schemas/market";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, conflict, HttpError, notFound } from "../../http-errors";
import type { Signer } from "../../ledger/keys";
import { tokenAmountOf } from "../../ledger/layouts";
import { type Ledger, LedgerError } from "../../ledger/ledger";
import {
  buildTradeTransaction,
  checkTraderSigned,
  cosign,
  TRADE_NETWORK_FEE,
} from "../../ledger/market-transactions";
import { associatedTokenAddress, TOKEN_2022_ATA_SIZE } from "../../ledger/token-2022";
import type { AccountsRepo, WalletRow } from "../accounts/accounts.repo";
import type { TokenRow } from "../tokens/tokens.repo";
import type { TokensService } from "../tokens/tokens.service";
import type { WalletsService } from "../wallets/wallets.service";
import { presentTrade, supplyOf } from "./market.presenter";
import type { MarketRepo, MarketRow, TradeRow } from "./market.repo";
import { type CurveBook, type CurveEntry, curveOf } from "./market-curves";
import type { VaultKeys } from "./market-vault";

export const COMPLETED_MESSAGE =
  "This curve is complete: every token it held has been sold, so it no longer buys or sells. " +
  "Holders keep their tokens and can transfer them as usual. The SOL the curve raised stays in " +
  "its vault, which the platform operates; no other trading venue is set up for this token yet.";

/** A trade as asked: buy by SOL in, buy by tokens out, or sell. */
export type TradeOrder =
  | { side: "buy"; solIn: bigint; minTokensOut: bigint }
  | { side: "buy"; tokensOut: bigint; maxSolIn: bigint }
  | { side: "sell"; tokensIn: bigint; minSolOut: bigint };

export function orderOf(side: "buy" | "sell", body: BuyRequest | SellRequest): TradeOrder {
  if (side === "sell" && "tokensIn" in body)
    return { side, tokensIn: BigInt(body.tokensIn), minSolOut: BigInt(body.minSolOut) };
  if ("solIn" in body)
    return { side: "buy", solIn: BigInt(body.solIn), minTokensOut: BigInt(body.minTokensOut) };
  if ("tokensOut" in body)
    return { side: "buy", tokensOut: BigInt(body.tokensOut), maxSolIn: BigInt(body.maxSolIn) };
  throw badRequest("Ask for a buy with solIn or tokensOut, or a sell with tokensIn");
}

interface Deps {
  repo: MarketRepo;
  curves: CurveBook;
  vaults: VaultKeys;
  tokens: TokensService;
  accountsRepo: AccountsRepo;
  wallets: WalletsService;
  ledger: Ledger;
  treasury: () => Promise<string>;
  now: () => number;
  /** Told when a trade's confirmation is written (Explore re-reads the curve). */
  onChange?: (mint: string) => void;
}

/** What a trade moves, fixed before it is built. */
interface Legs {
  side: "buy" | "sell";
  curveSol: bigint;
  tokens: bigint;
  fee: bigint;
  feeBps: bigint;
  creatorFee: bigint;
  platformFee: bigint;
  after: CurveState;
}

/** Trades on the curves: quoted, limited, built, signed by trader and vault, recorded, sent
 * and applied, one at a time per curve (CurveBook). */
export class MarketTradeService {
  /** Per curve, the last confirmation queued (see queueConfirmation). */
  private writes = new Map<string, Promise<void>>();
  /** Confirmations being written, by trade id (a repeated key waits for its own). */
  private inflight = new Map<string, Promise<void>>();

  constructor(private deps: Deps) {}

  /** The fee in force on a market now (the launch fee decays to the base fee). */
  feeBpsNow(market: MarketRow): bigint {
    if (!market.openedAt) return MARKET.feeBps;
    return feeBpsAt(this.deps.now() - market.openedAt.getTime());
  }

  inLaunchWindow(market: MarketRow): boolean {
    return !!market.openedAt && this.deps.now() - market.openedAt.getTime() < MARKET.launchWindowMs;
  }

  /** Quotes an order on a curve, or throws the refusal as a 4xx. */
  quote(market: MarketRow, order: TradeOrder, feeBps: bigint, token: TokenRow): BuyQuote | SellQuote {
    if (market.status === "completed") throw marketCompleted();
    if (market.status !== "open")
      throw conflict("This token has no open market", undefined, "MARKET_NOT_OPEN");
    const curve = curveOf(market);
    const q =
      order.side === "sell"
        ? quoteSell(curve, order.tokensIn, feeBps)
        : "solIn" in order
          ? quoteBuyWithSol(curve, order.solIn, feeBps)
          : quoteBuyTokens(curve, order.tokensOut, feeBps);
    if (!q.ok) throw refusal(q.reason, curve, token);
    return q.quote;
  }

  /** Embedded wallet: the server signs for the trader, the vault co-signs. */
  async trade(
    userId: string,
    mint: string,
    order: TradeOrder,
    key: string,
    options: { creatorBuy?: boolean; tokenCap?: bigint; wallet?: string } = {},
  ): Promise<TradeResult> {
    const token = await this.deps.tokens.getByMint(mint);
    const wallet = options.wallet
      ? await this.deps.wallets.ownWallet(userId, options.wallet, "trade")
      : await this.embeddedWallet(userId);
    const trader = await this.deps.wallets.signerFor(wallet);
    const sent = await this.deps.curves.exclusive(mint, async (): Promise<Sent> => {
      const entry = await this.readyEntry(mint);
      // The key is checked by the insert's unique index, not a query first: a repeat is rare.
      // A refusal before recording may be a repeat of a trade already made: replayed then.
      for (let attempt = 0; ; attempt++) {
        let recorded: TradeRow;
        let wire: Uint8Array;
        try {
          ({ row: recorded, wire } = await this.buildAndRecord(
            entry,
            token,
            userId,
            trader,
            order,
            key,
            options,
          ));
        } catch (err) {
          const refusal =
            err instanceof HttpError || err instanceof LedgerError || err instanceof DuplicateKey;
          if (!refusal) throw err;
          const replay = await this.replayIfKnown(userId, key, entry);
          if (replay) return { result: replay, written: Promise.resolve() };
          // A failed attempt under this key was just cleared: try once more.
          if (err instanceof DuplicateKey && attempt === 0) continue;
          throw err instanceof DuplicateKey
            ? conflict("This trade is already in progress", undefined, "IN_PROGRESS")
            : err;
        }
        return this.send(entry, recorded, wire);
      }
    });
    // The confirmation is written behind the curve's lock (in order per curve): the next
    // trade on the curve need not wait for it, the answer does.
    await sent.written;
    return sent.result;
  }

  private async buildAndRecord(
    entry: CurveEntry,
    token: TokenRow,
    userId: string,
    trader: Signer,
    order: TradeOrder,
    key: string,
    options: { creatorBuy?: boolean; tokenCap?: bigint },
  ): Promise<{ row: TradeRow; wire: Uint8Array }> {
    const market = entry.market;
    const feeBps = options.creatorBuy ? MARKET.feeBps : this.feeBpsNow(market);
    let q = this.quote(market, order, feeBps, token);
    if (options.tokenCap !== undefined && q.side === "buy" && q.tokensOut > options.tokenCap)
      q = this.quote(market, { side: "buy", tokensOut: options.tokenCap, maxSolIn: 0n }, feeBps, token);
    checkLimits(order, q, token);
    const inWindow = q.side === "buy" && this.inLaunchWindow(market);
    if (inWindow && !options.creatorBuy)
      this.checkLaunchCap(entry, token, trader.address, q.side === "buy" ? q.tokensOut : 0n);
    const legs = legsOf(q, feeBps);
    const owed = await this.checkAccounts(market, token, trader.address, legs);
    const vault = this.deps.vaults.signerFor(market);
    const blockhash = await this.deps.ledger.getLatestBlockhash();
    const id = randomUUID();
    const built = await buildTradeTransaction({
      ...(await this.txLegs(market, token, legs, owed, id)),
      trader,
      vault,
      blockhash,
    });
    const row = await this.record({
      id,
      mint: market.mint,
      userId,
      trader: trader.address,
      legs,
      owed,
      inWindow,
      creatorBuy: !!options.creatorBuy,
      key,
      signature: built.signature,
      wire: built.wire,
      lastValidBlockHeight: blockhash.lastValidBlockHeight,
      duplicate: "signal",
    });
    return { row, wire: built.wire };
  }

  /** External wallet, step 1: the trade for the wallet to sign (the vault signs at submit). */
  async prepare(userId: string, mint: string, order: TradeOrder, key: string): Promise<PreparedTrade> {
    const token = await this.deps.tokens.getByMint(mint);
    const wallet = await this.externalWallet(userId);
    return this.deps.curves.exclusive(mint, async () => {
      const entry = await this.readyEntry(mint);
      const known = await this.deps.repo.tradeByKey(userId, key);
      if (known?.status === "pending" && !known.signature && known.signedTransaction)
        return this.presentPrepared(known, known.signedTransaction);
      if (known?.status === "failed") await this.deps.repo.deleteTrade(known.id);
      else if (known) throw conflict("This trade was already submitted", undefined, "IN_PROGRESS");
      const market = entry.market;
      const feeBps = this.feeBpsNow(market);
      const q = this.quote(market, order, feeBps, token);
      checkLimits(order, q, token);
      const inWindow = q.side === "buy" && this.inLaunchWindow(market);
      if (inWindow) this.checkLaunchCap(entry, token, wallet.publicKey, q.side === "buy" ? q.tokensOut : 0n);
      const legs = legsOf(q, feeBps);
      const owed = await this.checkAccounts(market, token, wallet.publicKey, legs);
      const blockhash = await this.deps.ledger.getLatestBlockhash();
      const id = randomUUID();
      const built = await buildTradeTransaction({
        ...(await this.txLegs(market, token, legs, owed, id)),
        trader: wallet.publicKey,
        vault: market.vault,
        blockhash,
      });
      const row = await this.record({
        id,
        mint,
        userId,
        trader: wallet.publicKey,
        legs,
        owed,
        inWindow,
        creatorBuy: false,
        key,
        signature: null,
        wire: built.wire,
        lastValidBlockHeight: blockhash.lastValidBlockHeight,
      });
      return this.presentPrepared(row, built.wire);
    });
  }

  /** External wallet, step 2: the wallet's bytes must be exactly the prepared ones; then, under
   * the curve's lock, the fixed amounts must still favour the pool (the invariant does not
   * decrease on the current curve), else 409 QUOTE_EXPIRED. The vault co-signs and it is sent. */
  async submit(userId: string, mint: string, tradeId: string, signedBase64: string): Promise<TradeResult> {
    const first = await this.deps.repo.tradeById(tradeId);
    if (!first || first.userId !== userId || first.mint !== mint) throw notFound("Trade not found");
    const token = await this.deps.tokens.getByMint(mint);
    const sent = await this.deps.curves.exclusive(mint, async (): Promise<Sent> => {
      const entry = await this.readyEntry(mint);
      const row = (await this.deps.repo.tradeById(tradeId)) ?? first;
      if (row.status === "confirmed") return { result: presentTrade(row), written: Promise.resolve() };
      if (row.status === "failed")
        throw badRequest(row.failureReason ?? "This trade failed. Please start again.");
      if (row.signature) throw conflict("This trade is still settling", undefined, "IN_PROGRESS");
      if (!row.signedTransaction) throw badRequest("This trade was not prepared");
      const signed = new Uint8Array(Buffer.from(signedBase64, "base64"));
      const check = checkTraderSigned(row.signedTransaction, signed, row.trader);
      if (!check.ok) throw badRequest(check.reason, undefined, "TRANSACTION_REJECTED");
      const height = await this.deps.ledger.getBlockHeight();
      if (row.lastValidBlockHeight !== null && height > row.lastValidBlockHeight)
        throw await this.expire(row, "This trade was prepared too long ago. Ask for a new quote.");
      const market = entry.market;
      if (market.status === "completed") throw marketCompleted();
      const after = applyFixed(curveOf(market), row);
      if (!after)
        throw await this.expire(
          row,
          "The price moved against the curve since this trade was prepared. Ask for a new quote.",
        );
      const inWindow = row.side === "buy" && this.inLaunchWindow(market);
      if (inWindow) this.checkLaunchCap(entry, token, row.trader, row.tokens);
      const vault = this.deps.vaults.signerFor(market);
      const full = await cosign(signed, vault);
      const updated = await this.deps.repo.updateTrade(row.id, {
        signature: full.signature,
        signedTransaction: full.wire,
        inLaunchWindow: inWindow,
        virtualSolAfter: after.virtualSol,
        virtualTokenAfter: after.virtualToken,
        realSolAfter: after.realSol,
        realTokenAfter: after.realToken,
      });
      return this.send(entry, updated ?? row, full.wire);
    });
    await sent.written;
    return sent.result;
  }

  /** Settles a curve's recorded trades whose outcome is unknown (start-up, or after the ledger
   * did not answer): confirmed ones are applied, failed or expired ones dropped, the rest
   * resent with the same bytes. Call inside the curve's lock. Returns how many stay unknown. */
  async settle(
    mint: string,
  ): Promise<{ confirmed: number; failed: number; resent: number; unknown: number }> {
    const result = { confirmed: 0, failed: 0, resent: 0, unknown: 0 };
    const { repo, ledger, curves } = this.deps;
    // Confirmations still queued for this curve land first: the rows then say what is known.
    await this.writes.get(mint);
    const rows = await repo.pendingSignedTrades(mint);
    if (rows.length) {
      const statuses = await ledger.getSignatureStatuses(rows.map((r) => r.signature ?? ""));
      const height = await ledger.getBlockHeight();
      for (const [i, row] of rows.entries()) {
        const state = statuses[i]?.state;
        if (state === "confirmed") {
          await this.applyConfirmed(row);
          result.confirmed++;
        } else if (state === "failed") {
          await this.markFailed(row, statuses[i]?.error ?? "The trade transaction failed");
          result.failed++;
        } else if (row.lastValidBlockHeight !== null && height > row.lastValidBlockHeight) {
          await this.markFailed(row, "The trade expired before it was confirmed");
          result.failed++;
        } else if (row.signedTransaction) {
          // Same bytes, same signature: resending can never trade twice.
          const outcome = await ledger.sendTransaction(row.signedTransaction).then(
            () => "confirmed" as const,
            async (err: unknown) => {
              if (err instanceof LedgerError && err.code === "already_processed") {
                const [s] = await ledger.getSignatureStatuses([row.signature ?? ""]);
                return s?.state === "confirmed" ? ("confirmed" as const) : ("unknown" as const);
              }
              if (err instanceof LedgerError && err.code !== "unavailable") {
                await this.markFailed(row, err.message);
                return "failed" as const;
              }
              return "unknown" as const;
            },
          );
          if (outcome === "confirmed") await this.applyConfirmed(row);
          result.resent++;
          if (outcome === "unknown") result.unknown++;
        } else result.unknown++;
      }
    }
    curves.drop(mint);
    return result;
  }

  /** The session user's embedded wallet (the one that trades here). */
  private async embeddedWallet(userId: string): Promise<WalletRow> {
    const wallets = await this.deps.accountsRepo.walletsOf(userId);
    const wallet = wallets.find((w) => w.kind === "embedded");
    if (wallet) return wallet;
    if (wallets.length)
      throw badRequest(
        "Your wallet signs in your browser: trade with buy/prepare or sell/prepare and sign with it.",
        undefined,
        "SIGN_WITH_WALLET",
      );
    throw badRequest("Create a wallet first", undefined, "NOT_ENOUGH_SOL");
  }

  private async externalWallet(userId: string): Promise<WalletRow> {
    const wallet = (await this.deps.accountsRepo.walletsOf(userId)).find((w) => w.kind === "external");
    if (!wallet)
      throw badRequest("Link a browser wallet first, or trade with your platform wallet directly.");
    return wallet;
  }

  /** The curve's entry, settled: a curve whose last trade's outcome is unknown trades again
   * only once it is known. */
  private async readyEntry(mint: string): Promise<CurveEntry> {
    let entry = await this.deps.curves.entry(mint);
    if (entry?.unsettled) {
      const settled = await this.settle(mint);
      entry = await this.deps.curves.entry(mint);
      if (settled.unknown > 0 && entry) {
        entry.unsettled = true;
        throw new HttpError(
          503,
          "The last trade on this curve is still settling. Try again in a moment.",
          undefined,
          "LEDGER_UNAVAILABLE",
        );
      }
    }
    if (!entry) throw conflict("This token has no open market", undefined, "MARKET_NOT_OPEN");
    return entry;
  }

  private async replayIfKnown(userId: string, key: string, entry: CurveEntry): Promise<TradeResult | null> {
    const row = await this.deps.repo.tradeByKey(userId, key);
    if (!row) return null;
    if (row.mint !== entry.market.mint)
      throw conflict("This idempotency key was used for another trade", undefined, "IN_PROGRESS");
    if (row.status === "confirmed") return presentTrade(row);
    const writing = this.inflight.get(row.id);
    if (row.status === "pending" && writing) {
      // Made and on chain, its confirmation being written just now.
      await writing;
      return presentTrade({ ...row, status: "confirmed" });
    }
    if (row.status === "pending")
      throw conflict("This trade is already in progress", undefined, "IN_PROGRESS");
    // A failed attempt frees its key: the person fixed something and tries again.
    await this.deps.repo.deleteTrade(row.id);
    return null;
  }

  private checkLaunchCap(entry: CurveEntry, token: TokenRow, trader: string, tokens: bigint): void {
    const cap = (supplyOf(token) * MARKET.launchWalletCapBps) / BPS;
    const bought = entry.windowBought.get(trader) ?? 0n;
    if (bought + tokens > cap)
      throw conflict(
        `In the first ${MARKET.launchWindowMs / 60_000} minutes of a market each wallet may buy at most ${Number(MARKET.launchWalletCapBps) / 100}% of the supply (you can still buy ${tokensText(cap > bought ? cap - bought : 0n, token)}). Try a smaller amount, or wait until the launch window ends.`,
        undefined,
        "LAUNCH_CAP",
      );
  }

  /** The trader can pay (and stays rent-exempt), holds the tokens to sell; and whether the
   * creator's wallet can receive its fee part (else the treasury holds it as owed). */
  private async checkAccounts(
    market: MarketRow,
    token: TokenRow,
    trader: string,
    legs: Legs,
  ): Promise<boolean> {
    const { ledger } = this.deps;
    const ata = associatedTokenAddress(trader, market.mint);
    const [traderAcc, ataAcc, creatorAcc] = await ledger.getMultipleAccounts([
      trader,
      ata,
      market.creatorWallet,
    ]);
    const rent = await ledger.minimumBalanceForRentExemption(0);
    const lamports = traderAcc?.lamports ?? 0n;
    if (legs.side === "buy") {
      const ataRent = ataAcc ? 0n : await ledger.minimumBalanceForRentExemption(TOKEN_2022_ATA_SIZE);
      const need = legs.curveSol + legs.fee + TRADE_NETWORK_FEE + ataRent + rent;
      if (lamports < need)
        throw new LedgerError(
          "Not enough test SOL in your wallet for this buy, its fee and the network fee. Use Get Test SOL or buy less.",
          "insufficient_funds",
        );
    } else {
      const held = ataAcc ? (tokenAmountOf(ataAcc.data) ?? 0n) : 0n;
      if (held < legs.tokens)
        throw badRequest(
          `Not enough ${token.symbol} in your wallet to sell that much`,
          undefined,
          "NOT_ENOUGH_TOKENS",
        );
      if (lamports < TRADE_NETWORK_FEE + rent)
        throw new LedgerError(
          "Not enough test SOL in your wallet for the network fee. Use Get Test SOL.",
          "insufficient_funds",
        );
    }
    const paysSelf = legs.side === "buy" && trader === market.creatorWallet;
    return legs.creatorFee > 0n && !paysSelf && (creatorAcc?.lamports ?? 0n) < rent;
  }

  private async txLegs(market: MarketRow, token: TokenRow, legs: Legs, owed: boolean, id: string) {
    return {
      side: legs.side,
      mint: market.mint,
      decimals: token.decimals,
      curveSol: legs.curveSol,
      tokens: legs.tokens,
      creatorFee: owed ? 0n : legs.creatorFee,
      treasuryFee: legs.platformFee + (owed ? legs.creatorFee : 0n),
      creatorWallet: market.creatorWallet,
      treasury: await this.deps.treasury(),
      memo: `trade ${id}`,
    };
  }

  private async record(r: {
    id: string;
    mint: string;
    userId: string;
    trader: string;
    legs: Legs;
    owed: boolean;
    inWindow: boolean;
    creatorBuy: boolean;
    key: string;
    signature: string | null;
    wire: Uint8Array;
    lastValidBlockHeight: bigint;
    /** "signal": a repeated key throws DuplicateKey (the caller replays). */
    duplicate?: "signal";
  }): Promise<TradeRow> {
    const { legs } = r;
    try {
      return await this.deps.repo.insertTrade({
        id: r.id,
        mint: r.mint,
        userId: r.userId,
        trader: r.trader,
        side: legs.side,
        curveSol: legs.curveSol,
        fee: legs.fee,
        creatorFee: legs.creatorFee,
        platformFee: legs.platformFee,
        creatorFeeOwed: r.owed,
        feeBps: Number(legs.feeBps),
        tokens: legs.tokens,
        virtualSolAfter: legs.after.virtualSol,
        virtualTokenAfter: legs.after.virtualToken,
        realSolAfter: legs.after.realSol,
        realTokenAfter: legs.after.realToken,
        inLaunchWindow: r.inWindow,
        creatorBuy: r.creatorBuy,
        status: "pending",
        signature: r.signature,
        signedTransaction: r.wire,
        lastValidBlockHeight: r.lastValidBlockHeight,
        idempotencyKey: r.key,
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict("This trade is already in progress", undefined, "IN_PROGRESS");
      throw err;
    }
  }

  private async send(entry: CurveEntry, row: TradeRow, wire: Uint8Array): Promise<Sent> {
    try {
      await this.deps.ledger.sendTransaction(wire);
    } catch (err) {
      if (err instanceof LedgerError && err.code === "already_processed") {
        const [status] = await this.deps.ledger.getSignatureStatuses([row.signature ?? ""]);
        if (status?.state !== "confirmed") {
          entry.unsettled = true;
          throw err;
        }
      } else {
        // "unavailable" may still have reached the chain: settled before the next trade.
        if (err instanceof LedgerError && err.code !== "unavailable") await this.markFailed(row, err.message);
        else entry.unsettled = true;
        throw err;
      }
    }
    const written = this.applyConfirmed(row, entry);
    return { result: presentTrade({ ...row, status: "confirmed" }), written };
  }

  /** The trade is on chain: record it and move the curve to its after-state. */
  private async applyConfirmed(row: TradeRow, entry?: CurveEntry): Promise<void> {
    const completedAt = row.realTokenAfter === 0n ? new Date(this.deps.now()) : null;
    if (!entry) return this.deps.repo.confirmTrade(row, completedAt);
    const m = entry.market;
    entry.market = {
      ...m,
      virtualSol: row.virtualSolAfter,
      virtualToken: row.virtualTokenAfter,
      realSol: row.realSolAfter,
      realToken: row.realTokenAfter,
      feesCreatorLamports: m.feesCreatorLamports + row.creatorFee,
      feesPlatformLamports: m.feesPlatformLamports + row.platformFee,
      feesCreatorOwedLamports: m.feesCreatorOwedLamports + (row.creatorFeeOwed ? row.creatorFee : 0n),
      creatorBuyTokens: m.creatorBuyTokens + (row.creatorBuy ? row.tokens : 0n),
      ...(completedAt ? { status: "completed" as const, completedAt } : {}),
    };
    if (row.side === "buy" && row.inLaunchWindow)
      entry.windowBought.set(row.trader, (entry.windowBought.get(row.trader) ?? 0n) + row.tokens);
    return this.queueConfirmation(row, completedAt, entry);
  }

  /** Writes a confirmation behind the curve's lock, in order per curve. A write that fails
   * leaves the trade pending in the database: the curve settles it before trading again. */
  private queueConfirmation(row: TradeRow, completedAt: Date | null, entry: CurveEntry): Promise<void> {
    const before = this.writes.get(row.mint) ?? Promise.resolve();
    const write = before.then(() => this.deps.repo.confirmTrade(row, completedAt));
    const tail = write.catch(() => {
      entry.unsettled = true;
    });
    this.writes.set(row.mint, tail);
    this.inflight.set(row.id, write);
    void tail.then(() => {
      this.deps.onChange?.(row.mint);
      this.inflight.delete(row.id);
      if (this.writes.get(row.mint) === tail) this.writes.delete(row.mint);
    });
    return write;
  }

  private async markFailed(row: TradeRow, reason: string): Promise<void> {
    await this.deps.repo.updateTrade(row.id, {
      status: "failed",
      failureReason: reason,
      signedTransaction: null,
    });
  }

  private async expire(row: TradeRow, reason: string): Promise<HttpError> {
    await this.markFailed(row, reason);
    return conflict(reason, undefined, "QUOTE_EXPIRED");
  }

  private presentPrepared(row: TradeRow, wire: Uint8Array): PreparedTrade {
    const { signature: _s, ...result } = presentTrade(row);
    return {
      ...result,
      transaction: Buffer.from(wire).toString("base64"),
      expiresAt: new Date(this.deps.now() + MARKET.quoteTtlMs).toISOString(),
    };
  }
}

/** A trade sent and applied, its confirmation being written. */
interface Sent {
  result: TradeResult;
  written: Promise<void>;
}

/** The idempotency key is already taken by a recorded trade. */
class DuplicateKey extends Error {}

function legsOf(q: BuyQuote | SellQuote, feeBps: bigint): Legs {
  const { creator, platform } = splitFee(q.fee);
  return {
    side: q.side,
    curveSol: q.curveSol,
    tokens: q.side === "buy" ? q.tokensOut : q.tokensIn,
    fee: q.fee,
    feeBps,
    creatorFee: creator,
    platformFee: platform,
    after: q.after,
  };
}

function checkLimits(order: TradeOrder, q: BuyQuote | SellQuote, token: TokenRow): void {
  const crossed =
    order.side === "sell"
      ? q.side === "sell" && q.solOut < order.minSolOut
        ? `You would receive ${solText(q.solOut)}, less than your minimum of ${solText(order.minSolOut)}`
        : null
      : q.side === "buy" && "minTokensOut" in order && q.tokensOut < order.minTokensOut
        ? `You would receive ${tokensText(q.tokensOut, token)}, fewer than your minimum of ${tokensText(order.minTokensOut, token)}`
        : q.side === "buy" && "maxSolIn" in order && q.solIn > order.maxSolIn
          ? `This costs ${solText(q.solIn)}, more than your maximum of ${solText(order.maxSolIn)}`
          : null;
  if (crossed)
    throw conflict(
      `${crossed}: the price moved. Nothing was traded; check the new quote and try again.`,
      undefined,
      "SLIPPAGE_EXCEEDED",
    );
}

/** A prepared trade's fixed amounts on the current curve, if they still favour the pool. */
function applyFixed(curve: CurveState, row: TradeRow): CurveState | null {
  let after: CurveState;
  if (row.side === "buy") {
    if (row.tokens > curve.realToken) return null;
    after = {
      ...curve,
      virtualSol: curve.virtualSol + row.curveSol,
      virtualToken: curve.virtualToken - row.tokens,
      realSol: curve.realSol + row.curveSol,
      realToken: curve.realToken - row.tokens,
    };
  } else {
    if (row.curveSol > curve.realSol || row.tokens > sellableTokens(curve)) return null;
    after = {
      ...curve,
      virtualSol: curve.virtualSol - row.curveSol,
      virtualToken: curve.virtualToken + row.tokens,
      realSol: curve.realSol - row.curveSol,
      realToken: curve.realToken + row.tokens,
    };
  }
  return invariant(after) >= invariant(curve) ? after : null;
}

export function marketCompleted(): HttpError {
  return conflict(COMPLETED_MESSAGE, undefined, "MARKET_COMPLETED");
}

function refusal(reason: QuoteRefusal, curve: CurveState, token: TokenRow): HttpError {
  switch (reason) {
    case "completed":
      return marketCompleted();
    case "amount_too_small":
      return badRequest(
        "This amount is too small to trade: after the fee it moves nothing. Enter a larger amount.",
        undefined,
        "AMOUNT_TOO_SMALL",
      );
    case "exceeds_curve":
      return badRequest(
        `The curve has only ${tokensText(curve.realToken, token)} left to buy. Enter a smaller amount.`,
        undefined,
        "EXCEEDS_CURVE",
      );
    case "exceeds_sellable":
      return badRequest(
        `The curve can take back at most ${tokensText(sellableTokens(curve), token)} (the tokens it has sold). Enter a smaller amount.`,
        undefined,
        "EXCEEDS_CURVE",
      );
  }
}

/** Base units as a person reads them: "20,000 LUNA", "0.25 SOL". */
function tokensText(units: bigint, token: TokenRow): string {
  return `${groupDigits(formatAmount(units, token.decimals))} ${token.symbol}`;
}

function solText(lamports: bigint): string {
  return `${groupDigits(formatAmount(lamports, 9))} SOL`;
}
