import { hash, verify } from "@node-rs/argon2";

// OWASP minimum for argon2id: m=19 MiB, t=2, p=1.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 }; // argon2id is the default algorithm

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Checked against when the email is unknown, so the answer takes as long as a wrong password.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword("not-a-real-password-for-timing");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
