import type { LiteSVM } from "litesvm";
import type { LiteSvm as NativeLiteSvm } from "litesvm/dist/internal";

// LiteSVM's JavaScript class wraps a native binding and converts every address and
// transaction through kit codecs on each call (base58 via BigInt, decode and re-encode of the
// transaction). The embedded ledger's hot path talks to the same binding with raw bytes
// instead; everything else keeps using the public class.

export type { NativeLiteSvm };

export function nativeOf(svm: LiteSVM): NativeLiteSvm {
  const inner = (svm as unknown as { inner?: NativeLiteSvm }).inner;
  if (!inner || typeof inner.sendVersionedTransaction !== "function") {
    throw new Error("This litesvm version does not expose its native binding as expected");
  }
  return inner;
}
