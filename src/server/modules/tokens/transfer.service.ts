import { randomUUID } from "node:crypto";
import {
  AMOUNT_POSITIVE_MESSAGE,
  moreThanHeldMessage,
  oneWalletMessage,
  parseTokenAmountInput,
  readTypedAmount,
} from "@shared/amount-input";
import { formatAmount, groupDigits } from "@shared/amounts";
import type { TransferRequest } from "@shared/schemas/token";
import type { PreparedTransfer, TransferResult } from "@shared/schemas/transfer";
import { shortAddress } from "@shared/short-address";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, conflict, notFound } from "../../http-errors";
import { isValidAddress } from "../../ledger/keys";
import { type Ledger, LedgerError } from "../../ledger/ledger";
import {
  associatedTokenAddress,
  buildTransferTransaction,
  checkSignedMatchesPrepared,
  prepareTransferTransaction,
  transferCostLamports,
} from "../../ledger/token-2022";
import type { AccountsRepo, WalletRow } from "../accounts/accounts.repo";
import type { WalletsService } from "../wallets/wallets.service";
import type { TokenRow, TokensRepo, TransferRow } from "./tokens.repo";
import type { TokensService } from "./tokens.service";

interface Deps {
  repo: TokensRepo;
  accountsRepo: AccountsRepo;
  tokens: TokensService;
  wallets: WalletsService;
  ledger: Ledger;
}

type TransferInput = Pick<TransferRequest, "to" | "amount" | "idempotencyKey">;
type WalletKind = WalletRow["kind"];

/** Sending a platform token from one of the caller's wallets. An embedded wallet's transfer is
 * signed here; an external wallet's is prepared here, signed in the browser and submitted
 * (the signed bytes must be exactly the prepared ones). Either way the row, with the signed
 * bytes and signature, is written before sending: a retry never sends twice, and a crash in
 * between is settled by `reconcilePending` at start-up. */
export class TransferService {
  constructor(private deps: Deps) {}

  /** Embedded wallet: the server signs for its owner. */
  async transfer(userId: string, mint: string, input: TransferInput): Promise<TransferResult> {
    const { token, amount } = await this.validate(mint, input);
    const replay = await this.replayIfKnown(userId, input, token, amount);
    if (replay) return replay;

    const { to, from } = await this.route(userId, token, input.to, amount, "embedded");
    if (from.kind !== "embedded")
      throw badRequest(
        "This token is in a wallet that signs in your browser: send it with your wallet.",
        undefined,
        "SIGN_WITH_WALLET",
      );
    const owner = await this.deps.wallets.signerFor(from);
    const blockhash = await this.deps.ledger.getLatestBlockhash();
    const id = randomUUID();
    const built = await buildTransferTransaction({
      owner,
      mint,
      destinationOwner: to,
      amount,
      decimals: token.decimals,
      blockhash,
      memo: transferMemo(id),
    });
    const row = await this.record(id, userId, token, from.publicKey, to, amount, input.idempotencyKey, {
      signature: built.signature,
      signedTransaction: built.wire,
      lastValidBlockHeight: blockhash.lastValidBlockHeight,
    });
    return this.send(row, built.wire, token);
  }

  /** External wallet, step 1: the unsigned transfer for the wallet that holds the tokens. */
  async prepare(userId: string, mint: string, input: TransferInput): Promise<PreparedTransfer> {
    const { token, amount } = await this.validate(mint, input);
    if (input.idempotencyKey) {
      const known = await this.deps.repo.transferByKey(userId, input.idempotencyKey);
      if (known?.status === "pending" && !known.signature && known.signedTransaction)
        return this.presentPrepared(known, known.signedTransaction, token.decimals);
      if (known?.status === "failed") await this.deps.repo.deleteTransfer(known.id);
      else if (known) throw conflict("This transfer was already sent", undefined, "IN_PROGRESS");
    }

    const { to, from } = await this.route(userId, token, input.to, amount, "external");
    if (from.kind !== "external")
      throw badRequest("This token is in your platform wallet: send it directly.");
    const blockhash = await this.deps.ledger.getLatestBlockhash();
    const id = randomUUID();
    const wire = await prepareTransferTransaction({
      owner: from.publicKey,
      mint,
      destinationOwner: to,
      amount,
      decimals: token.decimals,
      blockhash,
      memo: transferMemo(id),
    });
    // The prepared bytes are kept: the signed copy must carry exactly this message.
    const row = await this.record(id, userId, token, from.publicKey, to, amount, input.idempotencyKey, {
      signature: null,
      signedTransaction: wire,
      lastValidBlockHeight: blockhash.lastValidBlockHeight,
    });
    return this.presentPrepared(row, wire, token.decimals);
  }

  /** External wallet, step 2: the wallet's signed bytes must be exactly what was prepared. A
   * repeated submit resends the same bytes (same signature): it can never transfer twice. */
  async submit(
    userId: string,
    mint: string,
    transferId: string,
    signedBase64: string,
  ): Promise<TransferResult> {
    const row = await this.deps.repo.transferById(transferId);
    if (!row || row.userId !== userId || row.mintAddress !== mint) throw notFound("Transfer not found");
    const token = await this.deps.tokens.getByMint(row.mintAddress);
    if (row.status === "confirmed") return present(row, token.decimals);
    if (row.status === "failed")
      throw badRequest(row.failureReason ?? "This transfer failed. Please start again.");
    if (row.signature && row.signedTransaction) return this.send(row, row.signedTransaction, token);
    if (!row.signedTransaction) throw badRequest("This transfer was not prepared");
    const signed = new Uint8Array(Buffer.from(signedBase64, "base64"));
    const check = checkSignedMatchesPrepared(row.signedTransaction, signed, row.fromWallet);
    if (!check.ok) throw badRequest(check.reason, undefined, "TRANSACTION_REJECTED");
    const updated = await this.deps.repo.updateTransfer(row.id, {
      signature: check.signature,
      signedTransaction: signed,
    });
    return this.send(updated ?? row, signed, token);
  }

  /** Start-up: settle transfers that were recorded but whose outcome we did not see. */
  async reconcilePending(): Promise<{ confirmed: number; failed: number; resent: number }> {
    const result = { confirmed: 0, failed: 0, resent: 0 };
    const rows = await this.deps.repo.pendingTransfers();
    if (!rows.length) return result;
    const { ledger, repo } = this.deps;
    const signed = rows.filter((r) => r.signature);
    const statuses = await ledger.getSignatureStatuses(signed.map((r) => r.signature ?? ""));
    const height = await ledger.getBlockHeight();
    const expired = (r: TransferRow) => r.lastValidBlockHeight !== null && height > r.lastValidBlockHeight;
    for (const row of rows.filter((r) => !r.signature && expired(r))) {
      await this.markFailed(row, "The wallet did not sign the transfer in time. Please start again.");
      result.failed++;
    }
    for (const [i, row] of signed.entries()) {
      const status = statuses[i];
      if (status?.state === "confirmed") {
        await repo.updateTransfer(row.id, { status: "confirmed", signedTransaction: null });
        result.confirmed++;
      } else if (status?.state === "failed") {
        await this.markFailed(row, status.error ?? "The transfer transaction failed");
        result.failed++;
      } else if (expired(row)) {
        await this.markFailed(row, "The transfer expired before it was confirmed");
        result.failed++;
      } else if (row.signedTransaction) {
        // Same bytes, same signature: resending can never transfer twice.
        const token = await repo.byMint(row.mintAddress);
        if (token) await this.send(row, row.signedTransaction, token).catch(() => undefined);
        result.resent++;
      }
    }
    // Resent ones were confirmed behind (decision 001): settled means written.
    await repo.transfersWritten();
    return result;
  }

  private async validate(mint: string, input: TransferInput) {
    const token = await this.deps.tokens.getByMint(mint);
    if (token.status !== "active")
      throw badRequest("This token is not live yet", undefined, "TOKEN_NOT_LIVE");
    // Past what a token account can hold: no wallet holds it, so it is refused further on as
    // more than the sender holds, with their balance (pickSource), as any amount over it is.
    const typed = readTypedAmount(input.amount, token.decimals);
    if (!typed.ok && typed.reason === "too-large") return { token, amount: typed.units };
    // The form's own reading, so the server names the same fault ("… has at most 9 decimals").
    const read = parseTokenAmountInput(input.amount, token.decimals, token.symbol);
    if (!read.ok) {
      const reason = read.error ?? AMOUNT_POSITIVE_MESSAGE;
      throw badRequest(reason, { amount: reason });
    }
    return { token, amount: read.units };
  }

  /** An embedded transfer asked again under the same key: the same one answered again; the key
   * with another token, amount or recipient is refused (it would answer a transfer not asked). */
  private async replayIfKnown(userId: string, input: TransferInput, token: TokenRow, amount: bigint) {
    if (!input.idempotencyKey) return null;
    const row = await this.deps.repo.transferByKey(userId, input.idempotencyKey);
    if (!row) return null;
    const same =
      row.mintAddress === token.mintAddress &&
      row.amount === amount &&
      row.toWallet === (await this.resolveRecipient(input.to));
    if (!same && row.status !== "failed")
      throw conflict(
        "This idempotency key was used for another transfer",
        undefined,
        "IDEMPOTENCY_KEY_REUSED",
      );
    if (row.status === "confirmed") return present(row, token.decimals);
    if (row.status === "pending" && row.signature && row.signedTransaction)
      return this.send(row, row.signedTransaction, token);
    if (row.status === "pending")
      throw conflict("This transfer is already in progress", undefined, "IN_PROGRESS");
    // A failed attempt frees its key: the person fixed something and tries again.
    await this.deps.repo.deleteTransfer(row.id);
    return null;
  }

  /** Who receives, and which of the caller's wallets pays (it must afford the fee). */
  private async route(
    userId: string,
    token: TokenRow,
    recipient: string,
    amount: bigint,
    prefer: WalletKind,
  ) {
    const to = await this.resolveRecipient(recipient);
    // The curve's stock is what its vault held at opening, less what it sold: tokens sent
    // there would never come out again (the curve does not sell them).
    if (to === (await this.deps.tokens.marketVault(token.mintAddress)))
      throw badRequest(
        `That is ${token.symbol}'s market vault: tokens sent there could never come out. Choose another recipient`,
        { to: `That is ${token.symbol}'s market vault: choose another recipient` },
      );
    const { wallet: from, lamports } = await this.pickSource(userId, token, amount, prefer, to);
    if (from.publicKey === to)
      throw badRequest("That is your own wallet: choose another recipient", {
        to: "That is your own wallet: choose another recipient",
      });
    if (lamports < transferCostLamports())
      throw new LedgerError(
        `Not enough test SOL in your wallet ${shortAddress(from.publicKey)} for the network fee. Use Get Test SOL and try again.`,
        "insufficient_funds",
      );
    return { to, from };
  }

  /** A wallet address, or a platform username (their first wallet). */
  private async resolveRecipient(to: string): Promise<string> {
    const text = to.trim().replace(/^@/, "");
    if (isValidAddress(text)) return text;
    const user = await this.deps.accountsRepo.userByUsername(text);
    if (!user) {
      const reason = `No wallet address or user named "${text}"`;
      throw notFound(reason, { to: reason });
    }
    const [wallet] = await this.deps.accountsRepo.walletsOf(user.id);
    if (!wallet)
      throw badRequest(`${user.username} has no wallet yet`, {
        to: "This user has no wallet yet. Ask them to create a wallet, or paste a wallet address",
      });
    return wallet.publicKey;
  }

  /** The caller's wallet that sends: one holding enough of the token, other than the
   * recipient, of the `prefer` kind, and able to pay the fee, in that order of importance (a
   * creator's second wallet may hold the tokens while the first pays nothing). Its SOL comes
   * with it; the embedded ledger answers both from what it keeps beside its thread. */
  private async pickSource(userId: string, token: TokenRow, amount: bigint, prefer: WalletKind, to: string) {
    const wallets = await this.deps.accountsRepo.walletsOf(userId);
    const { ledger } = this.deps;
    const [balances, holdings] = await Promise.all([
      ledger.getBalances(wallets.map((w) => w.publicKey)),
      Promise.all(wallets.map((w) => ledger.getTokenAccountsByOwner(w.publicKey))),
    ]);
    // What each wallet can send: its associated account's balance.
    const held = wallets.map((w, i) => {
      const ata = associatedTokenAddress(w.publicKey, token.mintAddress);
      return holdings[i]?.find((h) => h.address === ata)?.amount ?? 0n;
    });
    const fee = transferCostLamports();
    // Weighted so each reason outranks all those after it together.
    const score = (i: number) => {
      const w = wallets[i] as WalletRow;
      return (
        (w.publicKey !== to ? 4 : 0) + (w.kind === prefer ? 2 : 0) + ((balances[i] ?? 0n) >= fee ? 1 : 0)
      );
    };
    const [best] = wallets
      .map((_, i) => i)
      .filter((i) => (held[i] ?? 0n) >= amount)
      .sort((a, b) => score(b) - score(a));
    if (best !== undefined) return { wallet: wallets[best] as WalletRow, lamports: balances[best] ?? 0n };
    const total = held.reduce((sum, h) => sum + h, 0n);
    if (total >= amount) {
      // Enough in all, but no one wallet holds it: say so, and how much one can send.
      let largest = 0n;
      for (const h of held) if (h > largest) largest = h;
      const reason = oneWalletMessage(formatAmount(largest, token.decimals), token.symbol);
      throw badRequest(reason, { amount: reason }, "NOT_ENOUGH_TOKENS");
    }
    throw badRequest(
      `Not enough ${token.symbol}: you have ${groupDigits(formatAmount(total, token.decimals))}`,
      { amount: moreThanHeldMessage(formatAmount(total, token.decimals), token.symbol) },
      "NOT_ENOUGH_TOKENS",
    );
  }

  private async record(
    id: string,
    userId: string,
    token: TokenRow,
    from: string,
    to: string,
    amount: bigint,
    idempotencyKey: string | undefined,
    signed: Pick<TransferRow, "signature" | "signedTransaction" | "lastValidBlockHeight">,
  ): Promise<TransferRow> {
    try {
      return await this.deps.repo.insertTransfer({
        id,
        userId,
        mintAddress: token.mintAddress,
        fromWallet: from,
        toWallet: to,
        amount,
        idempotencyKey: idempotencyKey ?? null,
        ...signed,
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict("This transfer is already in progress", undefined, "IN_PROGRESS");
      throw err;
    }
  }

  private async send(row: TransferRow, wire: Uint8Array, token: TokenRow): Promise<TransferResult> {
    try {
      await this.deps.ledger.sendTransaction(wire);
    } catch (err) {
      if (err instanceof LedgerError && err.code === "already_processed") {
        // Sent before (a retry, or a crash after sending): the chain's word decides.
        const [status] = await this.deps.ledger.getSignatureStatuses([row.signature ?? ""]);
        if (status?.state !== "confirmed") throw err;
      } else {
        // "unavailable" may still have reached the chain: reconciliation decides later.
        if (err instanceof LedgerError && err.code !== "unavailable") await this.markFailed(row, err.message);
        throw err;
      }
    }
    await this.deps.repo.confirmTransfer(row.id);
    return present(row, token.decimals);
  }

  private async markFailed(row: TransferRow, reason: string): Promise<void> {
    await this.deps.repo.updateTransfer(row.id, {
      status: "failed",
      failureReason: reason,
      signedTransaction: null,
    });
  }

  private presentPrepared(row: TransferRow, wire: Uint8Array, decimals: number): PreparedTransfer {
    return {
      transferId: row.id,
      from: row.fromWallet,
      to: row.toWallet,
      amount: formatAmount(row.amount, decimals),
      transaction: Buffer.from(wire).toString("base64"),
    };
  }
}

/** On chain beside each transfer: its row's id keeps equal transfers apart (memo.ts). */
const transferMemo = (id: string) => `transfer ${id}`;

function present(row: TransferRow, decimals: number): TransferResult {
  return { signature: row.signature ?? "", to: row.toWallet, amount: formatAmount(row.amount, decimals) };
}
