import { formatAmount, groupDigits } from "@shared/amounts";
import { BPS, initialCurve, MARKET } from "@shared/market/curve";
import { formatBps } from "@shared/market/format";
import type { LaunchMarket, PreparedOpenMarket } from "@shared/schemas/market";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, conflict, forbidden, notFound } from "../../http-errors";
import { tokenAmountOf } from "../../ledger/layouts";
import { type Ledger, LedgerError } from "../../ledger/ledger";
import { buildOpenMarketTransaction, type OpenMarketParams } from "../../ledger/market-transactions";
import {
  associatedTokenAddress,
  checkSignedMatchesPrepared,
  LAMPORTS_PER_SIGNATURE,
  TOKEN_2022_ATA_SIZE,
} from "../../ledger/token-2022";
import { errorText } from "../../lib/safe-error";
import type { TokenRow } from "../tokens/tokens.repo";
import type { TokensService } from "../tokens/tokens.service";
import type { Custody } from "../wallets/custody";
import type { WalletsService } from "../wallets/wallets.service";
import { supplyOf } from "./market.presenter";
import type { MarketRepo, MarketRow } from "./market.repo";
import type { CurveBook } from "./market-curves";
import type { MarketTradeService } from "./market-trade.service";
import { newVault } from "./market-vault";

const SIGN_EXPIRED = "The wallet did not sign the market's opening in time.";

interface Deps {
  repo: MarketRepo;
  curves: CurveBook;
  custody: Custody;
  tokens: TokensService;
  wallets: WalletsService;
  ledger: Ledger;
  trades: MarketTradeService;
  now: () => number;
  warn: (message: string) => void;
}

/** Opening curves: at launch (`market` on POST /api/tokens/create) or later for an existing
 * token (POST /api/market/:mint/open). The market row (with its sealed vault key) is written
 * first, then the opening transaction is recorded before it is sent, like a launch; start-up
 * reconciliation finishes whatever a crash interrupted. */
export class MarketOpenService {
  constructor(private deps: Deps) {}

  /** What opening costs the creator on top of the tokens: the vault's rent, its token
   * account's rent and the network fee. */
  async openCost(): Promise<bigint> {
    const { ledger } = this.deps;
    return (
      (await ledger.minimumBalanceForRentExemption(0)) +
      (await ledger.minimumBalanceForRentExemption(TOKEN_2022_ATA_SIZE)) +
      LAMPORTS_PER_SIGNATURE
    );
  }

  /** At launch, before the launch is sent: the market to open once it confirms. */
  async intend(token: TokenRow, market: LaunchMarket): Promise<MarketRow> {
    return this.insert(token, market.curveShareBps, BigInt(market.creatorBuyLamports ?? "0"));
  }

  /** After a crash between the launch's row and the market's: the market's row, unless it is
   * there already (in any state: a failed opening says why, and is not asked for again). */
  async intendOnce(token: TokenRow, market: LaunchMarket): Promise<MarketRow> {
    return (await this.deps.repo.market(token.mintAddress)) ?? this.intend(token, market);
  }

  /** After the launch confirmed: open the market recorded with it, then the creator's buy.
   * The launch stands either way; a market that could not open says why in its row. */
  async openAfterLaunch(mint: string): Promise<void> {
    try {
      await this.deps.curves.exclusive(mint, () => this.openIntended(mint));
      await this.creatorBuy(mint);
    } catch (err) {
      this.deps.warn(`market not opened after launch: ${errorText(err)}`);
    }
  }

  /** POST /api/market/:mint/open: the creator deposits `curveShareBps` of the supply. */
  async openExisting(userId: string, mint: string, curveShareBps: number): Promise<void> {
    const { token, wallet } = await this.creatorOf(userId, mint);
    if (wallet.kind !== "embedded")
      throw badRequest(
        "This token's wallet signs in your browser: open the market with open/prepare and sign with your wallet.",
        undefined,
        "SIGN_WITH_WALLET",
      );
    const existing = await this.deps.repo.market(mint);
    if (existing?.status === "failed") await this.deps.repo.deleteMarket(mint);
    else if (existing?.status === "pending") {
      // Recorded, not yet open (a concurrent request's, or one a crash interrupted): finished
      // here; it is this request's market only if it has the share this one asks for.
      await this.deps.curves.exclusive(mint, () => this.openIntended(mint));
      if (existing.curveShareBps !== curveShareBps)
        throw conflict("This token already has a market", undefined, "MARKET_EXISTS");
      await this.expectOpen(mint);
      return;
    } else if (existing) throw conflict("This token already has a market", undefined, "MARKET_EXISTS");
    await this.checkCanDeposit(token, curveShareBps);
    await this.insertOnce(token, curveShareBps);
    await this.deps.curves.exclusive(mint, () => this.openIntended(mint));
    await this.creatorBuy(mint);
    await this.expectOpen(mint);
  }

  /** External wallet, step 1: the market is recorded (pending, with its sealed vault key) and
   * its opening transaction prepared for the creator's browser wallet to sign. Asked again
   * with the same share before its blockhash expires, it answers the same bytes. */
  async prepareOpen(userId: string, mint: string, curveShareBps: number): Promise<PreparedOpenMarket> {
    const { token, wallet } = await this.creatorOf(userId, mint);
    if (wallet.kind !== "external")
      throw badRequest("This token's wallet is your platform wallet: open the market directly.");
    return this.deps.curves.exclusive(mint, async () => {
      const { repo, ledger } = this.deps;
      const existing = await repo.market(mint);
      if (existing?.status === "pending" && !existing.signature && existing.signedTransaction) {
        // The wallet may have signed and sent the prepared opening itself (it holds
        // everything it needs): the chain says so before anything of it is discarded.
        if (await this.settleIfLanded(existing))
          throw conflict("This token already has a market", undefined, "MARKET_EXISTS");
        const live = await this.stillSignable(existing);
        if (live && existing.curveShareBps === curveShareBps)
          return presentPreparedOpen(existing, existing.signedTransaction);
        // Another share while the first can still land would open two vaults: it waits.
        if (live)
          throw conflict(
            `Your wallet can still sign the opening prepared for ${formatBps(existing.curveShareBps)} of the supply, for up to a minute. Sign that one, or choose another share once it has expired.`,
            undefined,
            "IN_PROGRESS",
          );
        // Expired and not on the chain: it can never land; prepared again (a fresh vault too).
        await repo.deleteMarket(mint);
      } else if (existing?.status === "failed") await repo.deleteMarket(mint);
      else if (existing?.status === "pending")
        throw conflict("This market is already opening", undefined, "IN_PROGRESS");
      else if (existing) throw conflict("This token already has a market", undefined, "MARKET_EXISTS");
      await this.checkCanDeposit(token, curveShareBps);
      const market = await this.insertOnce(token, curveShareBps);
      const blockhash = await ledger.getLatestBlockhash();
      const built = await openingOf(market, token, wallet.publicKey, blockhash);
      // The prepared bytes are kept: the signed copy must carry exactly this message.
      const row =
        (await repo.updateMarket(mint, {
          signedTransaction: built.wire,
          lastValidBlockHeight: blockhash.lastValidBlockHeight,
        })) ?? market;
      return presentPreparedOpen(row, built.wire);
    });
  }

  /** External wallet, step 2: the wallet's bytes must be exactly the prepared ones, signed by
   * the creator's wallet, before the blockhash expires; then recorded (signature and signed
   * bytes) and sent. A repeated submit resends the same bytes: it can never open twice. */
  async submitOpen(userId: string, mint: string, signedBase64: string): Promise<void> {
    const first = await this.deps.repo.market(mint);
    if (!first || first.creatorUserId !== userId) throw notFound("No market opening was prepared");
    await this.deps.curves.exclusive(mint, async () => {
      const { repo } = this.deps;
      const market = await repo.market(mint);
      if (!market) throw notFound("No market opening was prepared");
      if (market.status === "open" || market.status === "completed") return;
      if (market.status === "failed")
        throw badRequest(
          market.failureReason ?? "The market could not be opened. Please start again.",
          undefined,
          "TRANSACTION_REJECTED",
        );
      if (!market.signature) {
        if (!market.signedTransaction) throw badRequest("This market opening was not prepared");
        if (await this.settleIfLanded(market)) return;
        if (!(await this.stillSignable(market))) {
          await repo.updateMarket(mint, {
            status: "failed",
            failureReason: SIGN_EXPIRED,
            signedTransaction: null,
          });
          throw conflict(`${SIGN_EXPIRED} Please start again.`, undefined, "QUOTE_EXPIRED");
        }
        const signed = new Uint8Array(Buffer.from(signedBase64, "base64"));
        const check = checkSignedMatchesPrepared(market.signedTransaction, signed, market.creatorWallet);
        if (!check.ok) throw badRequest(check.reason, undefined, "TRANSACTION_REJECTED");
        // Recorded before it is sent: a crash from here on is settled at start-up.
        await repo.updateMarket(mint, { signature: check.signature, signedTransaction: signed });
      }
      await this.openIntended(mint);
    });
    await this.expectOpen(mint);
  }

  /** The token, live, and the caller's wallet that created it. */
  private async creatorOf(userId: string, mint: string) {
    const token = await this.deps.tokens.getByMint(mint);
    if (token.userId !== userId) throw forbidden("Only the token's creator can open its market");
    if (token.status !== "active")
      throw badRequest("This token is not live yet", undefined, "TOKEN_NOT_LIVE");
    const wallet = await this.deps.wallets.ownWallet(userId, token.creatorWallet, "open a market");
    return { token, wallet };
  }

  /** The creator's wallet holds the curve's tokens and the SOL opening costs. */
  private async checkCanDeposit(token: TokenRow, curveShareBps: number): Promise<void> {
    const mint = token.mintAddress;
    const tokens = (supplyOf(token) * BigInt(curveShareBps)) / BPS;
    const [solAcc, ataAcc] = await this.deps.ledger.getMultipleAccounts([
      token.creatorWallet,
      associatedTokenAddress(token.creatorWallet, mint),
    ]);
    const held = ataAcc ? (tokenAmountOf(ataAcc.data) ?? 0n) : 0n;
    if (held < tokens)
      throw badRequest(
        `Your wallet holds ${groupDigits(formatAmount(held, token.decimals))} ${token.symbol}; this curve share needs ${groupDigits(formatAmount(tokens, token.decimals))}. Choose a smaller share.`,
        { curveShareBps: "More than your wallet holds" },
        "NOT_ENOUGH_TOKENS",
      );
    const rent = await this.deps.ledger.minimumBalanceForRentExemption(0);
    if ((solAcc?.lamports ?? 0n) < (await this.openCost()) + rent)
      throw new LedgerError(
        "Not enough test SOL in your wallet to open the market. Use Get Test SOL and try again.",
        "insufficient_funds",
      );
  }

  private async insertOnce(token: TokenRow, curveShareBps: number): Promise<MarketRow> {
    try {
      return await this.insert(token, curveShareBps, 0n);
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict("This token already has a market", undefined, "MARKET_EXISTS");
      throw err;
    }
  }

  private async expectOpen(mint: string): Promise<void> {
    const opened = await this.deps.repo.market(mint);
    if (opened?.status !== "open" && opened?.status !== "completed")
      throw badRequest(
        opened?.failureReason ?? "The market could not be opened",
        undefined,
        "TRANSACTION_REJECTED",
      );
  }

  /** Sends (or resends) a recorded market's opening transaction and, once open, does the
   * creator's disclosed buy. Call inside the curve's lock. */
  async openIntended(mint: string): Promise<void> {
    const { repo, ledger } = this.deps;
    let market = await repo.market(mint);
    if (market?.status !== "pending") return;
    const token = await this.deps.tokens.getByMint(mint).catch(() => null);
    if (!token || token.status === "failed") {
      await repo.updateMarket(mint, { status: "failed", failureReason: "The token's launch failed" });
      return;
    }
    if (token.status !== "active") return;
    if (!market.signature || !market.signedTransaction) {
      const wallet = await this.deps.wallets.ownWallet(
        market.creatorUserId,
        market.creatorWallet,
        "open a market",
      );
      if (wallet.kind !== "embedded") {
        // Prepared for a browser wallet and not signed here: it waits for submit until its
        // blockhash expires (then it can never land), unless the wallet sent it itself.
        if (await this.settleIfLanded(market)) return;
        if (!(await this.stillSignable(market)))
          await repo.updateMarket(mint, {
            status: "failed",
            failureReason: SIGN_EXPIRED,
            signedTransaction: null,
          });
        return;
      }
      const creator = await this.deps.wallets.signerFor(wallet);
      const blockhash = await ledger.getLatestBlockhash();
      const built = await openingOf(market, token, creator, blockhash);
      market =
        (await repo.updateMarket(mint, {
          signature: built.signature,
          signedTransaction: built.wire,
          lastValidBlockHeight: blockhash.lastValidBlockHeight,
        })) ?? market;
    }
    const outcome = await this.sendOpen(market);
    if (outcome === "confirmed") {
      await repo.updateMarket(mint, {
        status: "open",
        openedAt: new Date(this.deps.now()),
        signedTransaction: null,
      });
      this.deps.curves.drop(mint);
    }
  }

  /** A prepared opening's blockhash has not expired: the wallet can still sign and send it. */
  private async stillSignable(market: MarketRow): Promise<boolean> {
    const height = await this.deps.ledger.getBlockHeight();
    return market.lastValidBlockHeight !== null && height <= market.lastValidBlockHeight;
  }

  /** An opening the server did not send (a browser wallet sent its prepared bytes itself) is
   * on the chain when the vault's token account holds the curve's tokens: the market is open. */
  private async settleIfLanded(market: MarketRow): Promise<boolean> {
    const [ata] = await this.deps.ledger.getMultipleAccounts([
      associatedTokenAddress(market.vault, market.mint),
    ]);
    const held = ata ? (tokenAmountOf(ata.data) ?? 0n) : 0n;
    if (held < market.initialRealToken) return false;
    await this.deps.repo.updateMarket(market.mint, {
      status: "open",
      openedAt: new Date(this.deps.now()),
      signedTransaction: null,
    });
    this.deps.curves.drop(market.mint);
    return true;
  }

  /** The creator's disclosed buy at launch: capped at MARKET.maxCreatorBuyBps of the supply. */
  async creatorBuy(mint: string): Promise<void> {
    const market = await this.deps.repo.market(mint);
    if (market?.status !== "open" || market.creatorBuyLamports <= 0n) return;
    const token = await this.deps.tokens.getByMint(mint);
    try {
      await this.deps.trades.trade(
        market.creatorUserId,
        mint,
        { side: "buy", solIn: market.creatorBuyLamports, minTokensOut: 0n },
        `creator-buy:${mint}`,
        {
          creatorBuy: true,
          tokenCap: (supplyOf(token) * MARKET.maxCreatorBuyBps) / BPS,
          wallet: market.creatorWallet,
        },
      );
    } catch (err) {
      this.deps.warn(`creator buy at launch not done: ${errorText(err)}`);
    }
    await this.deps.repo.updateMarket(mint, { creatorBuyLamports: 0n });
  }

  /** Start-up: markets recorded but not yet open, and creator buys not yet done. */
  async reconcile(): Promise<{ opened: number; failed: number }> {
    const result = { opened: 0, failed: 0 };
    for (const m of await this.deps.repo.pendingMarkets()) {
      await this.deps.curves.exclusive(m.mint, () => this.openIntended(m.mint)).catch(() => undefined);
      const now = await this.deps.repo.market(m.mint);
      if (now?.status === "open") result.opened++;
      else if (now?.status === "failed") result.failed++;
    }
    for (const m of await this.deps.repo.openMarketsWithCreatorBuy()) await this.creatorBuy(m.mint);
    return result;
  }

  private async insert(
    token: TokenRow,
    curveShareBps: number,
    creatorBuyLamports: bigint,
  ): Promise<MarketRow> {
    const curve = initialCurve(supplyOf(token), curveShareBps);
    const vault = newVault(this.deps.custody, token.mintAddress, token.userId);
    return this.deps.repo.insertMarket({
      mint: token.mintAddress,
      status: "pending",
      creatorUserId: token.userId,
      creatorWallet: token.creatorWallet,
      vault: vault.address,
      vaultEncryptedSeed: vault.sealed.encryptedSeed,
      vaultWrappedKey: vault.sealed.wrappedKey,
      vaultKeyId: vault.sealed.keyId,
      vaultKeyVersion: vault.sealed.keyVersion,
      vaultRentLamports: await this.deps.ledger.minimumBalanceForRentExemption(0),
      curveShareBps,
      virtualSol: curve.virtualSol,
      virtualToken: curve.virtualToken,
      realSol: 0n,
      realToken: curve.realToken,
      initialRealToken: curve.initialRealToken,
      creatorBuyLamports,
    });
  }

  private async sendOpen(market: MarketRow): Promise<"confirmed" | "failed" | "unknown"> {
    const { ledger, repo } = this.deps;
    const [status] = await ledger.getSignatureStatuses([market.signature ?? ""]);
    if (status?.state === "confirmed") return "confirmed";
    const fail = async (reason: string) => {
      await repo.updateMarket(market.mint, {
        status: "failed",
        failureReason: reason,
        signedTransaction: null,
      });
      return "failed" as const;
    };
    if (status?.state === "failed") return fail(status.error ?? "The market's opening transaction failed");
    const height = await ledger.getBlockHeight();
    if (market.lastValidBlockHeight !== null && height > market.lastValidBlockHeight)
      return fail("The market's opening transaction expired before it was confirmed");
    try {
      await ledger.sendTransaction(market.signedTransaction ?? new Uint8Array());
      return "confirmed";
    } catch (err) {
      if (err instanceof LedgerError && err.code === "already_processed") {
        const [again] = await ledger.getSignatureStatuses([market.signature ?? ""]);
        return again?.state === "confirmed" ? "confirmed" : "unknown";
      }
      if (err instanceof LedgerError && err.code !== "unavailable") return fail(err.message);
      return "unknown";
    }
  }
}

function presentPreparedOpen(market: MarketRow, wire: Uint8Array): PreparedOpenMarket {
  return {
    mint: market.mint,
    wallet: market.creatorWallet,
    curveShareBps: market.curveShareBps,
    tokens: market.initialRealToken.toString(),
    vault: market.vault,
    transaction: Buffer.from(wire).toString("base64"),
  };
}

/** The market's opening transaction: the vault's rent, its token account and the curve's
 * tokens, from the creator (a signer, or a browser wallet's address to sign later). */
function openingOf(
  market: MarketRow,
  token: TokenRow,
  creator: OpenMarketParams["creator"],
  blockhash: OpenMarketParams["blockhash"],
) {
  return buildOpenMarketTransaction({
    creator,
    vault: market.vault,
    mint: market.mint,
    decimals: token.decimals,
    tokens: market.initialRealToken,
    vaultRent: market.vaultRentLamports,
    blockhash,
  });
}
