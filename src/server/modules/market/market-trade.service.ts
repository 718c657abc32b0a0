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
import {
  limitText as curveLimitText,
  exceedsCurveMessage,
  exceedsSellableMessage,
} from "@shared/market/curve-limits";
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
import { type MarketRepo, type MarketRow, type TradeRow, tradeRowOf } from "./market.repo";
import { advance, builtOn, type CurveBook, type CurveEntry, curveOf } from "./market-curves";
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
  /** Per curve, the last trade queued to execute (see enqueue). */
  private pipes = new Map<string, PipeStep>();
  /** Per curve, the last confirmation queued (see queueConfirmation). */
  private writes = new Map<string, Promise<void>>();
  /** Trades queued or being confirmed, by id (a repeated key waits for its own). */
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
    // The key is checked by the insert's unique index, not a query first: a repeat is rare.
    for (let attempt = 0; ; attempt++) {
      let answer: Promise<TradeResult>;
      try {
        // Read before the curve's lock, so that it holds no round trip to the ledger: trades
        // on one curve queue only behind each other's quoting and signing.
        const read = await this.readBeforeLock(mint, token, trader.address);
        ({ answer } = await this.deps.curves.exclusive(mint, async () => {
          const entry = await this.readyEntry(mint);
          const q = await this.buildAndQueue(entry, token, userId, trader, order, key, read, options);
          // Pipelined, the lock goes now: the next trade is built on this one's after-state
          // while this one is recorded, executed and journaled behind. Otherwise (the
          // creator's buy, a ledger that cannot stage) it is held until this one is done.
          if (!q.pipelined) await q.answer.catch(() => undefined);
          return q;
        }));
      } catch (err) {
        // Refused before it was recorded: it may be a repeat of a trade already made.
        if (!(err instanceof HttpError || err instanceof LedgerError)) throw err;
        const replay = await this.replayIfKnown(userId, key, mint, order);
        if (replay) return replay;
        throw err;
      }
      try {
        return await answer;
      } catch (err) {
        if (!(err instanceof DuplicateKey || err instanceof Requeue)) throw err;
        const replay = await this.replayIfKnown(userId, key, mint, order);
        if (replay) return replay;
        // A failed attempt under this key was just cleared, or this trade was dropped because
        // one queued before it failed: built again on the curve as it now is.
        if (attempt < 3) continue;
        if (err instanceof DuplicateKey)
          throw conflict("This trade is already in progress", undefined, "IN_PROGRESS");
        throw conflict(
          "The curve moved while your trade was queued; nothing was traded. Check the new quote and try again.",
          undefined,
          "QUOTE_EXPIRED",
        );
      }
    }
  }

  /** Quotes on the queued state, builds, signs, starts recording and joins the pipeline. */
  private async buildAndQueue(
    entry: CurveEntry,
    token: TokenRow,
    userId: string,
    trader: Signer,
    order: TradeOrder,
    key: string,
    read: ReadBeforeLock,
    options: { creatorBuy?: boolean; tokenCap?: bigint },
  ): Promise<Queued> {
    const epoch = entry.epoch;
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
    const owed = this.checkAccounts(market, token, trader.address, legs, read);
    const { blockhash } = read;
    const vault = this.deps.vaults.signerFor(market);
    const id = randomUUID();
    // Signed with in-memory keys: only microtasks, so the lock is held for CPU work alone.
    const built = await buildTradeTransaction({
      ...this.txLegs(market, token, legs, owed, id, read.treasury),
      trader,
      vault,
      blockhash,
    });
    const row = this.tradeRow(entry, {
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
    });
    const recorded = this.insert(row, "signal");
    const pipelined = !!this.deps.ledger.sendTransactionStaged && !options.creatorBuy;
    return { answer: this.enqueue(entry, row, built.wire, recorded, epoch), pipelined };
  }

  /** External wallet, step 1: the trade for the wallet to sign (the vault signs at submit). */
  async prepare(userId: string, mint: string, order: TradeOrder, key: string): Promise<PreparedTrade> {
    const token = await this.deps.tokens.getByMint(mint);
    const wallet = await this.externalWallet(userId);
    const read = await this.readBeforeLock(mint, token, wallet.publicKey);
    return this.deps.curves.exclusive(mint, async () => {
      const entry = await this.readyEntry(mint);
      const known = await this.deps.repo.tradeByKey(userId, key);
      if (known && known.status !== "failed" && (known.mint !== mint || !sameOrder(known, order)))
        throw keyReused();
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
      const owed = this.checkAccounts(market, token, wallet.publicKey, legs, read);
      const { blockhash } = read;
      const id = randomUUID();
      const built = await buildTradeTransaction({
        ...this.txLegs(market, token, legs, owed, id, read.treasury),
        trader: wallet.publicKey,
        vault: market.vault,
        blockhash,
      });
      const row = this.tradeRow(entry, {
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
      await this.insert(row);
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
    return this.deps.curves.exclusive(mint, async (): Promise<TradeResult> => {
      const entry = await this.readyEntry(mint);
      const epoch = entry.epoch;
      const row = (await this.deps.repo.tradeById(tradeId)) ?? first;
      if (row.status === "confirmed") return presentTrade(row);
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
      const changes = {
        signature: full.signature,
        signedTransaction: full.wire,
        inLaunchWindow: inWindow,
        virtualSolAfter: after.virtualSol,
        virtualTokenAfter: after.virtualToken,
        realSolAfter: after.realSol,
        realTokenAfter: after.realToken,
        createdAt: this.nextCreatedAt(entry),
      };
      const recorded = this.deps.repo.updateTrade(row.id, changes);
      // Held under the lock until done: an external wallet's trade is not pipelined.
      return this.enqueue(entry, { ...row, ...changes }, full.wire, recorded, epoch).catch((err: unknown) => {
        // Dropped (marked failed) because a trade queued before it failed: signed bytes
        // cannot be rebuilt, so the wallet signs a new quote.
        if (err instanceof Requeue)
          throw conflict(
            "The price moved while this trade was queued; nothing was traded. Ask for a new quote.",
            undefined,
            "QUOTE_EXPIRED",
          );
        throw err;
      });
    });
  }

  /** Settles a curve's recorded trades whose outcome is unknown (start-up, or after the ledger
   * did not answer), in the order they were built: confirmed ones are applied, failed or
   * expired ones dropped, and one not on chain is resent with the same bytes only when it was
   * built on the curve as it now stands (after the ones before it); one built on a trade that
   * never happened is dropped, never sent. Call inside the curve's lock. Returns how many stay
   * unknown. */
  async settle(
    mint: string,
  ): Promise<{ confirmed: number; failed: number; resent: number; unknown: number }> {
    const result = { confirmed: 0, failed: 0, resent: 0, unknown: 0 };
    const { repo, ledger, curves } = this.deps;
    // Trades queued and confirmations still being written land first: the rows then say
    // what is known.
    await this.pipes.get(mint)?.done;
    await this.writes.get(mint);
    await repo.writesIdle();
    const rows = await repo.pendingSignedTrades(mint);
    if (rows.length) {
      const statuses = await ledger.getSignatureStatuses(rows.map((r) => r.signature ?? ""));
      const height = await ledger.getBlockHeight();
      let current: Reserves | null = await repo.market(mint);
      let unknownBefore = false;
      for (const [i, row] of rows.entries()) {
        const state = statuses[i]?.state;
        if (state === "confirmed") {
          await this.applyConfirmed(row);
          current = reservesAfter(row);
          result.confirmed++;
        } else if (state === "failed") {
          await this.markFailed(row, statuses[i]?.error ?? "The trade transaction failed");
          result.failed++;
        } else if (row.lastValidBlockHeight !== null && height > row.lastValidBlockHeight) {
          await this.markFailed(row, "The trade expired before it was confirmed");
          result.failed++;
        } else if (unknownBefore || !row.signedTransaction) {
          // The one before may still land: this one waits for it.
          result.unknown++;
        } else if (current && !builtOn(row, current)) {
          // Built on a trade queued before it that never happened: its bytes would move the
          // vault by amounts the curve's state does not account for.
          await this.markFailed(row, NEVER_SENT);
          result.failed++;
        } else {
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
          if (outcome === "confirmed") {
            await this.applyConfirmed(row);
            current = reservesAfter(row);
          }
          result.resent++;
          if (outcome === "unknown") {
            result.unknown++;
            unknownBefore = true;
          }
        }
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

  private async replayIfKnown(
    userId: string,
    key: string,
    mint: string,
    order: TradeOrder,
  ): Promise<TradeResult | null> {
    const row = await this.deps.repo.tradeByKey(userId, key);
    if (!row) return null;
    if (row.mint !== mint || !sameOrder(row, order)) throw keyReused();
    if (row.status === "confirmed") return presentTrade(row);
    const writing = this.inflight.get(row.id);
    if (row.status === "pending" && writing) {
      // Queued, or made and its confirmation being written just now: its own outcome.
      await writing;
      const now = await this.deps.repo.tradeById(row.id);
      if (now?.status === "confirmed") return presentTrade(now);
      if (now?.status === "pending")
        throw conflict("This trade is already in progress", undefined, "IN_PROGRESS");
      if (now) await this.deps.repo.deleteTrade(now.id);
      return null;
    }
    if (row.status === "pending")
      throw conflict("This trade is already in progress", undefined, "IN_PROGRESS");
    // A failed attempt frees its key: the person fixed something and tries again.
    await this.deps.repo.deleteTrade(row.id);
    return null;
  }

  private checkLaunchCap(entry: CurveEntry, token: TokenRow, trader: string, tokens: bigint): void {
    const cap = (supplyOf(token) * MARKET.launchWalletCapBps) / BPS;
    // Buys still queued count: concurrent buys of one wallet cannot pass the cap together.
    const bought = entry.windowQueued.get(trader) ?? 0n;
    if (bought + tokens > cap)
      throw conflict(
        `In the first ${MARKET.launchWindowMs / 60_000} minutes of a market each wallet may buy at most ${Number(MARKET.launchWalletCapBps) / 100}% of the supply (you can still buy ${limitText(cap > bought ? cap - bought : 0n, token)}). Try a smaller amount, or wait until the launch window ends.`,
        undefined,
        "LAUNCH_CAP",
      );
  }

  /** What a trade is checked and built with, read before the curve's lock: the trader's SOL
   * and token account, the creator's wallet, rents, a blockhash and the treasury. A trade
   * queued on the curve meanwhile moves none of them but the trader's own balances, and a
   * trade that no longer fits them fails on chain like any other: nothing moves. */
  private async readBeforeLock(mint: string, token: TokenRow, trader: string): Promise<ReadBeforeLock> {
    const { ledger } = this.deps;
    // Asked together: one message to the ledger's thread (decision 014).
    const [[traderAcc, ataAcc, creatorAcc], rent, newAtaRent, blockhash, treasury] = await Promise.all([
      ledger.getMultipleAccounts([trader, associatedTokenAddress(trader, mint), token.creatorWallet]),
      ledger.minimumBalanceForRentExemption(0),
      ledger.minimumBalanceForRentExemption(TOKEN_2022_ATA_SIZE),
      ledger.getLatestBlockhash(),
      this.deps.treasury(),
    ]);
    return {
      traderLamports: traderAcc?.lamports ?? 0n,
      held: ataAcc ? (tokenAmountOf(ataAcc.data) ?? 0n) : null,
      creatorWallet: token.creatorWallet,
      creatorLamports: creatorAcc?.lamports ?? 0n,
      rent,
      newAtaRent,
      blockhash,
      treasury,
    };
  }

  /** The trader can pay (and stays rent-exempt), holds the tokens to sell; and whether the
   * creator's wallet can receive its fee part (else the treasury holds it as owed). */
  private checkAccounts(
    market: MarketRow,
    token: TokenRow,
    trader: string,
    legs: Legs,
    read: ReadBeforeLock,
  ): boolean {
    if (market.creatorWallet !== read.creatorWallet)
      throw new Error("the market's creator wallet is not the token's");
    const { rent, newAtaRent } = read;
    const lamports = read.traderLamports;
    if (legs.side === "buy") {
      const ataRent = read.held !== null ? 0n : newAtaRent;
      const need = legs.curveSol + legs.fee + TRADE_NETWORK_FEE + ataRent + rent;
      if (lamports < need)
        throw new LedgerError(
          "Not enough test SOL in your wallet for this buy, its fee and the network fee. Use Get Test SOL or buy less.",
          "insufficient_funds",
        );
    } else {
      if ((read.held ?? 0n) < legs.tokens)
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
    return legs.creatorFee > 0n && !paysSelf && read.creatorLamports < rent;
  }

  private txLegs(
    market: MarketRow,
    token: TokenRow,
    legs: Legs,
    owed: boolean,
    id: string,
    treasury: string,
  ) {
    return {
      side: legs.side,
      mint: market.mint,
      decimals: token.decimals,
      curveSol: legs.curveSol,
      tokens: legs.tokens,
      creatorFee: owed ? 0n : legs.creatorFee,
      treasuryFee: legs.platformFee + (owed ? legs.creatorFee : 0n),
      creatorWallet: market.creatorWallet,
      treasury,
      memo: `trade ${id}`,
    };
  }

  /** The trade's row as it is recorded (pending, with its signed bytes and after-state). */
  private tradeRow(
    entry: CurveEntry,
    r: {
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
    },
  ): TradeRow {
    const { legs } = r;
    return tradeRowOf({
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
      createdAt: this.nextCreatedAt(entry),
    });
  }

  /** Strictly increasing per curve: a curve's rows sort in the order they were built. */
  private nextCreatedAt(entry: CurveEntry): Date {
    entry.lastCreatedMs = Math.max(Date.now(), entry.lastCreatedMs + 1);
    return new Date(entry.lastCreatedMs);
  }

  /** Records the row (durable once this resolves). "signal": a repeated key throws
   * DuplicateKey (the caller replays). */
  private async insert(row: TradeRow, duplicate?: "signal"): Promise<void> {
    try {
      await this.deps.repo.insertTrade(row);
    } catch (err) {
      if (isUniqueViolation(err)) {
        if (duplicate) throw new DuplicateKey();
        throw conflict("This trade is already in progress", undefined, "IN_PROGRESS");
      }
      throw err;
    }
  }

  /** Joins the curve's pipeline: trades execute one at a time in the order they were built,
   * each only once its row is recorded; the queued state moves to its after-state now. The
   * answer comes once its row, its journal entry and its confirmation are all written. */
  private enqueue(
    entry: CurveEntry,
    row: TradeRow,
    wire: Uint8Array,
    recorded: Promise<unknown>,
    epoch: number,
  ): Promise<TradeResult> {
    const mint = row.mint;
    if (entry.epoch === epoch) {
      entry.market = advance(entry.market, row, completedAtOf(row, this.deps.now()));
      if (row.side === "buy" && row.inLaunchWindow) addTo(entry.windowQueued, row.trader, row.tokens);
    }
    // Handled by runStep; the bare promise must not report an unhandled rejection meanwhile.
    recorded.catch(() => undefined);
    const step = new PipeStep(epoch);
    step.run(this.runStep(entry, row, wire, recorded, this.pipes.get(mint) ?? PipeStep.first, step));
    this.pipes.set(mint, step);
    void step.done.then(() => {
      if (this.pipes.get(mint) === step) this.pipes.delete(mint);
    });
    const answer = step.outcome.then((e) => e.answer);
    const settled = answer.then(
      () => undefined,
      () => undefined,
    );
    this.inflight.set(row.id, settled);
    // Across processes the curve's lease stays with this one until the trade is answered.
    const leave = this.deps.curves.hold(mint);
    void settled.then(() => {
      this.inflight.delete(row.id);
      leave();
    });
    return answer;
  }

  /** One queued trade: once the trade before it is sent and its own row is recorded, it is
   * sent, without waiting for the one before to be executed: the ledger runs it only if that
   * one went through (`after`), so a trade built on an after-state that never happened never
   * runs. Outcomes are handled in order; its answer waits for the journal and the
   * confirmation. A failure abandons the trades queued behind it: they are marked failed, never
   * sent, and built again by their callers. */
  private async runStep(
    entry: CurveEntry,
    row: TradeRow,
    wire: Uint8Array,
    recorded: Promise<unknown>,
    before: PipeStep,
    step: PipeStep,
  ): Promise<{ answer: Promise<TradeResult> }> {
    const { epoch } = step;
    await before.sent;
    try {
      await recorded;
    } catch (err) {
      await before.done;
      this.abandonQueued(entry);
      throw err;
    }
    if (entry.epoch !== epoch) {
      await this.markFailed(row, NEVER_SENT);
      throw new Requeue();
    }
    // Built on the after-state of the one before (same epoch): it runs only if that one went
    // through, whether or not its answer is in yet. One of an older epoch was given up on
    // (failed, or dropped) before this one was built on the state as executed.
    const after = before.epoch === epoch ? (before.signature ?? undefined) : undefined;
    const staged = this.sendStaged(wire, after);
    step.sentAs(row.signature);
    const result = await staged.then(
      (ok) => ({ ok }),
      (err: unknown) => ({ err }),
    );
    await before.done;
    if ("err" in result) return this.failedSend(entry, row, epoch, result.err);
    const completedAt = completedAtOf(row, this.deps.now());
    entry.executed = advance(entry.executed, row, completedAt);
    if (row.side === "buy" && row.inLaunchWindow) addTo(entry.windowBought, row.trader, row.tokens);
    const written = this.queueConfirmation(row, completedAt, entry, result.ok.durable);
    return { answer: written.then(() => presentTrade({ ...row, status: "confirmed" })) };
  }

  /** A send that did not execute: the trades queued behind it are abandoned; the row is
   * marked failed where it surely did not run, else its outcome is settled later. */
  private async failedSend(entry: CurveEntry, row: TradeRow, epoch: number, err: unknown): Promise<never> {
    if (err instanceof LedgerError && err.code === "not_after") {
      // The one before did not go through (it abandoned the queue already): rebuilt.
      if (entry.epoch === epoch) this.abandonQueued(entry);
      await this.markFailed(row, NEVER_SENT);
      throw new Requeue();
    }
    this.abandonQueued(entry);
    if (err instanceof LedgerError && err.code === "already_processed") {
      const [status] = await this.deps.ledger.getSignatureStatuses([row.signature ?? ""]);
      if (status?.state !== "confirmed") entry.unsettled = true;
      throw err;
    }
    // "unavailable" may still have reached the chain: settled before the next trade.
    if (err instanceof LedgerError && err.code !== "unavailable") await this.markFailed(row, err.message);
    else entry.unsettled = true;
    throw err;
  }

  /** Executed now where the ledger can stage; elsewhere sent and confirmed in full. */
  private async sendStaged(wire: Uint8Array, after?: string): Promise<{ durable: Promise<void> }> {
    const { ledger } = this.deps;
    if (ledger.sendTransactionStaged)
      return ledger.sendTransactionStaged(wire, after ? { after } : undefined);
    await ledger.sendTransaction(wire);
    return { durable: Promise.resolve() };
  }

  /** The queued state goes back to the executed one; trades queued on it are dropped. */
  private abandonQueued(entry: CurveEntry): void {
    entry.market = entry.executed;
    entry.windowQueued = new Map(entry.windowBought);
    entry.epoch++;
  }

  /** The trade is on chain (settling): record it and move the curve to its after-state. */
  private async applyConfirmed(row: TradeRow): Promise<void> {
    await this.deps.repo.confirmTrade(row, completedAtOf(row, this.deps.now()));
  }

  /** Writes a confirmation once the trade is durable, in order per curve (with whatever else
   * the market's writer has queued: MarketRepo.writes). A write that fails leaves the trade pending in the database:
   * the curve settles it before trading again. */
  private queueConfirmation(
    row: TradeRow,
    completedAt: Date | null,
    entry: CurveEntry,
    durable: Promise<void>,
  ): Promise<void> {
    const mint = row.mint;
    const before = this.writes.get(mint) ?? Promise.resolve();
    // Pushed in execution order (each after the one before it was pushed), written by group
    // commit: the curve's state in a batch is its last trade's after-state.
    const pushed = before
      .then(() => durable)
      .then(() => {
        entry.shown = advance(entry.shown, row, completedAt);
        return { write: this.deps.repo.confirmTrade(row, completedAt) };
      });
    const write = pushed.then((p) => p.write).then(() => undefined);
    const tail = pushed.then(
      () => undefined,
      () => {
        entry.unsettled = true;
      },
    );
    this.writes.set(mint, tail);
    void tail.then(() => {
      if (this.writes.get(mint) === tail) this.writes.delete(mint);
    });
    // Its write tells every node (MarketVersions.onWritten, wired to the change bus).
    write.catch(() => {
      entry.unsettled = true;
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

/** See readBeforeLock. */
interface ReadBeforeLock {
  traderLamports: bigint;
  /** The trader's tokens, or null without a token account. */
  held: bigint | null;
  creatorWallet: string;
  creatorLamports: bigint;
  rent: bigint;
  newAtaRent: bigint;
  blockhash: Awaited<ReturnType<Ledger["getLatestBlockhash"]>>;
  treasury: string;
}

/** A trade in its curve's pipeline. */
class PipeStep {
  static readonly first: PipeStep = PipeStep.settled();
  /** Its signature once sent (kept: the one after it names it whatever came of it). */
  signature: string | null = null;
  /** Resolves once it was sent (or surely never will be): the next trade may be sent then. */
  readonly sent: Promise<void>;
  private markSent = () => {};
  outcome: Promise<{ answer: Promise<TradeResult> }> = new Promise(() => {});
  /** Resolves once its outcome was handled, whatever it was. */
  done: Promise<void> = Promise.resolve();

  /** The curve's epoch it was built in (see CurveEntry.epoch). */
  constructor(readonly epoch = -1) {
    this.sent = new Promise((resolve) => {
      this.markSent = resolve;
    });
  }

  private static settled(): PipeStep {
    const step = new PipeStep();
    step.markSent();
    return step;
  }

  sentAs(signature: string | null): void {
    this.signature = signature;
    this.markSent();
  }

  run(outcome: Promise<{ answer: Promise<TradeResult> }>): void {
    this.outcome = outcome.finally(() => this.markSent());
    this.done = this.outcome.then(
      () => undefined,
      () => undefined,
    );
  }
}

/** A trade built and queued on its curve. */
interface Queued {
  answer: Promise<TradeResult>;
  /** Whether the curve's lock may go before the answer. */
  pipelined: boolean;
}

type Reserves = Pick<MarketRow, "virtualSol" | "virtualToken" | "realSol" | "realToken">;

function reservesAfter(row: TradeRow): Reserves {
  return {
    virtualSol: row.virtualSolAfter,
    virtualToken: row.virtualTokenAfter,
    realSol: row.realSolAfter,
    realToken: row.realTokenAfter,
  };
}

function addTo(tally: Map<string, bigint>, trader: string, tokens: bigint): void {
  tally.set(trader, (tally.get(trader) ?? 0n) + tokens);
}

/** A trade that takes the curve's last token completes it. */
function completedAtOf(row: TradeRow, now: number): Date | null {
  return row.realTokenAfter === 0n ? new Date(now) : null;
}

/** Why a trade built on one that failed is marked failed: it was never sent. */
const NEVER_SENT = "An earlier trade on this curve did not go through; this one was never sent";

/** A key answers only the trade it was first used for: another side or amount under it is a
 * mistake to report, not that first trade to replay. */
function keyReused(): HttpError {
  return conflict("This idempotency key was used for another trade", undefined, "IDEMPOTENCY_KEY_REUSED");
}

/** A recorded trade is the one `order` asks for: the same side and amount. A buy by SOL pays
 * what its tokens cost (at most what was offered), so it is quoted again on the curve as the
 * trade found it: the same offer buys the same tokens for the same SOL. */
function sameOrder(row: TradeRow, order: TradeOrder): boolean {
  // The creator's buy at launch is keyed by the server itself, and its cap may trim it.
  if (row.creatorBuy) return true;
  if (row.side !== order.side) return false;
  if ("tokensIn" in order) return row.tokens === order.tokensIn;
  if ("tokensOut" in order) return row.tokens === order.tokensOut;
  const realToken = row.realTokenAfter + row.tokens;
  const before: CurveState = {
    virtualSol: row.virtualSolAfter - row.curveSol,
    virtualToken: row.virtualTokenAfter + row.tokens,
    realSol: row.realSolAfter - row.curveSol,
    realToken,
    initialRealToken: realToken,
  };
  const again = quoteBuyWithSol(before, order.solIn, BigInt(row.feeBps));
  return again.ok && again.quote.tokensOut === row.tokens && again.quote.curveSol === row.curveSol;
}

/** The idempotency key is already taken by a recorded trade. */
class DuplicateKey extends Error {}

/** Dropped before sending: a trade queued before it on the curve failed. Built again. */
class Requeue extends Error {}

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
      return badRequest(exceedsCurveMessage(limitText(curve.realToken, token)), undefined, "EXCEEDS_CURVE");
    case "exceeds_sellable":
      return badRequest(
        exceedsSellableMessage(limitText(sellableTokens(curve), token)),
        undefined,
        "EXCEEDS_CURVE",
      );
  }
}

/** A limit as the token names it (shared/market/curve-limits.ts). */
function limitText(units: bigint, token: TokenRow): string {
  return curveLimitText(units, token.decimals, token.symbol);
}

/** Base units as a person reads them: "20,000 LUNA", "0.25 SOL". */
function tokensText(units: bigint, token: TokenRow): string {
  return `${groupDigits(formatAmount(units, token.decimals))} ${token.symbol}`;
}

function solText(lamports: bigint): string {
  return `${groupDigits(formatAmount(lamports, 9))} SOL`;
}
