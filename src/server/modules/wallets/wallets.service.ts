import { randomUUID } from "node:crypto";
import { formatAmount } from "@shared/amounts";
import { LAMPORTS_PER_SOL, TEST_AIRDROP_SOL } from "@shared/constants";
import { isUniqueViolation } from "../../db/errors";
import { conflict, forbidden, notFound } from "../../http-errors";
import {
  generateSeed,
  publicKeyFromSeed,
  type Signer,
  secretKeyBase58,
  signerFromSeed,
} from "../../ledger/keys";
import type { Ledger } from "../../ledger/ledger";
import { BoundedCache } from "../../lib/bounded-cache";
import type { AccountsRepo, UserRow, WalletRow } from "../accounts/accounts.repo";
import type { AccountsService } from "../accounts/accounts.service";
import type { Custody } from "./custody";

// Unsealing a seed costs a key unwrap and a decryption per launch or transfer. The signer
// keeps its key object in a closure (never serialized, never logged) for a short while.
const SIGNER_TTL_MS = 10 * 60_000;

interface Deps {
  repo: AccountsRepo;
  accounts: AccountsService;
  custody: Custody;
  ledger: Ledger;
}

export const solText = (lamports: bigint) => formatAmount(lamports, 9);

/** Embedded wallets (server custody, sealed seeds), linked external wallets, test SOL. */
export class WalletsService {
  /** Immutable (a wallet's key never changes): the TTL only bounds how long a key is held. */
  private signers = new BoundedCache<string, Signer>({ max: 10_000, ttlMs: SIGNER_TTL_MS });

  constructor(private deps: Deps) {}

  /** A new embedded wallet for `userId`, or for a new wallet-only account when null. The
   * secret key is returned this once, for the owner's backup; only its sealed seed is kept. */
  async generate(userId: string | null): Promise<{ user: UserRow; publicKey: string; privateKey: string }> {
    const { repo, custody } = this.deps;
    const user = userId ? await repo.userById(userId) : await repo.insertUser({});
    if (!user) throw notFound("Account not found");
    const seed = generateSeed();
    try {
      const publicKey = await publicKeyFromSeed(seed);
      const id = randomUUID();
      const sealed = custody.seal(seed, { walletId: id, userId: user.id });
      await repo.insertWallet({ id, userId: user.id, publicKey, kind: "embedded", ...sealed });
      return { user, publicKey, privateKey: await secretKeyBase58(seed) };
    } finally {
      seed.fill(0);
    }
  }

  /** Adds an external wallet to the account after it proved control by signing our message. */
  async link(userId: string, address: string, message: string, signature: string): Promise<void> {
    await this.deps.accounts.verifyWalletProof(address, message, signature);
    const existing = await this.deps.repo.walletByPublicKey(address);
    if (existing) {
      if (existing.userId === userId) return;
      throw conflict("That wallet belongs to another account");
    }
    try {
      await this.deps.repo.insertWallet({ id: randomUUID(), userId, publicKey: address, kind: "external" });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict("That wallet belongs to another account");
      throw err;
    }
  }

  async list(userId: string) {
    const rows = await this.deps.repo.walletsOf(userId);
    const balances = rows.length ? await this.deps.ledger.getBalances(rows.map((w) => w.publicKey)) : [];
    return rows.map((w, i) => {
      const lamports = balances[i] ?? 0n;
      return {
        publicKey: w.publicKey,
        kind: w.kind,
        lamports: lamports.toString(),
        sol: solText(lamports),
      };
    });
  }

  /** The caller's own wallet, or 403: nobody acts through someone else's wallet. */
  async ownWallet(userId: string, address: string, action: string): Promise<WalletRow> {
    const wallet = await this.deps.repo.walletByPublicKey(address);
    if (!wallet || wallet.userId !== userId) throw forbidden(`You can only ${action} with your own wallets`);
    return wallet;
  }

  /** Test SOL to the caller's own wallet (limited per account and per address by the route). */
  async airdrop(userId: string, address: string) {
    await this.ownWallet(userId, address, "request test SOL");
    const signature = await this.deps.ledger.airdrop(address, BigInt(TEST_AIRDROP_SOL) * LAMPORTS_PER_SOL);
    const lamports = await this.deps.ledger.getBalance(address);
    return { signature, lamports: lamports.toString(), sol: solText(lamports) };
  }

  /** A signer for an embedded wallet (kept for SIGNER_TTL_MS; the seed bytes live only while unsealing). */
  async signerFor(wallet: WalletRow): Promise<Signer> {
    if (wallet.kind !== "embedded") throw forbidden("This wallet signs in your browser");
    const cached = this.signers.get(wallet.id);
    if (cached) return cached;
    const signer = await this.unseal(wallet);
    this.signers.set(wallet.id, signer);
    return signer;
  }

  private async unseal(wallet: WalletRow): Promise<Signer> {
    if (!wallet.encryptedSeed || !wallet.wrappedKey || !wallet.keyId)
      throw forbidden("This wallet signs in your browser");
    const seed = this.deps.custody.open(
      {
        encryptedSeed: wallet.encryptedSeed,
        wrappedKey: wallet.wrappedKey,
        keyId: wallet.keyId,
        keyVersion: wallet.keyVersion ?? 1,
      },
      { walletId: wallet.id, userId: wallet.userId },
    );
    try {
      return signerFromSeed(seed);
    } finally {
      seed.fill(0);
    }
  }
}
