import type { User } from "@shared/schemas/auth";
import bs58 from "bs58";
import { isUniqueViolation } from "../../db/errors";
import { conflict, tooManyRequests, unauthorized } from "../../http-errors";
import { verifySignature } from "../../ledger/keys";
import type { AccountsRepo, UserRow } from "./accounts.repo";
import type { LoginThrottle } from "./login-throttle";
import { hashPassword, verifyPassword } from "./passwords";
import { CHALLENGE_TTL_MS, formatSignInMessage, newNonce, nonceOf } from "./sign-in-message";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const WALLET_SIGNIN_REFUSED = "Wallet sign-in failed: sign a fresh sign-in message with that wallet";

interface Deps {
  repo: AccountsRepo;
  throttle: LoginThrottle;
  now?: () => Date;
}

/** Email and wallet accounts. No HTTP here: routes translate. */
export class AccountsService {
  private now: () => Date;
  constructor(private deps: Deps) {
    this.now = deps.now ?? (() => new Date());
  }

  get repo() {
    return this.deps.repo;
  }

  async register(input: {
    username: string;
    email: string;
    password: string;
    isDemo?: boolean;
  }): Promise<UserRow> {
    const { repo } = this.deps;
    if (await repo.userByEmail(input.email))
      throw conflict("Email already registered", { email: "Email already registered" }, "EMAIL_TAKEN");
    if (await repo.userByUsername(input.username))
      throw conflict("Username already taken", { username: "Username already taken" }, "USERNAME_TAKEN");
    const passwordHash = await hashPassword(input.password);
    try {
      return await repo.insertUser({
        username: input.username,
        email: input.email,
        passwordHash,
        isDemo: input.isDemo ?? false,
      });
    } catch (err) {
      // Two sign-ups racing for the same email or username: the index decides.
      if (isUniqueViolation(err, "users_email_unique"))
        throw conflict("Email already registered", { email: "Email already registered" }, "EMAIL_TAKEN");
      if (isUniqueViolation(err, "users_username_lower"))
        throw conflict("Username already taken", { username: "Username already taken" }, "USERNAME_TAKEN");
      throw err;
    }
  }

  async loginWithEmail(email: string, password: string, ip: string): Promise<UserRow> {
    const { repo, throttle } = this.deps;
    if (throttle.isBlocked(email, ip))
      throw tooManyRequests("Too many failed sign-in attempts. Try again in 15 minutes.");
    const user = await repo.userByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) {
      throttle.recordFailure(email, ip);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    throttle.recordSuccess(email, ip);
    return user;
  }

  async issueChallenge(address: string, site: { domain: string; uri: string }) {
    const issuedAt = this.now();
    const expiresAt = new Date(issuedAt.getTime() + CHALLENGE_TTL_MS);
    const nonce = newNonce();
    const message = formatSignInMessage({ ...site, address, nonce, issuedAt, expiresAt });
    await this.deps.repo.insertChallenge({ nonce, address, message, expiresAt });
    return { message, nonce, expiresAt: expiresAt.toISOString() };
  }

  /** Proves `address` signed a message we issued to it, unexpired and unused; burns the nonce. */
  async verifyWalletProof(address: string, message: string, signature: string): Promise<void> {
    const nonce = nonceOf(message);
    const issued = nonce ? await this.deps.repo.challenge(nonce) : null;
    if (!nonce || !issued || issued.message !== message || issued.address !== address)
      throw unauthorized(WALLET_SIGNIN_REFUSED);
    let sig: Uint8Array;
    try {
      sig = bs58.decode(signature);
    } catch {
      throw unauthorized(WALLET_SIGNIN_REFUSED);
    }
    const valid =
      sig.length === 64 && (await verifySignature(address, new TextEncoder().encode(message), sig));
    if (!valid) throw unauthorized(WALLET_SIGNIN_REFUSED);
    if (!(await this.deps.repo.burnChallenge(nonce, this.now()))) throw unauthorized(WALLET_SIGNIN_REFUSED);
  }

  /** Wallet sign-in; the first sign-in creates the account. */
  async loginWithWallet(address: string, message: string, signature: string): Promise<UserRow> {
    await this.verifyWalletProof(address, message, signature);
    const { repo } = this.deps;
    const wallet = await repo.walletByPublicKey(address);
    if (wallet) {
      const user = await repo.userById(wallet.userId);
      if (user) return user;
    }
    const user = await repo.insertUser({});
    try {
      await repo.insertWallet({
        id: crypto.randomUUID(),
        userId: user.id,
        publicKey: address,
        kind: "external",
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // The same wallet signed in twice at once: the other request created the account.
      const winner = await repo.walletByPublicKey(address);
      const existing = winner && (await repo.userById(winner.userId));
      if (existing) return existing;
      throw err;
    }
    return user;
  }

  async present(userId: string): Promise<User | null> {
    const { repo } = this.deps;
    const user = await repo.userById(userId);
    if (!user) return null;
    const walletRows = await repo.walletsOf(userId);
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      isDemo: user.isDemo,
      wallets: walletRows.map((w) => ({ publicKey: w.publicKey, kind: w.kind })),
      createdAt: user.createdAt.toISOString(),
    };
  }
}
