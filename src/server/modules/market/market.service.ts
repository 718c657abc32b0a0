import { feeBpsAt, MARKET } from "@shared/market/curve";
import { spotPriceNano } from "@shared/market/price";
import {
  type CreatorFees,
  type LaunchBuyersPage,
  type MarketState,
  MarketStateSchema,
  type Quote,
  type QuoteQuery,
} from "@shared/schemas/market";
import { conflict } from "../../http-errors";
import { FundingCheck } from "../../ledger/funding";
import type { Ledger } from "../../ledger/ledger";
import type { TokensRepo } from "../tokens/tokens.repo";
import type { TokensService } from "../tokens/tokens.service";
import { presentBuyer, presentQuote, presentState, type WindowBuyer } from "./market.presenter";
import type { MarketRepo, MarketRow } from "./market.repo";
import type { CurveBook } from "./market-curves";
import { byTokensThenAddress, pageOf, TOP_LAUNCH_BUYERS, type WindowBuy } from "./market-launch-buyers";
import type { MarketOpenService } from "./market-open.service";
import type { MarketTradeService, TradeOrder } from "./market-trade.service";
import { fundTreasury } from "./market-vault";
import { MintCache } from "./market-versions";

interface Deps {
  repo: MarketRepo;
  curves: CurveBook;
  tokens: TokensService;
  tokensRepo: TokensRepo;
  trades: MarketTradeService;
  opens: MarketOpenService;
  ledger: Ledger;
  treasury: string;
  now: () => number;
  warn: (message: string) => void;
}

/** The market's reads (state, quotes, creators' fees) and start-up reconciliation. Trades are
 * in MarketTradeService, opening in MarketOpenService. */
export class MarketService {
  /** Whether a launch-window buyer was funded by the creator: fixed once they bought. */
  private funding: FundingCheck;
  private treasuryReady: Promise<void> | null = null;

  /** GET /api/market/:mint as JSON, until the market's next write on any node (see
   * MarketVersions and the change bus). */
  private states: MintCache<{ state: MarketState; json: Buffer | null }>;
  /** The market rows `spot` reads for curves not in memory (a token without a market, most
   * of a portfolio, included), until the market's next write on any node. */
  private rows: MintCache<MarketRow | null>;

  constructor(private deps: Deps) {
    this.funding = new FundingCheck(deps.ledger);
    this.states = new MintCache(deps.repo.versions, { max: 20_000 });
    this.rows = new MintCache(deps.repo.versions, { max: 20_000 });
  }

  /** The treasury, funded to the rent minimum once per process where test SOL exists. */
  treasury = async (): Promise<string> => {
    if (this.deps.ledger.info.kind === "embedded" || this.deps.ledger.info.cluster !== "mainnet-beta") {
      this.treasuryReady ??= fundTreasury(this.deps.ledger, this.deps.treasury, this.deps.warn);
      await this.treasuryReady;
    }
    return this.deps.treasury;
  };

  /** The state as UTF-8 JSON (checked against its schema once). In the launch window the fee
   * decays with the clock: the rest is kept, the fee put in afresh on every read. */
  async stateJson(mint: string): Promise<Buffer> {
    const { state, json } = await this.states.get(mint, "", async () => {
      const state = MarketStateSchema.parse(await this.state(mint));
      const ends = state.launchWindowEndsAt ? Date.parse(state.launchWindowEndsAt) : 0;
      return { state, json: this.deps.now() < ends ? null : Buffer.from(JSON.stringify(state)) };
    });
    if (json) return json;
    const openedAt = state.openedAt ? Date.parse(state.openedAt) : this.deps.now();
    return Buffer.from(JSON.stringify({ ...state, feeBps: Number(feeBpsAt(this.deps.now() - openedAt)) }));
  }

  async state(mint: string): Promise<MarketState> {
    const token = await this.deps.tokens.getByMint(mint);
    const market = this.deps.curves.peek(mint) ?? (await this.deps.repo.market(mint));
    if (!market || (market.status !== "open" && market.status !== "completed"))
      return presentState(token, null, MARKET.feeBps, { tokensBought: 0n, buyerCount: 0, top: [] });
    const buys = await this.windowBuys(market.mint);
    // Funding is checked for the listed buyers only: the rest when their page is asked for.
    const top = await this.withFunding(buys.slice(0, TOP_LAUNCH_BUYERS), market.creatorWallet);
    const tokensBought = buys.reduce((sum, b) => sum + b.tokens, 0n);
    return presentState(token, market, this.deps.trades.feeBpsNow(market), {
      tokensBought,
      buyerCount: buys.length,
      top,
    });
  }

  /** GET /api/market/:mint/launch-buyers: every launch-window buyer, a page at a time, in the
   * state's order, with the funding checks for that page. */
  async launchBuyers(mint: string, query: { cursor?: string; limit: number }): Promise<LaunchBuyersPage> {
    await this.deps.tokens.getByMint(mint);
    const market = this.deps.curves.peek(mint) ?? (await this.deps.repo.market(mint));
    if (!market || (market.status !== "open" && market.status !== "completed"))
      return { buyers: [], nextCursor: null };
    const { page, nextCursor } = pageOf(await this.windowBuys(mint), query);
    const buyers = await this.withFunding(page, market.creatorWallet);
    return { buyers: buyers.map(presentBuyer), nextCursor };
  }

  /** The curve's spot price (nano-lamports per whole token) and vault, null without a live
   * market: what valuing a holding needs, without the launch-window buyers (and their funding
   * checks) that `state` reads. */
  async spot(mint: string): Promise<{ priceNano: bigint; decimals: number; vault: string } | null> {
    const token = await this.deps.tokens.getByMint(mint);
    const market =
      this.deps.curves.peek(mint) ?? (await this.rows.get(mint, "", () => this.deps.repo.market(mint)));
    if (!market || (market.status !== "open" && market.status !== "completed")) return null;
    return {
      priceNano: spotPriceNano(market, token.decimals),
      decimals: token.decimals,
      vault: market.vault,
    };
  }

  async quote(mint: string, query: QuoteQuery): Promise<Quote> {
    const token = await this.deps.tokens.getByMint(mint);
    const market = this.deps.curves.peek(mint) ?? (await this.deps.repo.market(mint));
    if (!market) throw conflict("This token has no open market", undefined, "MARKET_NOT_OPEN");
    const order: TradeOrder =
      query.side === "sell"
        ? { side: "sell", tokensIn: BigInt(query.tokensIn ?? "0"), minSolOut: 0n }
        : query.solIn !== undefined
          ? { side: "buy", solIn: BigInt(query.solIn), minTokensOut: 0n }
          : { side: "buy", tokensOut: BigInt(query.tokensOut ?? "0"), maxSolIn: 0n };
    const feeBps = this.deps.trades.feeBpsNow(market);
    const q = this.deps.trades.quote(market, order, feeBps, token);
    return presentQuote(q, feeBps, token.decimals, new Date(this.deps.now() + MARKET.quoteTtlMs));
  }

  /** The session user's markets with the fees they earned as creator. */
  async creatorFees(userId: string): Promise<CreatorFees> {
    const rows = await this.deps.repo.marketsOfCreator(userId);
    const tokens = await this.deps.tokensRepo.byMints(rows.map((r) => r.mint));
    const byMint = new Map(tokens.map((t) => [t.mintAddress, t]));
    let total = 0n;
    let owed = 0n;
    const markets = rows.flatMap((m) => {
      const token = byMint.get(m.mint);
      if (!token) return [];
      total += m.feesCreatorLamports;
      owed += m.feesCreatorOwedLamports;
      return [
        {
          mint: m.mint,
          name: token.name,
          symbol: token.symbol,
          status: m.status === "open" || m.status === "completed" ? m.status : ("none" as const),
          feesCreatorLamports: m.feesCreatorLamports.toString(),
          feesCreatorOwedLamports: m.feesCreatorOwedLamports.toString(),
          feesCreatorPaidLamports: (m.feesCreatorLamports - m.feesCreatorOwedLamports).toString(),
        },
      ];
    });
    return {
      markets,
      totalCreatorLamports: total.toString(),
      totalCreatorOwedLamports: owed.toString(),
      totalCreatorPaidLamports: (total - owed).toString(),
    };
  }

  /** Start-up, and each time a node takes leadership: the treasury funded, recorded trades
   * settled (each curve then equals the after-state of its last confirmed trade, and its
   * vault), unsigned prepares past their blockhash dropped, pending opens finished and creator
   * buys done. Each curve's part runs inside `curves.exclusive`: on PostgreSQL that holds the
   * curve's advisory lock, so another node trading (or submitting a prepared trade) on that
   * curve at that moment is waited for, never raced. */
  async reconcilePending(): Promise<{ trades: number; opened: number; failed: number }> {
    await this.treasury();
    const { repo, curves, trades, ledger } = this.deps;
    const result = { trades: 0, opened: 0, failed: 0 };
    const pending = await repo.pendingSignedTrades();
    for (const mint of new Set(pending.map((t) => t.mint))) {
      // settle reads the curve's pending trades again once the lock is held.
      const settled = await curves.exclusive(mint, () => trades.settle(mint));
      result.trades += settled.confirmed + settled.failed + settled.resent;
    }
    const unsigned = await repo.pendingUnsignedTrades();
    if (unsigned.length) {
      const height = await ledger.getBlockHeight();
      for (const t of unsigned) {
        if (t.lastValidBlockHeight === null || height <= t.lastValidBlockHeight) continue;
        const dropped = await curves.exclusive(t.mint, async () => {
          // Read again under the lock: a node that took the wallet's signature meanwhile has
          // recorded it, and then the trade is settled, not dropped.
          const row = await repo.tradeById(t.id);
          if (row?.status !== "pending" || row.signature) return false;
          await repo.updateTrade(t.id, {
            status: "failed",
            failureReason: "The wallet did not sign the trade in time",
            signedTransaction: null,
          });
          return true;
        });
        if (dropped) result.failed++;
      }
    }
    const opens = await this.deps.opens.reconcile();
    result.opened += opens.opened;
    result.failed += opens.failed;
    return result;
  }

  /** Who bought in the launch window, most tokens first (then by address). */
  private async windowBuys(mint: string): Promise<WindowBuy[]> {
    // The writer's own tally when the curve is loaded (no query on the token page's path).
    const known = this.deps.curves.peekWindowBought(mint);
    const buys = known
      ? [...known].map(([trader, tokens]) => ({ trader, tokens }))
      : await this.deps.repo.launchWindowBuys(mint);
    return buys.sort(byTokensThenAddress);
  }

  /** The creator and creator-funded wallets marked. */
  private withFunding(buys: WindowBuy[], creator: string): Promise<WindowBuyer[]> {
    return Promise.all(
      buys.map(async (b) => ({
        trader: b.trader,
        tokens: b.tokens,
        isCreator: b.trader === creator,
        creatorFunded: b.trader === creator ? false : await this.funding.funded(creator, b.trader),
      })),
    );
  }
}
