import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Trusted-device cookies (OWASP "device cookies"): after a successful sign-in the browser
 * gets `<id>.<HMAC(userId.id)>`; it proves this browser signed in to that account before,
 * which lets it past the login delays an attacker can cause. The key is derived from the
 * wallet master key (services.ts), so every API node accepts a cookie any of them issued;
 * without one (tests), a random key: a restart makes browsers wait like strangers. */
export class TrustedDevices {
  constructor(private key: Buffer = randomBytes(32)) {}

  issue(userId: string): string {
    const id = randomBytes(16).toString("base64url");
    return `${id}.${this.mac(userId, id)}`;
  }

  /** The device id when `token` was issued to `userId`, else null. */
  verify(token: string | undefined, userId: string): string | null {
    const [id, mac, extra] = (token ?? "").split(".");
    if (!id || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(userId, id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  private mac(userId: string, id: string): string {
    return createHmac("sha256", this.key).update(`${userId}.${id}`).digest("base64url");
  }
}
