import { randomBytes } from "node:crypto";

/** Sign-In-With-Solana style message. The server issues it and later checks that the signed
 * text is exactly what it issued; parsing here only pulls the nonce out to find the record. */
export interface SignInMessage {
  domain: string;
  address: string;
  uri: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}

export const CHALLENGE_TTL_MS = 10 * 60_000;

export function newNonce(): string {
  return randomBytes(16).toString("hex"); // 128 bits
}

export function formatSignInMessage(m: SignInMessage): string {
  return [
    `${m.domain} wants you to sign in with your Solana account:`,
    m.address,
    "",
    "Sign in to CreatorCoin. This request will not trigger a blockchain transaction or cost any fees.",
    "",
    `URI: ${m.uri}`,
    "Version: 1",
    "Chain ID: devnet",
    `Nonce: ${m.nonce}`,
    `Issued At: ${m.issuedAt.toISOString()}`,
    `Expiration Time: ${m.expiresAt.toISOString()}`,
  ].join("\n");
}

/** The nonce line of a message, or null when the text is not shaped like ours. */
export function nonceOf(message: string): string | null {
  const match = /^Nonce: ([0-9a-f]{32})$/m.exec(message);
  return match?.[1] ?? null;
}
