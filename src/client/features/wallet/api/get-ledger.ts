import type { LedgerInfo } from "@shared/schemas/ledger";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";

/** GET /api/ledger: which chain the platform runs on. */
export function getLedger(): Promise<LedgerInfo> {
  return apiGet<LedgerInfo>("/api/ledger");
}

export function useLedger() {
  return useQuery({ queryKey: ["ledger"], queryFn: getLedger });
}

/** Where to look a mint up: the devnet explorer on devnet, our own token page otherwise. */
export function explorerUrlFor(
  mint: string,
  ledger: LedgerInfo | undefined,
  fromApi?: string | null,
): string {
  if (fromApi) return fromApi;
  if (ledger?.explorer === "devnet") return `https://explorer.solana.com/address/${mint}?cluster=devnet`;
  return `/token/${mint}`;
}
