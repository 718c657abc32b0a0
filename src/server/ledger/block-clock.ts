import { createHash } from "node:crypto";
import bs58 from "bs58";
import type { Blockhash } from "./ledger";

// Slots and blockhashes of the embedded ledger, following wall time like a real cluster:
// one slot per 400 ms, a new blockhash every slot, each valid for 150 slots (about a
// minute). LiteSVM itself only knows one "latest" blockhash, which would make concurrent
// launches built a moment apart fail; so its check is off and this class decides.
// Blockhashes derive from a secret and the slot number, so a blockhash handed out before a
// restart is still recognised after it without storing anything.

export const SLOT_MS = 400;
export const BLOCKHASH_VALID_SLOTS = 150n;
/** Slot 0 of the embedded chain: an arbitrary fixed instant, so slots need no storage. */
const GENESIS_MS = Date.UTC(2025, 0, 1);

export class BlockClock {
  private lastSlot = 0n;
  private readonly known = new Map<string, bigint>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current slot; never goes backwards even if the wall clock does. */
  slot(): bigint {
    const fromWallClock = BigInt(Math.floor((this.now() - GENESIS_MS) / SLOT_MS));
    if (fromWallClock > this.lastSlot) this.lastSlot = fromWallClock;
    return this.lastSlot;
  }

  /** Unix seconds for the Clock sysvar and block times. */
  unixTimestamp(): bigint {
    return BigInt(Math.floor(this.now() / 1000));
  }

  /** After a replay, make sure slots continue after the last journaled one. */
  observeSlot(slot: bigint): void {
    if (slot > this.lastSlot) this.lastSlot = slot;
  }

  private hashFor(slot: bigint): string {
    const digest = createHash("sha256").update(this.secret).update(slot.toString()).digest();
    const hash = bs58.encode(digest);
    this.known.set(hash, slot);
    return hash;
  }

  latest(): Blockhash {
    const slot = this.slot();
    this.prune(slot);
    return { blockhash: this.hashFor(slot), lastValidBlockHeight: slot + BLOCKHASH_VALID_SLOTS };
  }

  /** "valid", "expired" (ours but too old) or "unknown" (never issued by this chain). */
  check(blockhash: string): "valid" | "expired" | "unknown" {
    const current = this.slot();
    let issued = this.known.get(blockhash);
    if (issued === undefined) {
      // Not in the cache (e.g. issued before a restart): recompute the valid window once.
      for (let s = current - BLOCKHASH_VALID_SLOTS; s <= current; s++) if (s >= 0n) this.hashFor(s);
      issued = this.known.get(blockhash);
    }
    if (issued === undefined) return "unknown";
    return issued + BLOCKHASH_VALID_SLOTS >= current ? "valid" : "expired";
  }

  private prune(current: bigint): void {
    if (this.known.size < 1024) return;
    for (const [hash, slot] of this.known)
      if (slot + BLOCKHASH_VALID_SLOTS * 2n < current) this.known.delete(hash);
  }
}
