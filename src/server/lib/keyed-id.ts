import { createHash } from "node:crypto";

/** A row id that follows from who asked, for what, and their idempotency key: the same
 * request again names the same row, so it is found instead of written twice. */
export function keyedId(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\n")).digest("hex").slice(0, 32);
}
