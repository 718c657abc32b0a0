import { bigint, text } from "drizzle-orm/pg-core";
import { bytea } from "./accounts";

/** The columns of a chain write recorded before it is sent (launches, transfers, markets,
 * trades, rewards, reward NFTs): its signed bytes and signature, the block height past which it
 * can no longer land (reconciliation resends until then), and why it failed. */
export const recordedSend = () => ({
  signature: text("signature"),
  signedTransaction: bytea("signed_transaction"),
  lastValidBlockHeight: bigint("last_valid_block_height", { mode: "bigint" }),
  failureReason: text("failure_reason"),
});

/** A recorded send's columns before anything is signed or sent: a new row's defaults. */
export const NOT_YET_SENT = {
  status: "pending",
  signature: null,
  signedTransaction: null,
  lastValidBlockHeight: null,
  failureReason: null,
} as const;
