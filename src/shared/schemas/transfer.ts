import { z } from "zod";
import { text } from "./text";

// POST /api/tokens/:mint/transfer and .../transfer/prepare take TransferSchema (schemas/token).

/** A transfer that reached the chain: its transaction id, the recipient's wallet, the amount. */
export const TransferResultSchema = z.object({
  signature: z.string(),
  to: z.string(),
  amount: z.string(),
});
export type TransferResult = z.infer<typeof TransferResultSchema>;

/** POST /api/tokens/:mint/transfer/prepare: the transfer for an external wallet to sign. */
export const PreparedTransferSchema = z.object({
  transferId: z.string(),
  /** The wallet that must sign (the caller's external wallet holding enough). */
  from: z.string(),
  to: z.string(),
  amount: z.string(),
  /** base64 wire transaction, unsigned: the wallet adds its signature. */
  transaction: z.string(),
});
export type PreparedTransfer = z.infer<typeof PreparedTransferSchema>;

/** POST /api/tokens/transfer/submit: the wallet's signed copy of a prepared transfer. */
export const SubmitTransferSchema = z.object({
  transferId: text().min(1, "transferId is required").max(64),
  transaction: text().min(1, "Sign the transaction with your wallet").max(4000),
});
export type SubmitTransferRequest = z.infer<typeof SubmitTransferSchema>;
