import type { MetadataLock, PreparedMetadataLock } from "@shared/schemas/trust";
import { isAddress } from "@solana/kit";
import { badRequest, forbidden, HttpError, notFound } from "../../http-errors";
import { type Ledger, LedgerError } from "../../ledger/ledger";
import {
  buildLockMetadataTransaction,
  checkSignedMatchesPrepared,
  prepareLockMetadataTransaction,
} from "../../ledger/token-2022";
import { decodeMintAccount } from "../../ledger/token-state";
import type { AccountsRepo, WalletRow } from "../accounts/accounts.repo";
import type { WalletsService } from "../wallets/wallets.service";
import { controlFacts } from "./trust-facts";

interface Deps {
  ledger: Ledger;
  accountsRepo: AccountsRepo;
  wallets: WalletsService;
  /** The mint's metadata changed (its trust report is stale). */
  onLocked: (mint: string) => void;
}

/** The creator's one trust action (docs/trust.md): making a token's metadata immutable on
 * chain, Token-2022 UpdateTokenMetadataUpdateAuthority to none, signed by the caller's wallet
 * holding the update authority. */
export class MetadataLockService {
  constructor(private deps: Deps) {}

  /** Embedded wallet: the server signs the lock with the update authority's key and sends it.
   * Idempotent: metadata already immutable answers its state. Nothing is recorded first
   * because nothing needs settling: the ledger journals the transaction before answering,
   * and a retry after any failure reads the chain again (locked: done; not: sent anew). */
  async lockMetadata(mint: string, userId: string): Promise<MetadataLock> {
    const target = await this.lockTarget(mint, userId);
    if (!target) return { mint, locked: true, signature: null };
    if (target.kind !== "embedded")
      throw badRequest(
        "The metadata's update authority is a wallet that signs in your browser: lock it with your wallet.",
        undefined,
        "SIGN_WITH_WALLET",
      );
    const authority = await this.deps.wallets.signerFor(target);
    const blockhash = await this.deps.ledger.getLatestBlockhash();
    const built = await buildLockMetadataTransaction({ authority, mint, blockhash });
    const signature = await this.send(built.wire, built.signature);
    this.deps.onLocked(mint);
    return { mint, locked: true, signature };
  }

  /** External wallet, step 1: the unsigned lock for the update authority's wallet. Nothing is
   * kept: the lock id is the blockhash it was built on, so any API node can rebuild the same
   * bytes at submit (the message depends only on mint, authority and blockhash). */
  async prepareLock(mint: string, userId: string): Promise<PreparedMetadataLock> {
    const target = await this.lockTarget(mint, userId);
    if (!target) throw badRequest("The metadata is already immutable", undefined, "ALREADY_PROCESSED");
    if (target.kind !== "external")
      throw badRequest("The metadata's update authority is your platform wallet: lock it directly.");
    const blockhash = await this.deps.ledger.getLatestBlockhash();
    const wire = await prepareLockMetadataTransaction({ authority: target.publicKey, mint, blockhash });
    return {
      lockId: blockhash.blockhash,
      authority: target.publicKey,
      transaction: Buffer.from(wire).toString("base64"),
    };
  }

  /** External wallet, step 2: the signed bytes must be exactly the prepared ones. */
  async submitLock(
    mint: string,
    userId: string,
    lockId: string,
    signedBase64: string,
  ): Promise<MetadataLock> {
    const target = await this.lockTarget(mint, userId);
    if (!target) return { mint, locked: true, signature: null };
    if (!isAddress(lockId) || !(await this.deps.ledger.isBlockhashValid(lockId)))
      throw new HttpError(410, "This lock expired. Please start again.", undefined, "PREPARE_EXPIRED");
    const prepared = await prepareLockMetadataTransaction({
      authority: target.publicKey,
      mint,
      blockhash: { blockhash: lockId, lastValidBlockHeight: 0n },
    });
    const signed = new Uint8Array(Buffer.from(signedBase64, "base64"));
    const check = checkSignedMatchesPrepared(prepared, signed, target.publicKey);
    if (!check.ok) throw badRequest(check.reason, undefined, "TRANSACTION_REJECTED");
    const signature = await this.send(signed, check.signature);
    this.deps.onLocked(mint);
    return { mint, locked: true, signature };
  }

  /** The caller's wallet holding the update authority; null when already immutable. */
  private async lockTarget(mint: string, userId: string): Promise<WalletRow | null> {
    const account = await this.deps.ledger.getAccount(mint);
    const decoded = account && decodeMintAccount(account);
    if (!decoded) throw notFound("Token not found");
    const facts = controlFacts(decoded);
    if (facts.metadata === "none")
      throw badRequest("This token has no metadata in its mint to lock", undefined, "BAD_REQUEST");
    if (!facts.updateAuthority) return null;
    const wallet = await this.deps.accountsRepo.walletByPublicKey(facts.updateAuthority);
    if (!wallet || wallet.userId !== userId)
      throw forbidden(
        "Only the holder of the metadata's update authority can lock it",
        "NOT_UPDATE_AUTHORITY",
      );
    return wallet;
  }

  /** Sends the lock; the same bytes already landed (a retry) count as sent. Other refusals
   * reach the client through the error handler (a LedgerError names its cause). */
  private async send(wire: Uint8Array, signature: string): Promise<string> {
    try {
      return await this.deps.ledger.sendTransaction(wire);
    } catch (err) {
      if (err instanceof LedgerError && err.code === "already_processed") return signature;
      throw err;
    }
  }
}
