import { hash, verify } from "@node-rs/argon2";
import { Semaphore } from "../../lib/semaphore";

// OWASP minimum for argon2id: m=19 MiB, t=2, p=1.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 }; // argon2id is the default algorithm

// Hashing runs on libuv's thread pool (4 threads, shared with file and crypto work); two at
// a time leaves threads for the rest, so a login flood queues here instead of starving them.
const hashing = new Semaphore(2);

export const hashPassword = (password: string) => hashing.run(() => hash(password, OPTIONS));

// Checked against when the email is unknown, so the answer takes as long as a wrong password.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword("not-a-real-password-for-timing");
    const dummy = await dummyHash;
    await hashing.run(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  return hashing.run(() => verify(stored, password)).catch(() => false);
}
