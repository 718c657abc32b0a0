import type { TransferRequest } from "@shared/schemas/token";
import type { PreparedTransfer, SubmitTransferRequest, TransferResult } from "@shared/schemas/transfer";
import { apiPost } from "@/lib/api";

const base = (mint: string) => `/api/tokens/${encodeURIComponent(mint)}/transfer`;

/** POST /api/tokens/{mint}/transfer: from the caller's embedded wallet (the server signs). */
export function transferToken(mint: string, body: TransferRequest): Promise<TransferResult> {
  return apiPost<TransferResult>(base(mint), body);
}

/** POST /api/tokens/{mint}/transfer/prepare: the unsigned transfer for the caller's browser wallet. */
export function prepareTransfer(mint: string, body: TransferRequest): Promise<PreparedTransfer> {
  return apiPost<PreparedTransfer>(`${base(mint)}/prepare`, body);
}

/** POST /api/tokens/{mint}/transfer/submit: the wallet's signed copy; the server checks and sends it. */
export function submitTransfer(mint: string, body: SubmitTransferRequest): Promise<TransferResult> {
  return apiPost<TransferResult>(`${base(mint)}/submit`, body);
}
