import type { User } from "@shared/schemas/auth";
import bs58 from "bs58";
import { isUniqueViolation } from "../../db/errors";
import { conflict, HttpError, sessionExpired, unauthorized } from "../../http-errors";
import { verifySignature } from "../../ledger/keys";
import type { AccountsRepo, UserRow } from "./accounts.repo";
import type { LoginThrottle } from "./login-throttle";
import { hashPassword, verifyPassword } from "./passwords";
import { CHALLENGE_TTL_MS, formatSignInMessage, newNonce, nonceOf } from "./sign-in-message";
import { TrustedDevices } from "./trusted-device";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const WALLET_SIGNIN_REFUSED = "Wallet sign-in failed: sign a fresh sign-in message with that wallet";

/** A sign-in refused for now; routes send `retryAfterSeconds` as Retry-After. */
export class LoginThrottledError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(waitMs: number) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const minutes = Math.ceil(seconds / 60);
    const after = seconds < 60 ? `${seconds} seconds` : minutes === 1 ? "1 minute" : `${minutes} minutes`;
    super(429, `Too many failed sign-in attempts. Try again in ${after}.`);
    this.retryAfterSeconds = seconds;
  }
}

interface Deps {
  repo: AccountsRepo;
  throttle: LoginThrottle;
  devices?: TrustedDevices;
  now?: () => Date;
}

/** Email and wallet accounts. No HTTP here: routes translate. */
export class AccountsService {
  private now: () => Date;
  private devices: TrustedDevices;
  constructor(private deps: Deps) {
    this.now = deps.now ?? (() => new Date());
    this.devices = deps.devices ?? new TrustedDevices();
  }

  /** A trusted-device token for a browser that just proved it knows the account's password. */
  trustDevice(userId: string): string {
    return this.devices.issue(userId);
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

  /** `deviceToken`: the browser's trusted-device cookie, if any. Refused attempts (429) are
   * answered before any hashing; unknown emails are throttled and hashed like real ones. */
  async loginWithEmail(email: string, password: string, ip: string, deviceToken?: string): Promise<UserRow> {
    const { repo, throttle } = this.deps;
    const user = await repo.userByEmail(email);
    const device = user ? this.devices.verify(deviceToken, user.id) : null;
    const attempt = { account: email, known: user !== null, ip, device };
    const wait = await throttle.wait(attempt);
    if (wait > 0) throw new LoginThrottledError(wait);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) {
      await throttle.recordFailure(attempt);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await throttle.recordSuccess(attempt);
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

  /** The user a request just signed in, created or changed: gone only if deleted meanwhile,
   * and then the session is dead too. */
  async presentExisting(userId: string): Promise<User> {
    const user = await this.present(userId);
    if (!user) throw sessionExpired();
    return user;
  }
}
