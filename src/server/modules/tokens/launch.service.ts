import { randomUUID } from "node:crypto";
import { TOKEN_DECIMALS } from "@shared/constants";
import { creatorBuySpend } from "@shared/market/creator-buy";
import type { LaunchMarket } from "@shared/schemas/market";
import type { CreateTokenResponse, TokenFormValues } from "@shared/schemas/token";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../http-errors";
import { signAsFeePayer } from "../../ledger/compile-transaction";
import type { Signer } from "../../ledger/keys";
import { inProcessLaunchBuilder, type LaunchBuilder, metadataUri } from "../../ledger/launch-builder";
import { type Blockhash, type Ledger, LedgerError } from "../../ledger/ledger";
import {
  checkSignedMatchesPrepared,
  launchCostLamports,
  rememberAssociatedTokenAddress,
} from "../../ledger/token-2022";
import { famousLookalike } from "../../lib/famous-lookalike";
import { nameSkeleton, symbolSkeleton } from "../../lib/lookalike";
import type { WalletRow } from "../accounts/accounts.repo";
import type { WalletsService } from "../wallets/wallets.service";
import { presentToken } from "./token-presenter";
import type { TokenRow, TokensRepo } from "./tokens.repo";
import type { TokensService } from "./tokens.service";

export const NOT_ENOUGH_SOL = "Not enough test SOL in this wallet to launch. Use Get Test SOL and try again.";
const PREPARE_EXPIRED =
  "This launch was prepared too long ago and its transaction has expired. Create the token again.";

export interface LaunchRequest extends TokenFormValues {
  userId: string;
  creatorWallet: string;
  idempotencyKey?: string;
  market?: LaunchMarket;
}

/** Opening a market at launch (the market module): recorded before the launch is sent,
 * opened once it confirms. */
export interface LaunchMarkets {
  openCost(): Promise<bigint>;
  intend(row: TokenRow, market: LaunchMarket): Promise<unknown>;
  /** The market's row, written now unless it already is (a crash came between the launch's
   * row and the market's). */
  intendOnce(row: TokenRow, market: LaunchMarket): Promise<unknown>;
  openAfterLaunch(mint: string): Promise<void>;
}

interface Deps {
  repo: TokensRepo;
  tokens: TokensService;
  wallets: WalletsService;
  ledger: Ledger;
  publicUrl: string;
  markets?: LaunchMarkets;
  /** Where launch transactions are built (default: on this thread). */
  launchBuilder?: LaunchBuilder;
}

/** Launching a token: one Token-2022 transaction. The row, with the signed bytes and the
 * signature, is written before sending, so a retry returns the same launch and a crash in
 * between is settled by `reconcilePending` at start-up. */
export class LaunchService {
  constructor(private deps: Deps) {}

  /** Embedded wallet: the server signs for its owner. */
  async launch(sessionUserId: string, input: LaunchRequest): Promise<CreateTokenResponse> {
    const wallet = await this.authorize(sessionUserId, input);
    refuseFamous(input);
    if (wallet.kind !== "embedded")
      throw badRequest("This wallet signs in your browser: launch it from the Connect Wallet step.");
    const replay = await this.replayIfKnown(sessionUserId, input.idempotencyKey);
    if (replay) return replay;
    const { markets } = this.deps;
    const market = markets ? input.market : undefined;
    const extra = market && markets ? (await markets.openCost()) + creatorBuyNeed(input, market) : 0n;
    // The balance and the blockhash leave in one message to the ledger's thread.
    const [, blockhash, payer] = await Promise.all([
      this.checkFunds(wallet.publicKey, input, extra),
      this.deps.ledger.getLatestBlockhash(),
      this.deps.wallets.signerFor(wallet),
    ]);
    const { row, wire } = await this.record(sessionUserId, input, payer, blockhash, market);
    // Taken while the row is pending: no market can be opened for it before it is active.
    const marketVersion = this.deps.tokens.marketVersion(row.mintAddress);
    if (market && markets) await markets.intend(row, market);
    const { response, justLaunched } = await this.sendAndTell(row, wire);
    if (market && markets) await markets.openAfterLaunch(row.mintAddress);
    else if (justLaunched) this.deps.tokens.launchedWithoutMarket(row, marketVersion);
    return response;
  }

  /** The market asked for with a launch, as its row recorded it (null: none). */
  private chosenMarket(row: TokenRow): LaunchMarket | null {
    if (row.launchMarketShareBps === null) return null;
    const creatorBuy = row.launchCreatorBuyLamports ?? 0n;
    return {
      curveShareBps: row.launchMarketShareBps,
      ...(creatorBuy > 0n ? { creatorBuyLamports: creatorBuy.toString() } : {}),
    };
  }

  /** A launch that confirmed after a crash or on a retry: its market's row written if the
   * crash came before it was (start-up reconciliation of markets then opens it), and opened
   * when `open` (a retry while the server runs). */
  private async settleChosenMarket(row: TokenRow, open: boolean): Promise<void> {
    const { markets } = this.deps;
    const market = this.chosenMarket(row);
    if (!markets || !market) return;
    await markets.intendOnce(row, market);
    if (open) await markets.openAfterLaunch(row.mintAddress);
  }

  /** External wallet, step 1: the transaction, partially signed by the new mint's key. */
  async prepare(sessionUserId: string, input: LaunchRequest) {
    const wallet = await this.authorize(sessionUserId, input);
    refuseFamous(input);
    if (wallet.kind !== "external") throw badRequest("This is an embedded wallet: launch it directly.");
    if (input.market)
      throw badRequest(
        "A browser wallet opens its market after the launch: launch without a market, then open it from the token page, where your wallet signs the opening.",
        undefined,
        "SIGN_WITH_WALLET",
      );
    const [, blockhash] = await Promise.all([
      this.checkFunds(wallet.publicKey, input),
      this.deps.ledger.getLatestBlockhash(),
    ]);
    const { row, wire } = await this.record(sessionUserId, input, wallet.publicKey, blockhash);
    return {
      tokenId: row.id,
      mintAddress: row.mintAddress,
      transaction: Buffer.from(wire).toString("base64"),
    };
  }

  /** External wallet, step 2: the wallet's signed bytes must be exactly what we prepared. */
  async submit(sessionUserId: string, tokenId: string, signedBase64: string): Promise<CreateTokenResponse> {
    const row = await this.deps.repo.byId(tokenId);
    if (!row || row.userId !== sessionUserId) throw notFound("Launch not found");
    if (row.status === "active") return this.present(row);
    if (row.status === "failed") {
      if (row.failureReason === PREPARE_EXPIRED) throw prepareExpired();
      throw badRequest(row.failureReason ?? "This launch failed. Please start again.");
    }
    if (row.signature) return this.send(row, row.signedTransaction ?? new Uint8Array());
    if (!row.signedTransaction) throw badRequest("This launch was not prepared");
    const [settled] = await this.settleUnsubmitted([row]);
    if (settled?.status === "active") return this.present(settled);
    if (settled?.status === "failed") throw prepareExpired();
    const signed = new Uint8Array(Buffer.from(signedBase64, "base64"));
    const check = checkSignedMatchesPrepared(row.signedTransaction, signed, row.creatorWallet);
    if (!check.ok) throw badRequest(check.reason, undefined, "TRANSACTION_REJECTED");
    const updated = await this.deps.repo.update(row.id, {
      signature: check.signature,
      signedTransaction: signed,
    });
    return this.send(updated ?? row, signed);
  }

  /** Start-up: settle launches that were recorded but whose outcome we did not see
   * (`failed` counts prepares never submitted before their blockhash expired). Rows from
   * before the lookalike check get their skeletons first. */
  async reconcilePending(): Promise<{ confirmed: number; failed: number; resent: number }> {
    await this.deps.repo.fillSkeletons();
    const result = { confirmed: 0, failed: 0, resent: 0 };
    const pending = await this.deps.repo.pending();
    for (const row of await this.settleUnsubmitted(pending.filter((r) => !r.signature)))
      if (row.status === "failed") result.failed++;
      else if (row.status === "active") result.confirmed++;
    const rows = pending.filter((r) => r.signature);
    if (!rows.length) return result;
    const statuses = await this.deps.ledger.getSignatureStatuses(rows.map((r) => r.signature ?? ""));
    const height = await this.deps.ledger.getBlockHeight();
    for (const [i, row] of rows.entries()) {
      const status = statuses[i];
      if (status?.state === "confirmed") {
        await this.markActive(row);
        await this.settleChosenMarket(row, false);
        result.confirmed++;
      } else if (status?.state === "failed") {
        await this.markFailed(row, status.error ?? "The launch transaction failed");
        result.failed++;
      } else if (row.lastValidBlockHeight !== null && height > row.lastValidBlockHeight) {
        await this.markFailed(row, "The launch transaction expired before it was confirmed");
        result.failed++;
      } else if (row.signedTransaction) {
        // Same bytes, same signature: resending can never launch twice.
        const sent = await this.send(row, row.signedTransaction).then(
          () => true,
          () => false,
        );
        if (sent) await this.settleChosenMarket(row, false);
        result.resent++;
      }
    }
    return result;
  }

  private async authorize(sessionUserId: string, input: LaunchRequest): Promise<WalletRow> {
    if (input.userId !== sessionUserId) throw forbidden("You can only launch tokens for your own account");
    return this.deps.wallets.ownWallet(sessionUserId, input.creatorWallet, "launch tokens");
  }

  private async replayIfKnown(userId: string, key: string | undefined): Promise<CreateTokenResponse | null> {
    if (!key) return null;
    const row = await this.deps.repo.byIdempotencyKey(userId, key);
    if (!row) return null;
    if (row.status === "active") {
      await this.settleChosenMarket(row, true);
      return this.present(row);
    }
    if (row.status === "pending" && row.signedTransaction) {
      const launched = await this.send(row, row.signedTransaction);
      await this.settleChosenMarket(row, true);
      return launched;
    }
    // A failed attempt frees its key: the person fixed something and tries again.
    await this.deps.repo.deleteById(row.id);
    return null;
  }

  private async checkFunds(payer: string, input: LaunchRequest, extra = 0n): Promise<void> {
    const fields = {
      name: input.name,
      symbol: input.symbol,
      uri: metadataUri(this.deps.publicUrl, "x".repeat(44)),
      additionalMetadata: extraFields(input),
    };
    const { ledger } = this.deps;
    const cost = launchCostLamports(fields) + extra;
    if ((await ledger.getBalance(payer)) < cost) throw new LedgerError(NOT_ENOUGH_SOL, "insufficient_funds");
  }

  private async record(
    userId: string,
    input: LaunchRequest,
    /** The embedded wallet's signer, or the address of a browser wallet that signs later. */
    payer: Signer | string,
    blockhash: Blockhash,
    market?: LaunchMarket,
  ) {
    // A taken (or look-alike) symbol or name is refused by the skeleton indexes at insert: no
    // extra query on the way of a launch. Built elsewhere (the builder's thread in a server),
    // signed here: the payer's key stays on this thread.
    const payerAddress = typeof payer === "string" ? payer : payer.address;
    const unsigned = await (this.deps.launchBuilder ?? inProcessLaunchBuilder).build({
      payer: payerAddress,
      name: input.name,
      symbol: input.symbol,
      publicUrl: this.deps.publicUrl,
      additionalMetadata: extraFields(input),
      supply: BigInt(input.totalSupply) * 10n ** BigInt(TOKEN_DECIMALS),
      decimals: TOKEN_DECIMALS,
      blockhash,
    });
    // The creator's token account is read after every launch (what circulates): not derived
    // again on this thread.
    rememberAssociatedTokenAddress(payerAddress, unsigned.mintAddress, unsigned.creatorTokenAccount);
    const built =
      typeof payer === "string"
        ? { ...unsigned, signature: null }
        : { ...unsigned, ...(await signAsFeePayer(unsigned.wire, payer)) };
    const values = {
      id: randomUUID(),
      userId,
      name: input.name,
      symbol: input.symbol,
      description: input.description,
      tagline: input.tagline,
      totalSupply: input.totalSupply,
      decimals: TOKEN_DECIMALS,
      imageUrl: input.imageUrl,
      website: input.website,
      twitter: input.twitter,
      discord: input.discord,
      creatorWallet: input.creatorWallet,
      mintAddress: built.mintAddress,
      status: "pending" as const,
      signature: built.signature,
      signedTransaction: built.wire,
      lastValidBlockHeight: blockhash.lastValidBlockHeight,
      idempotencyKey: input.idempotencyKey ?? null,
      launchMarketShareBps: market?.curveShareBps ?? null,
      launchCreatorBuyLamports: market ? BigInt(market.creatorBuyLamports ?? "0") : null,
    };
    // One retry at most: after the first refusal, the rows in the way have been settled.
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await this.deps.repo.insert(values);
        return { row, wire: built.wire };
      } catch (err) {
        // The same idempotency key twice at once: the first one is launching it.
        if (isUniqueViolation(err, "tokens_user_idem"))
          throw conflict("This launch is already in progress", undefined, "IN_PROGRESS");
        if (!LOOKALIKE_INDEXES.some((index) => isUniqueViolation(err, index))) throw err;
        await this.refuseLookalike(input);
        if (attempt > 0)
          throw conflict(
            "A token with a similar name or symbol is being launched right now. Try again in a moment.",
            undefined,
            "LOOKALIKE_TOKEN",
          );
      }
    }
  }

  /** The skeleton indexes refused a launch: say which token it looks like, unless every such
   * token is a prepare nobody submitted in time (settled here, which frees its name). */
  private async refuseLookalike(input: LaunchRequest): Promise<void> {
    const rows = await this.deps.repo.lookalikes(input.name, input.symbol);
    const standing = (await this.settleUnsubmitted(rows)).filter((r) => r.status !== "failed");
    const symbolRow = standing.find((r) => r.symbolSkeleton === symbolSkeleton(input.symbol));
    if (symbolRow?.symbol === input.symbol) throw symbolTaken(input.symbol);
    if (symbolRow)
      throw lookalike(
        `$${input.symbol} looks like $${symbolRow.symbol}, the symbol of “${symbolRow.name}”. Choose a symbol that cannot be mistaken for it.`,
        "symbol",
      );
    const nameRow = standing.find((r) => r.nameSkeleton === nameSkeleton(input.name));
    if (nameRow)
      throw lookalike(
        nameRow.name === input.name
          ? `A token already has this name: “${nameRow.name}” ($${nameRow.symbol}). Choose another name.`
          : `“${input.name}” looks like “${nameRow.name}” ($${nameRow.symbol}), an existing token. Choose a name that cannot be mistaken for it.`,
        "name",
      );
  }

  /** Prepares never submitted (no signature) whose blockhash has expired can no longer be
   * sent: marked failed, which frees their name and symbol. Unless the chain has the mint:
   * then the wallet sent the transaction itself, and the launch stands. Returns each row as
   * it now stands. */
  private async settleUnsubmitted(rows: TokenRow[]): Promise<TokenRow[]> {
    const open = rows.filter(
      (r) => r.status === "pending" && !r.signature && r.lastValidBlockHeight !== null,
    );
    if (!open.length) return rows;
    const height = await this.deps.ledger.getBlockHeight();
    const expired = open.filter((r) => height > (r.lastValidBlockHeight ?? height));
    if (!expired.length) return rows;
    const mints = await this.deps.ledger.getMultipleAccounts(expired.map((r) => r.mintAddress));
    const settled = new Map<string, TokenRow>();
    for (const [i, row] of expired.entries()) {
      if (mints[i]) settled.set(row.id, await this.markActive(row));
      else settled.set(row.id, await this.markFailed(row, PREPARE_EXPIRED));
    }
    return rows.map((r) => settled.get(r.id) ?? r);
  }

  private async send(row: TokenRow, wire: Uint8Array): Promise<CreateTokenResponse> {
    const { response } = await this.sendAndTell(row, wire);
    return response;
  }

  /** Sends (or finds sent) the launch and confirms its row; `justLaunched` when this send
   * executed it, so nothing circulates yet. */
  private async sendAndTell(
    row: TokenRow,
    wire: Uint8Array,
  ): Promise<{ response: CreateTokenResponse; justLaunched: boolean }> {
    let justLaunched = true;
    try {
      await this.deps.ledger.sendTransaction(wire);
    } catch (err) {
      if (err instanceof LedgerError && err.code === "already_processed") {
        justLaunched = false;
        // Sent before (a retry, or a crash after sending): the chain's word decides.
        const [status] = await this.deps.ledger.getSignatureStatuses([row.signature ?? ""]);
        if (status?.state !== "confirmed") throw err;
      } else {
        if (err instanceof LedgerError && err.code !== "unavailable") await this.markFailed(row, err.message);
        throw err;
      }
    }
    const response = await this.present(await this.markActive(row), justLaunched ? 0n : undefined);
    return { response, justLaunched };
  }

  private async markActive(row: TokenRow): Promise<TokenRow> {
    return this.deps.repo.markActive(row);
  }

  private async markFailed(row: TokenRow, reason: string): Promise<TokenRow> {
    const failed = await this.deps.repo.update(row.id, {
      status: "failed",
      failureReason: reason,
      signedTransaction: null,
    });
    return failed ?? { ...row, status: "failed", failureReason: reason, signedTransaction: null };
  }

  private async present(row: TokenRow, circulating?: bigint): Promise<CreateTokenResponse> {
    const token = presentToken(
      row,
      this.deps.ledger.info,
      circulating ?? (await this.deps.tokens.circulating(row)),
    );
    return { token, mintAddress: row.mintAddress };
  }
}

function extraFields(input: LaunchRequest): Array<[string, string]> {
  return input.tagline ? [["tagline", input.tagline]] : [];
}

const LOOKALIKE_INDEXES = ["tokens_symbol_skeleton_live", "tokens_name_skeleton_live"];

function lookalike(message: string, field: "name" | "symbol") {
  return conflict(message, { [field]: message }, "LOOKALIKE_TOKEN");
}

/** A name or symbol that passes for a well-known token (BTC, Dogecoin: the list in
 * `src/shared/famous-tokens.ts`) is refused before anything is built or recorded. */
function refuseFamous(input: LaunchRequest): void {
  const famous = famousLookalike(input.name, input.symbol);
  if (famous) throw conflict(famous.message, { [famous.field]: famous.message }, "FAMOUS_TOKEN");
}

function prepareExpired() {
  return new HttpError(410, PREPARE_EXPIRED, undefined, "PREPARE_EXPIRED");
}

function symbolTaken(symbol: string) {
  return conflict(
    `${symbol} is already taken on the platform. Choose another symbol.`,
    {
      symbol: `${symbol} is already taken on the platform`,
    },
    "SYMBOL_TAKEN",
  );
}

/** The SOL a launch's creator buy needs: what was asked, or less when the 5% cap stops it. */
function creatorBuyNeed(input: TokenFormValues, market: LaunchMarket): bigint {
  const supply = BigInt(input.totalSupply) * 10n ** BigInt(TOKEN_DECIMALS);
  return creatorBuySpend(supply, market.curveShareBps, BigInt(market.creatorBuyLamports ?? "0"));
}
