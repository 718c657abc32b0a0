import { randomUUID } from "node:crypto";
import { TOKEN_DECIMALS } from "@shared/constants";
import type { CreateTokenResponse, TokenFormValues } from "@shared/schemas/token";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, conflict, forbidden, notFound } from "../../http-errors";
import { generateSigner } from "../../ledger/keys";
import { type Ledger, LedgerError } from "../../ledger/ledger";
import {
  buildLaunchTransaction,
  checkSignedMatchesPrepared,
  launchCostLamports,
} from "../../ledger/token-2022";
import type { WalletRow } from "../accounts/accounts.repo";
import type { WalletsService } from "../wallets/wallets.service";
import { presentToken } from "./token-presenter";
import type { TokenRow, TokensRepo } from "./tokens.repo";
import type { TokensService } from "./tokens.service";

export const NOT_ENOUGH_SOL = "Not enough test SOL in this wallet to launch. Use Get Test SOL and try again.";

export interface LaunchRequest extends TokenFormValues {
  userId: string;
  creatorWallet: string;
  idempotencyKey?: string;
}

interface Deps {
  repo: TokensRepo;
  tokens: TokensService;
  wallets: WalletsService;
  ledger: Ledger;
  publicUrl: string;
}

/** Launching a token: one Token-2022 transaction. The row, with the signed bytes and the
 * signature, is written before sending, so a retry returns the same launch and a crash in
 * between is settled by `reconcilePending` at start-up. */
export class LaunchService {
  constructor(private deps: Deps) {}

  /** Embedded wallet: the server signs for its owner. */
  async launch(sessionUserId: string, input: LaunchRequest): Promise<CreateTokenResponse> {
    const wallet = await this.authorize(sessionUserId, input);
    if (wallet.kind !== "embedded")
      throw badRequest("This wallet signs in your browser: launch it from the Connect Wallet step.");
    const replay = await this.replayIfKnown(sessionUserId, input.idempotencyKey);
    if (replay) return replay;
    await this.checkFunds(wallet.publicKey, input);

    const payer = await this.deps.wallets.signerFor(wallet);
    const { row, wire } = await this.record(sessionUserId, input, payer);
    return this.send(row, wire);
  }

  /** External wallet, step 1: the transaction, partially signed by the new mint's key. */
  async prepare(sessionUserId: string, input: LaunchRequest) {
    const wallet = await this.authorize(sessionUserId, input);
    if (wallet.kind !== "external") throw badRequest("This is an embedded wallet: launch it directly.");
    await this.checkFunds(wallet.publicKey, input);
    const { row, wire } = await this.record(sessionUserId, input, wallet.publicKey);
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
    if (row.status === "failed")
      throw badRequest(row.failureReason ?? "This launch failed. Please start again.");
    if (row.signature) return this.send(row, row.signedTransaction ?? new Uint8Array());
    if (!row.signedTransaction) throw badRequest("This launch was not prepared");
    const signed = new Uint8Array(Buffer.from(signedBase64, "base64"));
    const check = checkSignedMatchesPrepared(row.signedTransaction, signed, row.creatorWallet);
    if (!check.ok) throw badRequest(check.reason);
    const updated = await this.deps.repo.update(row.id, {
      signature: check.signature,
      signedTransaction: signed,
    });
    return this.send(updated ?? row, signed);
  }

  /** Start-up: settle launches that were recorded but whose outcome we did not see. */
  async reconcilePending(): Promise<{ confirmed: number; failed: number; resent: number }> {
    const result = { confirmed: 0, failed: 0, resent: 0 };
    const rows = (await this.deps.repo.pending()).filter((r) => r.signature);
    if (!rows.length) return result;
    const statuses = await this.deps.ledger.getSignatureStatuses(rows.map((r) => r.signature ?? ""));
    const height = await this.deps.ledger.getBlockHeight();
    for (const [i, row] of rows.entries()) {
      const status = statuses[i];
      if (status?.state === "confirmed") {
        await this.markActive(row);
        result.confirmed++;
      } else if (status?.state === "failed") {
        await this.markFailed(row, status.error ?? "The launch transaction failed");
        result.failed++;
      } else if (row.lastValidBlockHeight !== null && height > row.lastValidBlockHeight) {
        await this.markFailed(row, "The launch transaction expired before it was confirmed");
        result.failed++;
      } else if (row.signedTransaction) {
        // Same bytes, same signature: resending can never launch twice.
        await this.send(row, row.signedTransaction).catch(() => undefined);
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
    if (row.status === "active") return this.present(row);
    if (row.status === "pending" && row.signedTransaction) return this.send(row, row.signedTransaction);
    // A failed attempt frees its key: the person fixed something and tries again.
    await this.deps.repo.deleteById(row.id);
    return null;
  }

  private async checkFunds(payer: string, input: LaunchRequest): Promise<void> {
    const fields = {
      name: input.name,
      symbol: input.symbol,
      uri: this.uriFor("x".repeat(44)),
      additionalMetadata: extraFields(input),
    };
    const { ledger } = this.deps;
    const cost = launchCostLamports(fields);
    if ((await ledger.getBalance(payer)) < cost) throw new LedgerError(NOT_ENOUGH_SOL, "insufficient_funds");
  }

  private uriFor(mint: string): string {
    return `${this.deps.publicUrl}/api/tokens/${mint}/metadata.json`;
  }

  private async record(
    userId: string,
    input: LaunchRequest,
    payer: Parameters<typeof buildLaunchTransaction>[0]["payer"],
  ) {
    // A taken symbol is refused by the tokens_symbol_live index at insert (no extra query).
    const mint = generateSigner();
    const blockhash = await this.deps.ledger.getLatestBlockhash();
    const built = await buildLaunchTransaction({
      payer,
      mint,
      name: input.name,
      symbol: input.symbol,
      uri: this.uriFor(mint.address),
      additionalMetadata: extraFields(input),
      supply: BigInt(input.totalSupply) * 10n ** BigInt(TOKEN_DECIMALS),
      decimals: TOKEN_DECIMALS,
      blockhash,
    });
    try {
      const row = await this.deps.repo.insert({
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
        status: "pending",
        signature: built.signature,
        signedTransaction: built.wire,
        lastValidBlockHeight: blockhash.lastValidBlockHeight,
        idempotencyKey: input.idempotencyKey ?? null,
      });
      this.deps.tokens.invalidate(userId);
      return { row, wire: built.wire };
    } catch (err) {
      if (isUniqueViolation(err, "tokens_symbol_live")) throw symbolTaken(input.symbol);
      // The same idempotency key twice at once: the first one is launching it.
      if (isUniqueViolation(err, "tokens_user_idem"))
        throw conflict("This launch is already in progress", undefined, "IN_PROGRESS");
      throw err;
    }
  }

  private async send(row: TokenRow, wire: Uint8Array): Promise<CreateTokenResponse> {
    // Executed just now, the launch left the whole supply with the creator: nothing circulates.
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
    return this.present(await this.markActive(row), justLaunched ? 0n : undefined);
  }

  private async markActive(row: TokenRow): Promise<TokenRow> {
    const active = await this.deps.repo.markActive(row);
    this.deps.tokens.invalidate(row.userId);
    return active;
  }

  private async markFailed(row: TokenRow, reason: string): Promise<void> {
    await this.deps.repo.update(row.id, { status: "failed", failureReason: reason, signedTransaction: null });
    this.deps.tokens.invalidate(row.userId);
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

function symbolTaken(symbol: string) {
  return conflict(
    `${symbol} is already taken on the platform. Choose another symbol.`,
    {
      symbol: `${symbol} is already taken on the platform`,
    },
    "SYMBOL_TAKEN",
  );
}
