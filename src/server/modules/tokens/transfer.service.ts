import { randomUUID } from "node:crypto";
import { formatAmount, parseAmount } from "@shared/amounts";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, conflict, notFound } from "../../http-errors";
import { isValidAddress } from "../../ledger/keys";
import { tokenAmountOf } from "../../ledger/layouts";
import { type Ledger, LedgerError } from "../../ledger/ledger";
import {
  associatedTokenAddress,
  buildTransferTransaction,
  transferCostLamports,
} from "../../ledger/token-2022";
import type { AccountsRepo } from "../accounts/accounts.repo";
import type { WalletsService } from "../wallets/wallets.service";
import type { TokensRepo } from "./tokens.repo";
import type { TokensService } from "./tokens.service";

interface Deps {
  repo: TokensRepo;
  accountsRepo: AccountsRepo;
  tokens: TokensService;
  wallets: WalletsService;
  ledger: Ledger;
}

export interface TransferInput {
  to: string;
  amount: string;
  idempotencyKey?: string;
}

/** Sending a platform token from one of the caller's embedded wallets, on the ledger. */
export class TransferService {
  constructor(private deps: Deps) {}

  async transfer(userId: string, mint: string, input: TransferInput) {
    const { repo, ledger } = this.deps;
    const token = await this.deps.tokens.getByMint(mint);
    if (token.status !== "active")
      throw badRequest("This token is not live yet", undefined, "TOKEN_NOT_LIVE");
    const amount = parseAmount(input.amount, token.decimals);
    if (amount === null || amount <= 0n)
      throw badRequest(`Enter an amount like 10 or 2.5 (at most ${token.decimals} decimals)`, {
        amount: "Must be a positive number",
      });

    if (input.idempotencyKey) {
      const done = await repo.transferByKey(userId, input.idempotencyKey);
      if (done?.status === "confirmed")
        return this.present(done.signature ?? "", done.toWallet, done.amount, token.decimals);
    }

    const to = await this.resolveRecipient(input.to);
    const from = await this.pickSource(userId, mint, amount, token.symbol, token.decimals);
    if (from.publicKey === to)
      throw badRequest("That is your own wallet: choose another recipient", {
        to: "Choose another recipient",
      });
    if ((await ledger.getBalance(from.publicKey)) < transferCostLamports())
      throw new LedgerError(
        "Not enough test SOL in this wallet for the network fee. Use Get Test SOL and try again.",
        "insufficient_funds",
      );

    const owner = await this.deps.wallets.signerFor(from);
    const built = await buildTransferTransaction({
      owner,
      mint,
      destinationOwner: to,
      amount,
      decimals: token.decimals,
      blockhash: await ledger.getLatestBlockhash(),
    });
    let id: string;
    try {
      id = (
        await repo.insertTransfer({
          id: randomUUID(),
          userId,
          mintAddress: mint,
          fromWallet: from.publicKey,
          toWallet: to,
          amount,
          signature: built.signature,
          idempotencyKey: input.idempotencyKey ?? null,
        })
      ).id;
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict("This transfer is already in progress", undefined, "IN_PROGRESS");
      throw err;
    }
    try {
      await ledger.sendTransaction(built.wire);
    } catch (err) {
      await repo.updateTransfer(id, { status: "failed" });
      throw err;
    }
    await repo.updateTransfer(id, { status: "confirmed" });
    this.deps.tokens.invalidate(token.userId);
    return this.present(built.signature, to, amount, token.decimals);
  }

  /** A wallet address, or a platform username (their first wallet). */
  private async resolveRecipient(to: string): Promise<string> {
    const text = to.trim().replace(/^@/, "");
    if (isValidAddress(text)) return text;
    const user = await this.deps.accountsRepo.userByUsername(text);
    if (!user) throw notFound(`No wallet address or user named "${text}"`);
    const [wallet] = await this.deps.accountsRepo.walletsOf(user.id);
    if (!wallet)
      throw badRequest(`${user.username} has no wallet yet`, { to: "This user has no wallet yet" });
    return wallet.publicKey;
  }

  /** The caller's embedded wallet that holds enough of the token. */
  private async pickSource(userId: string, mint: string, amount: bigint, symbol: string, decimals: number) {
    const wallets = (await this.deps.accountsRepo.walletsOf(userId)).filter((w) => w.kind === "embedded");
    const atas = wallets.map((w) => associatedTokenAddress(w.publicKey, mint));
    const accounts = await this.deps.ledger.getMultipleAccounts(atas);
    let total = 0n;
    for (const [i, wallet] of wallets.entries()) {
      const account = accounts[i];
      const held = account ? (tokenAmountOf(account.data) ?? 0n) : 0n;
      total += held;
      if (held >= amount) return wallet;
    }
    throw badRequest(
      `Not enough ${symbol}: you have ${formatAmount(total, decimals)}`,
      {
        amount: "More than you hold",
      },
      "NOT_ENOUGH_TOKENS",
    );
  }

  private present(signature: string, to: string, amount: bigint, decimals: number) {
    return { signature, to, amount: formatAmount(amount, decimals) };
  }
}
